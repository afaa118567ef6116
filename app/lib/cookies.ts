/**
 * Cookies the browser itself sets: the promo blocks' "hidden" marks, which the server reads on the
 * next page. Each value comes whole from core (name, value, path, max-age), so no cookie library is
 * needed; the Cookie Store API is async and newer than some browsers we serve, so `document.cookie`.
 */
export function setCookie(serialized: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the one writer (see above)
  document.cookie = serialized;
}

/** Whether the document carries `name=value` among its cookies. */
export function hasCookie(name: string, value: string): boolean {
  return document.cookie.split(/;\s*/).includes(`${name}=${value}`);
}
