/** The one source of "now" for services, so tests can freeze time. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** With CLOCK_OVERRIDE (end-to-end tests only), a page request's cookie naming its "now". */
export const TEST_NOW_COOKIE = 'test_now';

export function fixedClock(iso: string): Clock {
  const at = new Date(iso);
  return { now: () => new Date(at) };
}
