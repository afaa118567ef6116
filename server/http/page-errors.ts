import { isDatabaseUnavailable } from '../db/errors';
import { causeOf, logThrottle, OUTAGE_LOG_WINDOW_MS, rootCauseOf } from './log-throttle';

/** How long a crawler or a browser is asked to wait before asking for a page again during an outage. */
export const OUTAGE_RETRY_AFTER_S = 30;

/**
 * The pages' errors as the calls' (server/http/error-handler.ts): the database out of reach is a
 * 503 with Retry-After, logged once per cause a minute (every page fails alike during an outage);
 * anything else is logged each time.
 */
export function createPageErrors(log: (...args: unknown[]) => void = console.error) {
  const outages = logThrottle({ windowMs: OUTAGE_LOG_WINDOW_MS });
  // React Router hands the document its errors sanitised: what they were is noted here first.
  const outageRequests = new WeakSet<Request>();
  return {
    /** Whether a loader of this request met the database out of reach (the page answers 503). */
    isOutage: (request: Request) => outageRequests.has(request),
    /** Logs a loader's error, and notes a database out of reach for the request's status. */
    log(error: unknown, request: Request) {
      if (!isDatabaseUnavailable(error)) return log(error);
      outageRequests.add(request);
      const { log: now, repeated } = outages(causeOf(rootCauseOf(error)));
      if (now) log(`database unavailable${repeated ? ` (${repeated} more)` : ''}:`, error);
    },
  };
}
