/** '74951234567' → '+7 (495) 123-45-67'; other lengths are shown as '+digits'. */
export function formatPhone(digits: string): string {
  const m = /^7(\d{3})(\d{3})(\d{2})(\d{2})$/.exec(digits);
  return m ? `+7 (${m[1]}) ${m[2]}-${m[3]}-${m[4]}` : `+${digits}`;
}
