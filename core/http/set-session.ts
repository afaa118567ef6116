/**
 * The set-session call: `OPTIONS /api/set-session/` answers 204 and gives a browser that has no
 * `csrftoken` cookie its cookie (server/security/csrf.ts). Every page and call already sets it;
 * a page served from a shared cache in front of the site (a CDN strips Set-Cookie) or a tab whose
 * cookies were cleared has none, and its first state-changing call would be refused. In
 * production and on stage the page asks for it once on load when the cookie is missing.
 */
export const SET_SESSION_PATH = '/api/set-session/';
