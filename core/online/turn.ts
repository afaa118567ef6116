/**
 * Time-limited TURN credentials in the "TURN REST API" scheme that coturn checks with
 * `use-auth-secret` + `static-auth-secret` (draft-uberti-behave-turn-rest-00): the user name is
 * `<expiry unix seconds>:<label>`, the password base64(HMAC-SHA1(secret, user name)). The TURN
 * server recomputes the password from the shared secret and refuses an expired name, so the app
 * hands out credentials without telling the TURN server anything, and a leaked one dies soon.
 *
 * Example: secret 'north', label 'visit-7-patient', now 2026-12-07T09:00:00Z, ttl 3600 s →
 * username '1796637600:visit-7-patient', password 'mCYTemWjqUhadSqqTKmUNMxq394='.
 *
 * Web Crypto (global in Node and in browsers), so the rule stays in core.
 */

export interface TurnCredential {
  username: string;
  credential: string;
  /** ISO instant after which the TURN server refuses it. */
  expiresAt: string;
}

/** Labels are ours (the visit and the side); they never carry a name or a phone. */
const LABEL = /^[a-z0-9-]{1,64}$/;

export async function turnCredential(
  secret: string,
  label: string,
  now: Date,
  ttlSeconds: number,
): Promise<TurnCredential> {
  if (!LABEL.test(label)) throw new Error(`TURN label must match ${LABEL}: ${label}`);
  if (!Number.isInteger(ttlSeconds) || ttlSeconds <= 0)
    throw new Error('TURN ttl must be a positive integer');
  const expiry = Math.floor(now.getTime() / 1000) + ttlSeconds;
  const username = `${expiry}:${label}`;
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-1' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(username)));
  let binary = '';
  for (const byte of mac) binary += String.fromCharCode(byte);
  return { username, credential: btoa(binary), expiresAt: new Date(expiry * 1000).toISOString() };
}
