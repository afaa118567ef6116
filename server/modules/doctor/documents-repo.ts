import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DocumentKind, DocumentMark, DocumentStatus } from '../../../core/doctor/document-scans';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/auth';
import { doctors } from '../../db/schema/doctors';
import { doctorDocuments } from '../../db/schema/profile';
import { towns } from '../../db/schema/towns';
import type { Tx } from './profile-repo';

type Conn = Db | Tx;

export interface DocumentRow {
  id: number;
  doctorId: number;
  authorId: number;
  kind: DocumentKind;
  file: string;
  status: DocumentStatus;
  decidedAt: Date | null;
  reason: string | null;
  createdAt: Date;
}

export type Marks = Record<DocumentMark, boolean>;

const columns = {
  id: doctorDocuments.id,
  doctorId: doctorDocuments.doctorId,
  authorId: doctorDocuments.authorId,
  kind: doctorDocuments.kind,
  file: doctorDocuments.file,
  status: doctorDocuments.status,
  decidedAt: doctorDocuments.decidedAt,
  reason: doctorDocuments.reason,
  createdAt: doctorDocuments.createdAt,
};

const markColumns = {
  educationConfirmed: doctors.educationConfirmed,
  categoryConfirmed: doctors.categoryConfirmed,
  scienceConfirmed: doctors.scienceConfirmed,
};

const nameSql = sql<string>`concat_ws(' ', ${doctors.lastName}, ${doctors.firstName}, ${doctors.patronymic})`;

/** The doctors' scans for the 'Документы проверены' marks: SQL only (documents.ts holds the rules). */
export function createDocumentsRepo(db: Db) {
  /** Which of these stored files a scan's row names (withdrawn and rejected ones too). */
  async function namedFiles(files: string[]): Promise<Set<string>> {
    if (files.length === 0) return new Set();
    const { rows } = await db.execute<{ file: string }>(sql`
      SELECT file FROM ${doctorDocuments} WHERE file = ANY(${`{${files.join(',')}}`}::text[])`);
    return new Set(rows.map((r) => r.file));
  }

  /** Scans with their doctor (name and page) and the sender's role, as staff see them. */
  const staffRows = () =>
    db
      .select({
        ...columns,
        doctorName: nameSql,
        doctorSlug: doctors.slug,
        townSlug: towns.slug,
        authorRole: users.role,
      })
      .from(doctorDocuments)
      .innerJoin(doctors, eq(doctors.id, doctorDocuments.doctorId))
      .innerJoin(towns, eq(towns.id, doctors.townId))
      .innerJoin(users, eq(users.id, doctorDocuments.authorId))
      .$dynamic();

  return {
    namedFiles,
    /** Which of these files a scan not withdrawn names (a withdrawn scan's file may go). */
    async liveFiles(files: string[]): Promise<Set<string>> {
      if (files.length === 0) return new Set();
      const { rows } = await db.execute<{ file: string }>(sql`
        SELECT file FROM ${doctorDocuments}
        WHERE file = ANY(${`{${files.join(',')}}`}::text[]) AND status <> 'withdrawn'`);
      return new Set(rows.map((r) => r.file));
    },
    /** Every scan of the doctor, newest first. */
    async list(doctorId: number): Promise<DocumentRow[]> {
      return db
        .select(columns)
        .from(doctorDocuments)
        .where(eq(doctorDocuments.doctorId, doctorId))
        .orderBy(desc(doctorDocuments.createdAt), desc(doctorDocuments.id));
    },

    async marks(doctorId: number, conn: Conn = db): Promise<Marks | null> {
      const [row] = await conn.select(markColumns).from(doctors).where(eq(doctors.id, doctorId));
      return row ?? null;
    },

    async document(id: number, conn: Conn = db): Promise<DocumentRow | null> {
      const [row] = await conn.select(columns).from(doctorDocuments).where(eq(doctorDocuments.id, id));
      return row ?? null;
    },

    async lockDocument(tx: Tx, id: number): Promise<DocumentRow | null> {
      const [row] = await tx
        .select(columns)
        .from(doctorDocuments)
        .where(eq(doctorDocuments.id, id))
        .for('update');
      return row ?? null;
    },

    /** The doctor's pending scans of a kind (one, unless something went wrong), locked. */
    async lockPending(tx: Tx, doctorId: number, kind: DocumentKind): Promise<DocumentRow[]> {
      return tx
        .select(columns)
        .from(doctorDocuments)
        .where(
          and(
            eq(doctorDocuments.doctorId, doctorId),
            eq(doctorDocuments.kind, kind),
            eq(doctorDocuments.status, 'pending'),
          ),
        )
        .for('update');
    },

    async insert(
      tx: Tx,
      row: { doctorId: number; authorId: number; kind: DocumentKind; file: string; at: Date },
    ): Promise<number> {
      const [created] = await tx
        .insert(doctorDocuments)
        .values({
          doctorId: row.doctorId,
          authorId: row.authorId,
          kind: row.kind,
          file: row.file,
          createdAt: row.at,
        })
        .returning({ id: doctorDocuments.id });
      return created.id;
    },

    async decide(
      tx: Tx,
      id: number,
      d: { status: Exclude<DocumentStatus, 'pending'>; by: number; at: Date; reason: string | null },
    ) {
      await tx
        .update(doctorDocuments)
        .set({ status: d.status, decidedBy: d.by, decidedAt: d.at, reason: d.reason })
        .where(eq(doctorDocuments.id, id));
    },

    async setMark(tx: Tx, doctorId: number, mark: DocumentMark) {
      await tx
        .update(doctors)
        .set({ [mark]: true })
        .where(eq(doctors.id, doctorId));
    },

    /** A page of the queue: pending oldest first, decided (accepted or rejected) newest first. */
    async queue(tab: 'pending' | 'decided', limit: number, offset: number) {
      const pending = tab === 'pending';
      return staffRows()
        .where(
          pending
            ? eq(doctorDocuments.status, 'pending')
            : inArray(doctorDocuments.status, ['accepted', 'rejected']),
        )
        .orderBy(
          pending ? asc(doctorDocuments.createdAt) : desc(doctorDocuments.decidedAt),
          pending ? asc(doctorDocuments.id) : desc(doctorDocuments.id),
        )
        .limit(limit)
        .offset(offset);
    },

    /** One scan as the queue shows it. */
    async staffRow(id: number) {
      const [row] = await staffRows().where(eq(doctorDocuments.id, id));
      return row ?? null;
    },

    async pendingCount(): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(doctorDocuments)
        .where(eq(doctorDocuments.status, 'pending'));
      return row?.n ?? 0;
    },
  };
}
