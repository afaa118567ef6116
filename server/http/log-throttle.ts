/**
 * Repeated identical log lines, once per cause per window: an outage (the database, Redis) makes
 * every request and every job-queue poll fail the same way, and one line per failure (340 in four
 * seconds of a closed database) buries what happened. The first failure of a cause is logged at
 * once; the same cause again within `windowMs` is only counted, and the next line logged for it
 * says how many were left out (`repeated`).
 */
/** How often one cause of a database outage is logged by the calls (and pages) it fails. */
export const OUTAGE_LOG_WINDOW_MS = 60_000;

export function logThrottle({ windowMs, now = Date.now }: { windowMs: number; now?: () => number }) {
  const causes = new Map<string, { until: number; repeated: number }>();
  /** Whether to log this cause now, and how many of it were left out since it was last logged. */
  return function admit(cause: string): { log: boolean; repeated: number } {
    const at = now();
    const known = causes.get(cause);
    if (known && at < known.until) {
      known.repeated++;
      return { log: false, repeated: known.repeated };
    }
    // Causes whose window ended are forgotten, so the map stays as small as the live causes.
    for (const [key, entry] of causes) if (at >= entry.until) causes.delete(key);
    causes.set(cause, { until: at + windowMs, repeated: 0 });
    return { log: true, repeated: known?.repeated ?? 0 };
  };
}

/** The cause of an error as a throttle key: its code and message (a plain object's too). */
export function causeOf(err: unknown): string {
  const e = (err ?? {}) as { code?: unknown; message?: unknown };
  return `${String(e.code ?? '')} ${typeof e.message === 'string' ? e.message : String(err)}`;
}

/** The driver's error under Drizzle's (whose message names the query, different per call). */
export function rootCauseOf(error: unknown): unknown {
  let current = error;
  for (let depth = 0; depth < 5; depth++) {
    const cause = (current as { cause?: unknown } | null)?.cause;
    if (!cause || typeof cause !== 'object') break;
    current = cause;
  }
  return current;
}
