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

/** SQLSTATEs of a database that cannot serve now: connection exceptions (class 08), shutdown, too many connections. */
const UNAVAILABLE_CODES = /^(08...|57P0[123]|53300)$/;
/** Node's socket errors on the way to the database. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** The drivers' messages for a connection that is gone or never came (node-postgres, PGlite). */
const UNAVAILABLE_MESSAGES =
  /^(PGlite is closed|Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end)/;

/**
 * Whether an error (or one of its causes, as Drizzle wraps the driver's) says the database is
 * out of reach rather than that the query was wrong: the call answers 503, not 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    // A provider out of reach (fetch's error over the same socket codes) is not the database.
    if (message === 'fetch failed') return false;
    if (typeof code === 'string' && (UNAVAILABLE_CODES.test(code) || SOCKET_CODES.has(code))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
