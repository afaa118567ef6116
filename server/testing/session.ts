import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Db } from '../db/client';
import { type ClinicMemberRole, clinicMembers, sessions, type UserRole, users } from '../db/schema/auth';
import { hashToken, SESSION_COOKIE, SESSION_TTL_MS } from '../modules/auth/sessions';
import { csrfToken } from './csrf';

export interface TestSession {
  userId: number;
  cookies: Record<string, string>;
  headers: Record<string, string>;
  /** A call as this signed-in browser makes it (session cookie, CSRF cookie and header). */
  inject(options: InjectOptions & { url: string }): Promise<LightMyRequestResponse>;
}

let phoneSeq = 0;

/**
 * A signed-in browser for API tests: a user of the given role with a live session, without
 * going through codes (the auth module's own tests cover that path end to end).
 */
export async function signedInAs(
  app: FastifyInstance,
  db: Db,
  options: {
    role?: UserRole;
    isRealPatient?: boolean;
    phone?: string;
    doctorId?: number;
    clinicId?: number;
    /**
     * A clinic's login: its role in the clinic (clinic_members), 'administrator' unless said, as
     * the clinic's first login is; null for a login of no clinic (a removed person).
     */
    clinicRole?: Exclude<ClinicMemberRole, 'doctor'> | null;
  } = {},
): Promise<TestSession> {
  const role = options.role ?? 'patient';
  const phone = options.phone ?? `7999${String(5_000_000 + (phoneSeq++ % 4_000_000)).padStart(7, '0')}`;
  const [user] = await db
    .insert(users)
    .values({
      phone,
      role,
      isRealPatient: options.isRealPatient ?? role === 'patient',
      doctorId: options.doctorId ?? null,
      clinicId: options.clinicId ?? null,
    })
    .onConflictDoUpdate({ target: users.phone, set: { role } })
    .returning({ id: users.id });
  const clinicRole = options.clinicRole === undefined ? 'administrator' : options.clinicRole;
  if (role === 'clinic' && options.clinicId !== undefined && clinicRole !== null)
    await db
      .insert(clinicMembers)
      .values({ clinicId: options.clinicId, userId: user.id, role: clinicRole })
      .onConflictDoNothing();
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: user.id,
    csrfToken: 'test',
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
  });
  const csrf = await csrfToken(app);
  const cookies = { [SESSION_COOKIE]: token, csrftoken: csrf };
  const headers = { 'x-csrftoken': csrf };
  return {
    userId: user.id,
    cookies,
    headers,
    inject: (opts) =>
      app.inject({
        method: 'POST',
        ...opts,
        cookies: { ...cookies, ...opts.cookies },
        headers: { ...headers, ...opts.headers },
      }),
  };
}
