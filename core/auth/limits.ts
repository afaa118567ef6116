/**
 * Limits of phone confirmation (docs/product/sign-in.md: code length 4, resend 30 s,
 * call flow 15 minutes). One place, so the server enforces what the browser counts down.
 */
export const AUTH_LIMITS = {
  codeLength: 4,
  /** A code lives this long. */
  codeTtlMs: 5 * 60_000,
  /** The resend timer: a second code for one phone within this wait is refused. */
  resendWaitMs: 30_000,
  /** Wrong tries one code survives; the next check answers attempts_out. */
  wrongTriesPerCode: 5,
  requestsPerPhonePerHour: 5,
  requestsPerPhonePerDay: 10,
  requestsPerIpPerHour: 30,
  /**
   * Wrong guesses at a phone's live codes in a day (from any address) after which the phone is
   * guarded: a sign-in check must name its code (service_id) and each code survives one wrong
   * try. The phone is never locked: its owner requests a new code and signs in.
   */
  wrongChecksPerPhonePerDay: 15,
  /** Wrong tries a code survives while its phone is guarded. */
  wrongTriesPerCodeGuarded: 1,
  /** Failed checks one address may make for one phone in a day; then that address is refused. */
  failedChecksPerPhoneAndIpPerDay: 10,
  /** Failed checks one address may make in a day, whatever the phones; then it is refused. */
  failedChecksPerIpPerDay: 50,
  checksPerIpPerHour: 120,
  /** VK codes per phone a day; then attempts_exceeded sends the patient to a call or an SMS. */
  vkRequestsPerPhonePerDay: 3,
  /** The first codes of an hour go by flash call (cheaper); later ones by SMS. */
  callRequestsPerPhonePerHour: 2,
  /** The call flow gives up after 15 minutes. */
  callRequestTtlMs: 15 * 60_000,
  /** An authorization code must be exchanged for a session at once. */
  authorizationCodeTtlMs: 2 * 60_000,
  /** Staff book for a patient at the desk within this time of confirming the patient's phone. */
  deskConfirmationTtlMs: 30 * 60_000,
} as const;

export const HOUR_MS = 3600_000;
export const DAY_MS = 24 * HOUR_MS;

/**
 * Daily codes per country calling code, against SMS pumping (fraudsters requesting codes to
 * premium numbers of one country). Written as '7=100000,994=300,default=300'.
 */
export function parsePrefixCaps(spec: string): { caps: Map<string, number>; fallback: number } {
  const caps = new Map<string, number>();
  let fallback = 300;
  for (const part of spec.split(',')) {
    const [key, value] = part.split('=').map((s) => s.trim());
    const n = Number(value);
    if (!key || !Number.isInteger(n) || n < 0) throw new Error(`bad prefix cap '${part}'`);
    if (key === 'default') fallback = n;
    else if (/^\d{1,4}$/.test(key)) caps.set(key, n);
    else throw new Error(`bad prefix cap '${part}'`);
  }
  return { caps, fallback };
}

/**
 * How a phone's codes are checked after `phoneWrongToday` wrong guesses today: normally five
 * tries per code; once guarded, a sign-in check must name its code and a code takes one try.
 */
export function codeGuard(phoneWrongToday: number): { guarded: boolean; triesPerCode: number } {
  const guarded = phoneWrongToday >= AUTH_LIMITS.wrongChecksPerPhonePerDay;
  return {
    guarded,
    triesPerCode: guarded ? AUTH_LIMITS.wrongTriesPerCodeGuarded : AUTH_LIMITS.wrongTriesPerCode,
  };
}

export function prefixCap(prefix: string, spec: ReturnType<typeof parsePrefixCaps>): number {
  return spec.caps.get(prefix) ?? spec.fallback;
}

/** One requester's (one address's) share of a country's daily cap. */
export const REQUESTER_SHARE_OF_PREFIX_CAP = 1 / 20;

/**
 * The daily codes one address may have sent to one country calling code: a twentieth of the
 * country's cap, at least one (none when the country is closed), so that one requester cannot
 * spend the country's budget for everybody.
 */
export function requesterPrefixCap(countryCap: number): number {
  if (countryCap === 0) return 0;
  return Math.max(1, Math.floor(countryCap * REQUESTER_SHARE_OF_PREFIX_CAP));
}

/** Whole seconds a patient waits, as `waiting_time`: never 0 while a wait remains. */
export function waitingSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}
