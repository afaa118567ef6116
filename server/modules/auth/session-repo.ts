import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db, DbTx } from '../../db/client';
import { sessions, users } from '../../db/schema/auth';
import type { UserRow } from './viewer';

const userColumns = {
  id: users.id,
  phone: users.phone,
  role: users.role,
  isRealPatient: users.isRealPatient,
  medtochkaUuid: users.medtochkaUuid,
  doctorId: users.doctorId,
  clinicId: users.clinicId,
};

export function createSessionRepo(db: Db | DbTx) {
  return {
    async insert(row: typeof sessions.$inferInsert) {
      await db.insert(sessions).values(row);
    },

    /** The live session's user and when it was last touched; null when unknown or expired. */
    async find(tokenHash: string, now: Date) {
      const [row] = await db
        .select({ user: userColumns, lastSeenAt: sessions.lastSeenAt, userId: sessions.userId })
        .from(sessions)
        .leftJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
        .limit(1);
      return row ?? null;
    },

    async touch(tokenHash: string, now: Date, expiresAt: Date) {
      await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.tokenHash, tokenHash));
    },

    async delete(tokenHash: string) {
      await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    },

    async deleteExpired(now: Date) {
      await db.delete(sessions).where(sql`${sessions.expiresAt} <= ${now}`);
    },

    async userById(id: number): Promise<UserRow | null> {
      const [row] = await db.select(userColumns).from(users).where(eq(users.id, id)).limit(1);
      return row ?? null;
    },
  };
}

export type SessionRepo = ReturnType<typeof createSessionRepo>;
