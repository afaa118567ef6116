/**
 * Patients for the booking figures, signed in without the sign-in round trip: users and their
 * sessions written straight into the tables. A patient may hold at most ten coming visits, two
 * with one doctor and none that overlap (the visit caps), and their bookings take turns; so a
 * figure of many bookings at once books each time as a patient of its own, as real traffic does.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import type { Session } from './booking';

/** Each phase's own phone prefix, so the phases' patients never share visits (the waitlist's subscribers have 7955). */
export const PATIENT_PREFIXES = {
  notifications: '7958',
  webhooks: '7957',
  accounts: '7954',
  instances: '7953',
} as const;

/** `n` patients signed in for an hour; phones `${prefix}0000001`… in that order. */
export async function benchPatients(
  db: Db,
  n: number,
  prefix: (typeof PATIENT_PREFIXES)[keyof typeof PATIENT_PREFIXES],
): Promise<(Session & { phone: string })[]> {
  if (n <= 0) return [];
  const users = (
    await db.execute(sql`
      INSERT INTO users (phone, is_real_patient)
      SELECT ${prefix} || lpad(g::text, 7, '0'), true FROM generate_series(1, ${n}) g
      ON CONFLICT (phone) DO UPDATE SET is_real_patient = true
      RETURNING id, phone`)
  ).rows as { id: number; phone: string }[];
  const signedIn = users.map((user) => ({
    phone: user.phone,
    token: randomBytes(32).toString('base64url'),
    id: user.id,
  }));
  await db.execute(sql`
    INSERT INTO sessions (token_hash, user_id, csrf_token, expires_at)
    SELECT h, u, 'bench', now() + interval '1 hour'
    FROM unnest(${`{${signedIn.map((p) => createHash('sha256').update(p.token).digest('hex')).join(',')}}`}::text[],
                ${`{${signedIn.map((p) => p.id).join(',')}}`}::int[]) AS s(h, u)`);
  return signedIn
    .sort((a, b) => a.phone.localeCompare(b.phone))
    .map((p) => ({ phone: p.phone, cookie: `sessionid=${p.token}`, csrf: randomBytes(16).toString('hex') }));
}
