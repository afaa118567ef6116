/**
 * Showing a signed-in phone without libphonenumber's metadata (the header is on every page).
 * The calling codes are those of the supported countries; phone.test.ts checks them against
 * PHONE_COUNTRIES.
 */
export const DISPLAY_CALLING_CODES = [
  '7',
  '994',
  '374',
  '375',
  '996',
  '992',
  '998',
  '372',
  '995',
  '370',
  '371',
  '373',
];

/** The supported country calling code a full number begins with; '' when none. */
function callingCodeOf(digits: string): string {
  // Longest first, so '37x' codes are not read as something shorter.
  return (
    [...DISPLAY_CALLING_CODES].sort((a, b) => b.length - a.length).find((code) => digits.startsWith(code)) ??
    ''
  );
}

/** Masks a signed-in phone for the header: '79001234567' → '+7 900 ***-**-67'. */
export function maskPhoneForDisplay(digits: string): string {
  if (!/^\d+$/.test(digits)) return '';
  const code = callingCodeOf(digits);
  const national = digits.slice(code.length);
  if (national.length < 5) return `+${digits}`;
  const head = national.slice(0, 3);
  const tail = national.slice(-2);
  const hidden = national.slice(3, -2).replace(/\d/g, '*');
  // Group the hidden middle like the mask: '*****' → '***-**'.
  const grouped = hidden.length > 3 ? `${hidden.slice(0, hidden.length - 2)}-${hidden.slice(-2)}` : hidden;
  return `+${code ? `${code} ` : ''}${head} ${grouped}-${tail}`;
}
