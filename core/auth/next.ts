/**
 * The `?next=` return address after sign-in: only a path on this site, so a crafted link
 * cannot send a freshly signed-in visitor elsewhere ('//evil.example', 'https://…', '/\\evil').
 * The path is judged after its dot segments are resolved (as the browser will resolve them):
 * '/..//evil.example', '/%2e%2e//evil.example' and '/moskva/../..//evil.example' all become
 * '//evil.example', another host.
 */
export function safeNextPath(raw: string | null | undefined, fallback = '/'): string {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return fallback;
  // Control characters and backslashes let browsers reinterpret the path as another host.
  for (const ch of raw) if (ch === '\\' || ch.charCodeAt(0) < 0x20) return fallback;
  try {
    const url = new URL(raw, 'http://same.invalid');
    if (url.host !== 'same.invalid') return fallback;
    // Resolved, the path must still name no host: '//host/…' is protocol-relative.
    if (url.pathname.startsWith('//')) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
