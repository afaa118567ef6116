import { sql } from 'drizzle-orm';
import type { Block } from '../../../core/cabinet/desk-contracts';
import type { Db, DbTx } from '../../db/client';

const doctorName = sql`trim(d.last_name || ' ' || d.first_name || ' ' || coalesce(d.patronymic, ''))`;

interface BlockRow {
  id: number;
  doctorId: number;
  doctorName: string;
  clinicId: number;
  startsAt: string | Date;
  endsAt: string | Date;
  tz: string;
  reason: string;
}

const blockOf = (row: BlockRow): Block => ({
  id: row.id,
  doctor: { id: row.doctorId, name: row.doctorName },
  lpu_id: row.clinicId,
  starts_at: new Date(row.startsAt).toISOString(),
  ends_at: new Date(row.endsAt).toISOString(),
  tz: row.tz,
  reason: row.reason,
});

const blockColumns = sql`
  b.id, w.doctor_id AS "doctorId", ${doctorName} AS "doctorName", w.clinic_id AS "clinicId",
  lower(b.during) AS "startsAt", upper(b.during) AS "endsAt", t.tz, b.reason`;

const rangeOf = (r: { startsAt: Date; endsAt: Date }) =>
  sql`tstzrange(${r.startsAt.toISOString()}::timestamptz, ${r.endsAt.toISOString()}::timestamptz)`;

/** SQL of the clinic's blocks of its doctors' times (schedule_blocks). */
export function createBlocksRepo(db: Db) {
  /** One block of the clinic's doctors. */
  async function byId(id: number, clinicId: number, tx: Db | DbTx = db): Promise<Block | null> {
    const result = await tx.execute(sql`
      SELECT ${blockColumns}
      FROM schedule_blocks b JOIN workplaces w ON w.id = b.workplace_id JOIN doctors d ON d.id = w.doctor_id
      JOIN clinics c ON c.id = w.clinic_id JOIN towns t ON t.id = c.town_id
      WHERE b.id = ${id} AND w.clinic_id = ${clinicId}`);
    const row = result.rows[0] as unknown as BlockRow | undefined;
    return row ? blockOf(row) : null;
  }

  return {
    /**
     * The doctor's workplace at the clinic and its zone, locked until the transaction ends. A
     * booking's insert takes the foreign key's share lock on this row, so a block and a booking
     * of the same workplace wait for each other, and whichever comes second sees the first.
     */
    async lockWorkplace(
      tx: DbTx,
      doctorId: number,
      clinicId: number,
    ): Promise<{ id: number; tz: string } | null> {
      const result = await tx.execute(sql`
        SELECT w.id, t.tz FROM workplaces w
        JOIN clinics c ON c.id = w.clinic_id JOIN towns t ON t.id = c.town_id
        WHERE w.doctor_id = ${doctorId} AND w.clinic_id = ${clinicId}
        FOR UPDATE OF w`);
      return (result.rows[0] as { id: number; tz: string } | undefined) ?? null;
    },

    /** Lets go of times held in the range (a form being filled): the block takes them. */
    async dropHolds(tx: DbTx, workplaceId: number, range: { startsAt: Date; endsAt: Date }): Promise<void> {
      await tx.execute(sql`
        DELETE FROM appointments
        WHERE status = 'held' AND workplace_id = ${workplaceId} AND during && ${rangeOf(range)}`);
    },

    /** The active visits at the workplace overlapping the range, soonest first, locked. */
    async visitsIn(
      tx: DbTx,
      workplaceId: number,
      range: { startsAt: Date; endsAt: Date },
    ): Promise<number[]> {
      const result = await tx.execute(sql`
        SELECT id FROM appointments
        WHERE workplace_id = ${workplaceId} AND status = 'active' AND during && ${rangeOf(range)}
        ORDER BY lower(during), id
        FOR UPDATE`);
      return (result.rows as { id: number }[]).map((r) => r.id);
    },

    async insert(
      tx: DbTx,
      block: {
        workplaceId: number;
        startsAt: Date;
        endsAt: Date;
        reason: string;
        createdBy: number;
        at: Date;
      },
    ): Promise<number> {
      const result = await tx.execute(sql`
        INSERT INTO schedule_blocks (workplace_id, during, reason, created_by, created_at)
        VALUES (${block.workplaceId}, ${rangeOf(block)}, ${block.reason}, ${block.createdBy},
                ${block.at.toISOString()}::timestamptz)
        RETURNING id`);
      return (result.rows[0] as { id: number }).id;
    },

    byId,

    /** The clinic's blocks (of one doctor) overlapping the range, soonest first. */
    async list(
      clinicId: number,
      doctorId: number | null,
      range: { startsAt: Date; endsAt: Date },
    ): Promise<Block[]> {
      const result = await db.execute(sql`
        SELECT ${blockColumns}
        FROM schedule_blocks b JOIN workplaces w ON w.id = b.workplace_id JOIN doctors d ON d.id = w.doctor_id
        JOIN clinics c ON c.id = w.clinic_id JOIN towns t ON t.id = c.town_id
        WHERE w.clinic_id = ${clinicId} AND (${doctorId}::int IS NULL OR w.doctor_id = ${doctorId}::int)
          AND b.during && ${rangeOf(range)}
        ORDER BY lower(b.during), b.id
        LIMIT 2000`);
      return (result.rows as unknown as BlockRow[]).map(blockOf);
    },

    /** Removes one of the clinic's blocks, its workplace row locked first (as taking one does); null when there is none. */
    async remove(tx: DbTx, id: number, clinicId: number): Promise<(Block & { workplaceId: number }) | null> {
      const found = await tx.execute(sql`
        SELECT w.id FROM schedule_blocks b JOIN workplaces w ON w.id = b.workplace_id
        WHERE b.id = ${id} AND w.clinic_id = ${clinicId}
        FOR UPDATE OF w`);
      const workplace = found.rows[0] as { id: number } | undefined;
      if (!workplace) return null;
      const block = await byId(id, clinicId, tx);
      if (!block) return null;
      await tx.execute(sql`DELETE FROM schedule_blocks WHERE id = ${id}`);
      return { ...block, workplaceId: workplace.id };
    },
  };
}

export type BlocksRepo = ReturnType<typeof createBlocksRepo>;
