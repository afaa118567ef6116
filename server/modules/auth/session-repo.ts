import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbTx } from '../../db/client';
import { executeNamed } from '../../db/prepared';
import { clinicMembers, sessions, users } from '../../db/schema/auth';
import type { UserRow } from './viewer';

const userColumns = {
  id: users.id,
  phone: users.phone,
  role: users.role,
  isRealPatient: users.isRealPatient,
  medtochkaUuid: users.medtochkaUuid,
  doctorId: users.doctorId,
  clinicId: users.clinicId,
  networkId: users.networkId,
};

export function createSessionRepo(db: Db | DbTx) {
  return {
    async insert(row: typeof sessions.$inferInsert) {
      await db.insert(sessions).values(row);
    },

    /**
     * The live session's user, when it began and when it was last touched; null when unknown,
     * expired, or begun at `startedAfter` or earlier (the absolute lifetime). Every
     * signed-in call asks this, so it is a named prepared statement of fixed text (no query
     * building, no planning per call).
     *
     * A clinic network's account runs the session's acting branch while that branch is still
     * one of the account's network (joined here, so no second query); else its own clinic.
     * A clinic's login carries its live membership's role (none once removed).
     */
    async find(tokenHash: string, now: Date, startedAfter: Date) {
      const [row] = await executeNamed<
        UserRow & {
          createdAt: Date | string;
          lastSeenAt: Date | string;
          userId: number;
          found: number | null;
        }
      >(
        db as Db,
        'session_find',
        sql`
        SELECT s.created_at AS "createdAt", s.last_seen_at AS "lastSeenAt", s.user_id AS "userId", u.id AS found, u.id, u.phone, u.role,
               u.is_real_patient AS "isRealPatient", u.medtochka_uuid AS "medtochkaUuid",
               u.doctor_id AS "doctorId", coalesce(b.id, u.clinic_id) AS "clinicId", u.network_id AS "networkId",
               m.role AS "clinicRole"
        FROM sessions s LEFT JOIN users u ON u.id = s.user_id
          LEFT JOIN clinics b ON b.id = s.acting_clinic_id AND u.role = 'clinic' AND b.network_id = u.network_id
          LEFT JOIN clinic_members m ON m.user_id = u.id AND m.removed_at IS NULL
        WHERE s.token_hash = ${tokenHash}::text AND s.expires_at > ${now.toISOString()}::timestamptz
          AND s.created_at > ${startedAfter.toISOString()}::timestamptz
        LIMIT 1`,
      );
      if (!row) return null;
      const { createdAt, lastSeenAt, userId, found, ...user } = row;
      return {
        createdAt: new Date(createdAt),
        lastSeenAt: new Date(lastSeenAt),
        userId,
        user: found === null ? null : (user as UserRow),
      };
    },

    async touch(tokenHash: string, now: Date, expiresAt: Date) {
      await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.tokenHash, tokenHash));
    },

    /** The branch a network account's session runs from now on (null: its own clinic). */
    async setActingClinic(tokenHash: string, clinicId: number | null) {
      await db.update(sessions).set({ actingClinicId: clinicId }).where(eq(sessions.tokenHash, tokenHash));
    },

    async delete(tokenHash: string) {
      await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    },

    async deleteExpired(now: Date) {
      await db.delete(sessions).where(sql`${sessions.expiresAt} <= ${now}`);
    },

    async userById(id: number): Promise<UserRow | null> {
      const [row] = await db
        .select({ ...userColumns, clinicRole: clinicMembers.role })
        .from(users)
        .leftJoin(clinicMembers, and(eq(clinicMembers.userId, users.id), isNull(clinicMembers.removedAt)))
        .where(eq(users.id, id))
        .limit(1);
      return row ?? null;
    },

    /** Ends every session of this account (a person removed from a clinic). */
    async deleteOfUser(userId: number) {
      await db.delete(sessions).where(eq(sessions.userId, userId));
    },
  };
}

export type SessionRepo = ReturnType<typeof createSessionRepo>;
