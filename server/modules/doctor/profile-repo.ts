import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { SoftwareVersion } from '../../../core/directory/software-version';
import type { ProfilePayload, ProfileValues } from '../../../core/doctor/profile-edit';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/auth';
import { cabinetAudit } from '../../db/schema/cabinet';
import { doctors, workplaces } from '../../db/schema/doctors';
import { doctorProfileChanges, type ProfileChangeStatus } from '../../db/schema/profile';
import { towns } from '../../db/schema/towns';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Conn = Db | Tx;

export interface DoctorRef {
  id: number;
  name: string;
  slug: string;
  townId: number;
  townSlug: string;
  softwareVersion: SoftwareVersion | null;
}

export interface ChangeRow {
  id: number;
  doctorId: number;
  authorId: number;
  payload: ProfilePayload;
  status: ProfileChangeStatus;
  before: Partial<ProfileValues> | null;
  decidedAt: Date | null;
  reason: string | null;
  createdAt: Date;
}

const nameSql = sql<string>`concat_ws(' ', ${doctors.lastName}, ${doctors.firstName}, ${doctors.patronymic})`;

const valueColumns = {
  photo: doctors.photoUrl,
  about: doctors.about,
  education: doctors.education,
  courses: doctors.courses,
  careerStartYear: doctors.careerStartYear,
  category: doctors.category,
  categoryExpiresOn: doctors.categoryExpiresOn,
  licenseNumber: doctors.licenseNumber,
  ownPhone: doctors.ownPhone,
};

const changeColumns = {
  id: doctorProfileChanges.id,
  doctorId: doctorProfileChanges.doctorId,
  authorId: doctorProfileChanges.authorId,
  payload: doctorProfileChanges.payload,
  status: doctorProfileChanges.status,
  before: doctorProfileChanges.before,
  decidedAt: doctorProfileChanges.decidedAt,
  reason: doctorProfileChanges.reason,
  createdAt: doctorProfileChanges.createdAt,
};

/** The doctor's profile edits and their moderation: SQL only (profile-edit.ts holds the rules). */
export function createProfileRepo(db: Db) {
  return {
    transaction: <T>(fn: (tx: Tx) => Promise<T>) => db.transaction(fn),

    async doctor(id: number, conn: Conn = db): Promise<DoctorRef | null> {
      const [row] = await conn
        .select({
          id: doctors.id,
          name: nameSql,
          slug: doctors.slug,
          townId: doctors.townId,
          townSlug: towns.slug,
          softwareVersion: doctors.softwareVersion,
        })
        .from(doctors)
        .innerJoin(towns, eq(towns.id, doctors.townId))
        .where(eq(doctors.id, id));
      return row ?? null;
    },

    /** Whether the doctor works at the clinic. */
    async worksAt(doctorId: number, clinicId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: workplaces.id })
        .from(workplaces)
        .where(and(eq(workplaces.doctorId, doctorId), eq(workplaces.clinicId, clinicId)));
      return row !== undefined;
    },

    async clinicDoctors(clinicId: number): Promise<{ id: number; name: string }[]> {
      return db
        .select({ id: doctors.id, name: nameSql })
        .from(workplaces)
        .innerJoin(doctors, eq(doctors.id, workplaces.doctorId))
        .where(eq(workplaces.clinicId, clinicId))
        .orderBy(asc(doctors.lastName), asc(doctors.firstName), asc(doctors.id));
    },

    async clinicsOf(doctorId: number, conn: Conn = db): Promise<number[]> {
      const rows = await conn
        .select({ clinicId: workplaces.clinicId })
        .from(workplaces)
        .where(eq(workplaces.doctorId, doctorId));
      return rows.map((r) => r.clinicId);
    },

    async values(doctorId: number, conn: Conn = db): Promise<ProfileValues | null> {
      const [row] = await conn.select(valueColumns).from(doctors).where(eq(doctors.id, doctorId));
      return (row as ProfileValues | undefined) ?? null;
    },

    /** Locks the doctor's row (submissions and approvals of one doctor queue behind each other). */
    async lockDoctor(tx: Tx, doctorId: number): Promise<ProfileValues | null> {
      const [row] = await tx.select(valueColumns).from(doctors).where(eq(doctors.id, doctorId)).for('update');
      return (row as ProfileValues | undefined) ?? null;
    },

    async pending(doctorId: number, conn: Conn = db): Promise<ChangeRow | null> {
      const [row] = await conn
        .select(changeColumns)
        .from(doctorProfileChanges)
        .where(and(eq(doctorProfileChanges.doctorId, doctorId), eq(doctorProfileChanges.status, 'pending')));
      return (row as ChangeRow | undefined) ?? null;
    },

    async lastDecision(doctorId: number): Promise<ChangeRow | null> {
      const [row] = await db
        .select(changeColumns)
        .from(doctorProfileChanges)
        .where(
          and(
            eq(doctorProfileChanges.doctorId, doctorId),
            inArray(doctorProfileChanges.status, ['approved', 'rejected']),
          ),
        )
        .orderBy(desc(doctorProfileChanges.decidedAt), desc(doctorProfileChanges.id))
        .limit(1);
      return (row as ChangeRow | undefined) ?? null;
    },

    async change(id: number): Promise<ChangeRow | null> {
      const [row] = await db
        .select(changeColumns)
        .from(doctorProfileChanges)
        .where(eq(doctorProfileChanges.id, id));
      return (row as ChangeRow | undefined) ?? null;
    },

    async lockChange(tx: Tx, id: number): Promise<ChangeRow | null> {
      const [row] = await tx
        .select(changeColumns)
        .from(doctorProfileChanges)
        .where(eq(doctorProfileChanges.id, id))
        .for('update');
      return (row as ChangeRow | undefined) ?? null;
    },

    async insertChange(
      tx: Tx,
      row: { doctorId: number; authorId: number; payload: ProfilePayload; at: Date },
    ): Promise<number> {
      const [created] = await tx
        .insert(doctorProfileChanges)
        .values({ doctorId: row.doctorId, authorId: row.authorId, payload: row.payload, createdAt: row.at })
        .returning({ id: doctorProfileChanges.id });
      return created.id;
    },

    async decide(
      tx: Tx,
      id: number,
      d: { status: ProfileChangeStatus; by: number; at: Date; reason: string | null; before: unknown },
    ) {
      await tx
        .update(doctorProfileChanges)
        .set({
          status: d.status,
          decidedBy: d.by,
          decidedAt: d.at,
          reason: d.reason,
          before: d.before as Record<string, unknown> | null,
        })
        .where(eq(doctorProfileChanges.id, id));
    },

    async applyToDoctor(tx: Tx, doctorId: number, set: Partial<typeof doctors.$inferInsert>) {
      if (Object.keys(set).length > 0) await tx.update(doctors).set(set).where(eq(doctors.id, doctorId));
    },

    async audit(
      tx: Tx,
      row: { userId: number; action: string; doctorId: number; before: unknown; after: unknown; at: Date },
    ) {
      await tx.insert(cabinetAudit).values({
        userId: row.userId,
        action: row.action,
        targetType: 'doctors',
        targetId: row.doctorId,
        before: row.before,
        after: row.after,
        at: row.at,
      });
    },

    /** A page of the queue: pending oldest first, decided (approved or rejected) newest first. */
    async queue(tab: 'pending' | 'decided', limit: number, offset: number) {
      const pending = tab === 'pending';
      return db
        .select({
          ...changeColumns,
          doctorName: nameSql,
          doctorSlug: doctors.slug,
          townSlug: towns.slug,
          authorRole: users.role,
          current: {
            photo: doctors.photoUrl,
            about: doctors.about,
            education: doctors.education,
            courses: doctors.courses,
            careerStartYear: doctors.careerStartYear,
            category: doctors.category,
            categoryExpiresOn: doctors.categoryExpiresOn,
            licenseNumber: doctors.licenseNumber,
            ownPhone: doctors.ownPhone,
          },
        })
        .from(doctorProfileChanges)
        .innerJoin(doctors, eq(doctors.id, doctorProfileChanges.doctorId))
        .innerJoin(towns, eq(towns.id, doctors.townId))
        .innerJoin(users, eq(users.id, doctorProfileChanges.authorId))
        .where(
          pending
            ? eq(doctorProfileChanges.status, 'pending')
            : inArray(doctorProfileChanges.status, ['approved', 'rejected']),
        )
        .orderBy(
          pending ? asc(doctorProfileChanges.createdAt) : desc(doctorProfileChanges.decidedAt),
          pending ? asc(doctorProfileChanges.id) : desc(doctorProfileChanges.id),
        )
        .limit(limit)
        .offset(offset);
    },

    async pendingCount(): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(doctorProfileChanges)
        .where(eq(doctorProfileChanges.status, 'pending'));
      return row?.n ?? 0;
    },
  };
}

export type ProfileRepo = ReturnType<typeof createProfileRepo>;
