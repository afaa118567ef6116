/** A LIKE/ILIKE pattern for a literal substring: %, _ and \ typed by a visitor match themselves. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
