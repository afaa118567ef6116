/** PostgreSQL error codes the app answers rather than reports (https://www.postgresql.org/docs/current/errcodes-appendix.html). */
export const PG_ERRORS = {
  uniqueViolation: '23505',
  exclusionViolation: '23P01',
} as const;

/**
 * The SQLSTATE of a database error, whichever driver raised it: node-postgres and PGlite put
 * `code` on the error, and Drizzle wraps it as the `cause` of its own.
 */
export function pgErrorCode(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}
