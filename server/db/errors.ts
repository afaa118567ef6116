/** PostgreSQL error codes the app answers rather than reports (https://www.postgresql.org/docs/current/errcodes-appendix.html). */
export const PG_ERRORS = {
  uniqueViolation: '23505',
  /** A referenced row is gone, or a referenced row is being deleted: a concurrent change. */
  foreignKeyViolation: '23503',
  exclusionViolation: '23P01',
  /** Two transactions each waiting for the other; PostgreSQL rolls one back. */
  deadlockDetected: '40P01',
} as const;

/**
 * Runs a write once more when PostgreSQL chose it as a deadlock's victim (it was rolled back
 * whole). Two bookings of one time can still deadlock over the rows both delete first (an
 * expired hold in the way): each waits for the other's uncommitted delete. On the second try
 * the winner has committed, so its row answers plainly. (Their inserts do not: they say
 * ON CONFLICT DO NOTHING, server/modules/booking/repo.ts.)
 */
export async function retryOnDeadlock<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (pgErrorCode(err) !== PG_ERRORS.deadlockDetected) throw err;
    return write();
  }
}

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
