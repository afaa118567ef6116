import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { RelativeBody } from '../../../core/profile/contracts';
import type { Db, DbTx } from '../../db/client';
import { users } from '../../db/schema/auth';
import { emailConfirmations, patientRelatives } from '../../db/schema/patients';

const relativeColumns = {
  id: patientRelatives.id,
  lastName: patientRelatives.lastName,
  firstName: patientRelatives.firstName,
  patronymic: patientRelatives.patronymic,
  birthDate: patientRelatives.birthDate,
  relation: patientRelatives.relation,
};
export type RelativeRow = { [K in keyof typeof relativeColumns]: (typeof patientRelatives.$inferSelect)[K] };

const valuesOf = (body: RelativeBody) => ({
  lastName: body.last_name,
  firstName: body.first_name,
  patronymic: body.patronymic,
  birthDate: body.birth_date,
  relation: body.relation,
});

export function createProfileRepo(db: Db | DbTx) {
  return {
    async account(userId: number) {
      const [row] = await db
        .select({
          phone: users.phone,
          email: users.email,
          notifyEmail: users.notifyEmail,
          deletingSince: users.deletingSince,
          pendingEmail: emailConfirmations.email,
        })
        .from(users)
        .leftJoin(emailConfirmations, eq(emailConfirmations.userId, users.id))
        .where(eq(users.id, userId));
      return row ?? null;
    },

    async relatives(userId: number): Promise<RelativeRow[]> {
      return db
        .select(relativeColumns)
        .from(patientRelatives)
        .where(eq(patientRelatives.userId, userId))
        .orderBy(asc(patientRelatives.id));
    },

    /** One of this patient's relatives; another patient's id is none. */
    async relative(userId: number, id: number): Promise<RelativeRow | null> {
      const [row] = await db
        .select(relativeColumns)
        .from(patientRelatives)
        .where(and(eq(patientRelatives.id, id), eq(patientRelatives.userId, userId)));
      return row ?? null;
    },

    /**
     * Adds a relative unless the patient has `max` already. The user's row is locked first, so
     * two adds at once cannot both pass the count.
     */
    async addRelative(
      userId: number,
      body: RelativeBody,
      max: number,
      now: Date,
    ): Promise<RelativeRow | null> {
      return (db as Db).transaction(async (tx) => {
        await tx.execute(sql`SELECT 1 FROM users WHERE id = ${userId} FOR UPDATE`);
        const [{ n }] = await tx
          .select({ n: count() })
          .from(patientRelatives)
          .where(eq(patientRelatives.userId, userId));
        if (n >= max) return null;
        const [row] = await tx
          .insert(patientRelatives)
          .values({ userId, ...valuesOf(body), createdAt: now, updatedAt: now })
          .returning(relativeColumns);
        return row;
      });
    },

    async editRelative(
      userId: number,
      id: number,
      body: RelativeBody,
      now: Date,
    ): Promise<RelativeRow | null> {
      const [row] = await db
        .update(patientRelatives)
        .set({ ...valuesOf(body), updatedAt: now })
        .where(and(eq(patientRelatives.id, id), eq(patientRelatives.userId, userId)))
        .returning(relativeColumns);
      return row ?? null;
    },

    async removeRelative(userId: number, id: number): Promise<boolean> {
      const rows = await db
        .delete(patientRelatives)
        .where(and(eq(patientRelatives.id, id), eq(patientRelatives.userId, userId)))
        .returning({ id: patientRelatives.id });
      return rows.length > 0;
    },

    /** The new address waiting for its link: replaces an earlier one of the patient's. */
    async pendEmail(userId: number, email: string, tokenHash: string, now: Date, expiresAt: Date) {
      await db
        .insert(emailConfirmations)
        .values({ userId, email, tokenHash, createdAt: now, expiresAt })
        .onConflictDoUpdate({
          target: emailConfirmations.userId,
          set: { email, tokenHash, createdAt: now, expiresAt },
        });
    },

    async pendingSince(userId: number): Promise<Date | null> {
      const [row] = await db
        .select({ at: emailConfirmations.createdAt })
        .from(emailConfirmations)
        .where(eq(emailConfirmations.userId, userId));
      return row?.at ?? null;
    },

    async dropPendingEmail(userId: number) {
      await db.delete(emailConfirmations).where(eq(emailConfirmations.userId, userId));
    },

    /**
     * The link's token opened by its patient: the address becomes the profile's and the link is
     * spent (one statement, so opening it twice at once confirms once). False when unknown,
     * another patient's, or expired.
     */
    async confirmEmail(userId: number, tokenHash: string, now: Date): Promise<boolean> {
      const { rows } = await db.execute(sql`
        WITH spent AS (
          DELETE FROM email_confirmations
          WHERE token_hash = ${tokenHash} AND user_id = ${userId} AND expires_at > ${now.toISOString()}::timestamptz
          RETURNING user_id, email
        )
        UPDATE users u SET email = spent.email FROM spent WHERE u.id = spent.user_id
        RETURNING u.id`);
      return rows.length > 0;
    },

    async setNotifyEmail(userId: number, on: boolean) {
      await db.update(users).set({ notifyEmail: on }).where(eq(users.id, userId));
    },

    /**
     * Starts the deletion (false when it had begun already) and signs the patient out everywhere
     * but this session: a phone in someone else's hands no longer reaches the profile.
     */
    async startDeletion(userId: number, now: Date, keepSession: string | null): Promise<boolean> {
      return (db as Db).transaction(async (tx) => {
        const { rows } = await tx.execute(sql`
          UPDATE users SET deleting_since = ${now.toISOString()}::timestamptz
          WHERE id = ${userId} AND deleting_since IS NULL AND erased_at IS NULL
          RETURNING id`);
        if (rows.length === 0) return false;
        await tx.execute(sql`
          DELETE FROM sessions WHERE user_id = ${userId}
            AND (${keepSession}::text IS NULL OR token_hash <> ${keepSession}::text)`);
        return true;
      });
    },

    async cancelDeletion(userId: number): Promise<boolean> {
      const { rows } = await db.execute(sql`
        UPDATE users SET deleting_since = NULL
        WHERE id = ${userId} AND deleting_since IS NOT NULL AND erased_at IS NULL
        RETURNING id`);
      return rows.length > 0;
    },

    /** Whom a doctor sees (the 'Детский врач' flag and its adult counterpart), or null for no such doctor. */
    async doctorAges(doctorId: number): Promise<{ children: boolean; adults: boolean } | null> {
      const { rows } = await db.execute<{ children: boolean; adults: boolean }>(
        sql`SELECT children, adults FROM doctors WHERE id = ${doctorId}`,
      );
      return rows[0] ?? null;
    },

    /** The card in force now, for the profile's card (the club module's table, read only). */
    async clubCard(userId: number, now: Date) {
      const { rows } = await db.execute<{ id: number; dtStart: string; dtEnd: string; token: string }>(sql`
        SELECT id, dt_start AS "dtStart", dt_end AS "dtEnd", token FROM club_cards
        WHERE user_id = ${userId} AND dt_start <= ${now.toISOString()}::timestamptz
          AND dt_end > ${now.toISOString()}::timestamptz
        ORDER BY dt_end DESC LIMIT 1`);
      return rows[0] ?? null;
    },
  };
}

/** Marks a booked visit as someone else's (a relative's): the patient's SMS names the person. */
export async function markForOther(tx: DbTx, appointmentId: number): Promise<void> {
  await tx.execute(sql`UPDATE appointments SET for_other = true WHERE id = ${appointmentId}`);
}
