import { and, count, eq, isNull, ne, sql } from 'drizzle-orm';
import type { CabinetRole } from '../../../core/cabinet/permissions';
import type { Db, DbTx } from '../../db/client';
import { clinicMembers, sessions, users } from '../../db/schema/auth';
import { cabinetAudit } from '../../db/schema/cabinet';
import { clinics } from '../../db/schema/clinics';

export interface PersonRow {
  id: number;
  userId: number;
  role: CabinetRole;
  name: string | null;
  phone: string;
  doctorId: number | null;
  doctorName: string | null;
  createdAt: Date | string;
}

const live = (clinicId: number) => and(eq(clinicMembers.clinicId, clinicId), isNull(clinicMembers.removedAt));

/** The people of a clinic (clinic_members) and the accounts behind them. */
export function createPeopleRepo(db: Db) {
  return {
    async people(q: Db | DbTx, clinicId: number): Promise<PersonRow[]> {
      const result = await q.execute(sql`
        SELECT m.id, m.user_id AS "userId", m.role, m.name, coalesce(u.phone, '') AS phone,
               m.doctor_id AS "doctorId",
               CASE WHEN d.id IS NULL THEN NULL
                    ELSE trim(d.last_name || ' ' || d.first_name || ' ' || coalesce(d.patronymic, '')) END AS "doctorName",
               m.created_at AS "createdAt"
          FROM clinic_members m JOIN users u ON u.id = m.user_id LEFT JOIN doctors d ON d.id = m.doctor_id
         WHERE m.clinic_id = ${clinicId} AND m.removed_at IS NULL
         ORDER BY CASE m.role WHEN 'administrator' THEN 0 WHEN 'receptionist' THEN 1 ELSE 2 END, m.created_at, m.id`);
      return result.rows as unknown as PersonRow[];
    },

    /** The clinic's doctors (those with a workplace at it), by name. */
    async doctors(q: Db | DbTx, clinicId: number): Promise<{ id: number; name: string }[]> {
      const result = await q.execute(sql`
        SELECT id, name FROM (
          SELECT DISTINCT d.id, trim(d.last_name || ' ' || d.first_name || ' ' || coalesce(d.patronymic, '')) AS name
            FROM workplaces w JOIN doctors d ON d.id = w.doctor_id
           WHERE w.clinic_id = ${clinicId}
        ) ours
        ORDER BY name COLLATE "und-x-icu", id`);
      return result.rows as unknown as { id: number; name: string }[];
    },

    /** Serialises the changes to one clinic's people (the last administrator's check). */
    async lockClinic(tx: DbTx, clinicId: number): Promise<boolean> {
      const rows = await tx
        .select({ id: clinics.id })
        .from(clinics)
        .where(eq(clinics.id, clinicId))
        .for('update');
      return rows.length > 0;
    },

    async member(tx: DbTx, clinicId: number, id: number) {
      const [row] = await tx
        .select({
          id: clinicMembers.id,
          userId: clinicMembers.userId,
          role: clinicMembers.role,
          doctorId: clinicMembers.doctorId,
        })
        .from(clinicMembers)
        .where(and(live(clinicId), eq(clinicMembers.id, id)));
      return row ?? null;
    },

    async administrators(tx: DbTx, clinicId: number): Promise<number> {
      const [{ n }] = await tx
        .select({ n: count() })
        .from(clinicMembers)
        .where(and(live(clinicId), eq(clinicMembers.role, 'administrator')));
      return n;
    },

    /** The account of a phone, with its live membership's clinic if any. */
    async account(tx: DbTx, phone: string) {
      const [row] = await tx
        .select({
          id: users.id,
          role: users.role,
          clinicId: users.clinicId,
          doctorId: users.doctorId,
          networkId: users.networkId,
          memberOf: clinicMembers.clinicId,
        })
        .from(users)
        .leftJoin(clinicMembers, and(eq(clinicMembers.userId, users.id), isNull(clinicMembers.removedAt)))
        .where(eq(users.phone, phone));
      return row ?? null;
    },

    /** Whether a doctor already has a login other than `exceptUserId`'s. */
    async doctorHasLogin(tx: DbTx, doctorId: number, exceptUserId: number | null): Promise<boolean> {
      const rows = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.role, 'doctor'),
            eq(users.doctorId, doctorId),
            exceptUserId === null ? undefined : ne(users.id, exceptUserId),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    /** The account behind a role: a clinic's login for the clinic, a doctor's for the doctor. */
    async createAccount(tx: DbTx, phone: string, account: AccountOf): Promise<number> {
      const [row] = await tx
        .insert(users)
        .values({ phone, ...account, isRealPatient: false })
        .returning({ id: users.id });
      return row.id;
    },

    async setAccount(tx: DbTx, userId: number, account: AccountOf | Detached): Promise<void> {
      await tx.update(users).set(account).where(eq(users.id, userId));
    },

    async addMember(tx: DbTx, row: typeof clinicMembers.$inferInsert): Promise<number> {
      const [inserted] = await tx.insert(clinicMembers).values(row).returning({ id: clinicMembers.id });
      return inserted.id;
    },

    async setRole(tx: DbTx, id: number, role: CabinetRole, doctorId: number | null): Promise<void> {
      await tx.update(clinicMembers).set({ role, doctorId }).where(eq(clinicMembers.id, id));
    },

    async remove(tx: DbTx, id: number, by: number, at: Date): Promise<void> {
      await tx.update(clinicMembers).set({ removedAt: at, removedBy: by }).where(eq(clinicMembers.id, id));
    },

    /** Ends every session of the account: the person is signed out everywhere at once. */
    async endSessions(tx: DbTx, userId: number): Promise<void> {
      await tx.delete(sessions).where(eq(sessions.userId, userId));
    },

    async audit(tx: DbTx, entry: typeof cabinetAudit.$inferInsert): Promise<void> {
      await tx.insert(cabinetAudit).values(entry);
    },

    transaction<T>(fn: (tx: DbTx) => Promise<T>): Promise<T> {
      return db.transaction(fn);
    },
  };
}

/** What a role makes of the account: the users row's role and its clinic or doctor. */
export type AccountOf =
  | { role: 'clinic'; clinicId: number; doctorId: null; networkId?: number | null }
  | { role: 'doctor'; clinicId: null; doctorId: number; networkId: null };
/** A removed person's account: a work account of no clinic and no doctor (nothing it may open). */
export type Detached = { clinicId: null; doctorId: null; networkId: null };

export type PeopleRepo = ReturnType<typeof createPeopleRepo>;
