/**
 * The clinic's website as its page links it: only an http(s) address is a link (the cabinet
 * accepts nothing else, older data may hold anything), shown by its host without 'www.'.
 */
export function websiteLink(raw: string | null | undefined): { href: string; label: string } | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // 'https://good.ru@evil.ru' would read as one site and lead to another.
  if (url.username || url.password) return null;
  // The host as written (a Cyrillic domain stays Cyrillic, not punycode), without 'www.'.
  const host = raw
    .trim()
    .replace(/^https?:\/\//i, '')
    .split(/[/?#:]/)[0]
    .toLowerCase();
  return { href: url.href, label: host.replace(/^www\./, '') };
}
