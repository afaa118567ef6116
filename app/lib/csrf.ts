/** The CSRF token the server set in the `csrftoken` cookie; state-changing calls echo it in `X-CSRFToken`. */
export function csrfToken(): string {
  return /(?:^|;\s*)csrftoken=([^;]+)/.exec(document.cookie)?.[1] ?? '';
}
