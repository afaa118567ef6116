import { sql } from 'drizzle-orm';
import type { Db, DbTx } from '../../db/client';
import { cabinetAudit } from '../../db/schema/cabinet';
import { containing } from '../clinic/sql-like';

/** A line of the clinic's price list as the cabinet reads it, with its group. */
export interface PriceLineRow {
  id: number;
  synonymId: number;
  synonymName: string;
  classId: number;
  className: string;
  doctorId: number | null;
  doctor: string | null;
  name: string;
  durationMinutes: number;
  priceFull: number;
  priceClub: number | null;
  requiresPrimaryConsultation: boolean;
  appointmentOn: boolean;
  hasIntervals: boolean;
  isAvailableAppointmentDirect: boolean;
  /** The line is a doctor's visit priced at the workplace (ADR 039): its prices are not its own. */
  visitPrice: boolean;
}

/** The clinic's row as a price change reads it (locked for the change). */
export interface PriceClinicRow {
  townId: number;
  tz: string;
  clubEnabled: boolean;
  clubDiscountPercent: number;
  priceUpdateStatus: number;
  priceUpdatedAt: string | null;
}

/** A line's fields a change writes. */
export interface PriceLineValues {
  name: string;
  durationMinutes: number;
  priceFull: number;
  priceClub: number | null;
  requiresPrimaryConsultation: boolean;
  appointmentOn: boolean;
  hasIntervals: boolean;
  isAvailableAppointmentDirect: boolean;
}

const lineColumns = sql`
  s.id, s.synonym_id AS "synonymId", syn.name AS "synonymName", s.class_id AS "classId",
  sc.name AS "className", s.doctor_id AS "doctorId",
  CASE WHEN d.id IS NULL THEN NULL
       ELSE trim(d.last_name || ' ' || d.first_name || ' ' || coalesce(d.patronymic, '')) END AS doctor,
  s.name, s.duration_minutes AS "durationMinutes", s.price_full AS "priceFull",
  s.price_club AS "priceClub", s.requires_primary_consultation AS "requiresPrimaryConsultation",
  s.appointment_on AS "appointmentOn", s.has_intervals AS "hasIntervals",
  s.is_available_appointment_direct AS "isAvailableAppointmentDirect",
  (s.doctor_id IS NOT NULL AND syn.visit_type IS NOT NULL AND EXISTS (
     SELECT 1 FROM workplaces w JOIN workplace_prices wp ON wp.workplace_id = w.id
     WHERE w.doctor_id = s.doctor_id AND w.clinic_id = s.clinic_id AND wp.visit_type = syn.visit_type)
  ) AS "visitPrice"`;

const lineJoins = sql`
  clinic_services s
  JOIN service_classes sc ON sc.id = s.class_id
  JOIN service_synonyms syn ON syn.id = s.synonym_id
  LEFT JOIN doctors d ON d.id = s.doctor_id`;

/** SQL of the cabinet's price list: the clinic's own lines, its club, its price status. */
export function createPricesRepo(db: Db) {
  return {
    /** The clinic's lines in the public list's order (class, then the line's place, then id). */
    async lines(tx: Db | DbTx, clinicId: number): Promise<PriceLineRow[]> {
      const { rows } = await tx.execute(sql`
        SELECT ${lineColumns} FROM ${lineJoins}
        WHERE s.clinic_id = ${clinicId}
        ORDER BY sc.sort, s.class_id, s.sort, s.id`);
      return rows as unknown as PriceLineRow[];
    },

    /** One of the clinic's lines, locked until the transaction ends; null when it is not the clinic's. */
    async lockLine(tx: DbTx, clinicId: number, id: number): Promise<PriceLineRow | null> {
      const { rows } = await tx.execute(sql`
        SELECT ${lineColumns} FROM ${lineJoins}
        WHERE s.id = ${id} AND s.clinic_id = ${clinicId}
        FOR UPDATE OF s`);
      return (rows[0] as unknown as PriceLineRow | undefined) ?? null;
    },

    /**
     * The clinic's row; `lock` takes it for the change, so the clinic's price changes go one at
     * a time (the line's lock comes after, always in this order).
     */
    async clinic(tx: Db | DbTx, clinicId: number, lock = false): Promise<PriceClinicRow | null> {
      const { rows } = await tx.execute(sql`
        SELECT c.town_id AS "townId", t.tz, c.club_enabled AS "clubEnabled",
               c.club_discount_percent AS "clubDiscountPercent",
               c.price_update_status AS "priceUpdateStatus", c.price_updated_at::text AS "priceUpdatedAt"
        FROM clinics c JOIN towns t ON t.id = c.town_id
        WHERE c.id = ${clinicId}
        ${lock ? sql`FOR UPDATE OF c` : sql``}`);
      return (rows[0] as unknown as PriceClinicRow | undefined) ?? null;
    },

    async synonym(tx: DbTx, id: number): Promise<{ id: number; classId: number } | null> {
      const { rows } = await tx.execute(sql`
        SELECT id, class_id AS "classId" FROM service_synonyms WHERE id = ${id}`);
      return (rows[0] as { id: number; classId: number } | undefined) ?? null;
    },

    /** A new line, last of its class in the clinic's list. */
    async insertLine(
      tx: DbTx,
      clinicId: number,
      synonym: { id: number; classId: number },
      v: PriceLineValues,
    ): Promise<number> {
      const { rows } = await tx.execute(sql`
        INSERT INTO clinic_services (clinic_id, synonym_id, class_id, name, duration_minutes, price_full,
          price_club, requires_primary_consultation, appointment_on, has_intervals,
          is_available_appointment_direct, sort)
        VALUES (${clinicId}, ${synonym.id}, ${synonym.classId}, ${v.name}, ${v.durationMinutes},
          ${v.priceFull}, ${v.priceClub}, ${v.requiresPrimaryConsultation}, ${v.appointmentOn},
          ${v.hasIntervals}, ${v.isAvailableAppointmentDirect},
          (SELECT coalesce(max(sort) + 1, 0) FROM clinic_services
           WHERE clinic_id = ${clinicId} AND class_id = ${synonym.classId}))
        RETURNING id`);
      return (rows[0] as { id: number }).id;
    },

    async updateLine(tx: DbTx, id: number, v: PriceLineValues): Promise<void> {
      await tx.execute(sql`
        UPDATE clinic_services SET name = ${v.name}, duration_minutes = ${v.durationMinutes},
          price_full = ${v.priceFull}, price_club = ${v.priceClub},
          requires_primary_consultation = ${v.requiresPrimaryConsultation},
          appointment_on = ${v.appointmentOn}, has_intervals = ${v.hasIntervals},
          is_available_appointment_direct = ${v.isAvailableAppointmentDirect}
        WHERE id = ${id}`);
    },

    /**
     * The line's visits: booked or held from `now` on, and all there ever were (cancelled and
     * past ones too). Holds that have run out are let go first: they are no one's visit.
     */
    async visits(tx: DbTx, id: number, now: Date): Promise<{ upcoming: number; any: number }> {
      await tx.execute(sql`
        DELETE FROM appointments
        WHERE clinic_service_id = ${id} AND status = 'held' AND hold_expires_at <= ${now.toISOString()}`);
      const { rows } = await tx.execute(sql`
        SELECT count(*) FILTER (WHERE status IN ('active', 'held') AND upper(during) > ${now.toISOString()})::int AS upcoming,
               count(*)::int AS "any"
        FROM appointments WHERE clinic_service_id = ${id}`);
      return rows[0] as { upcoming: number; any: number };
    },

    /** Removes a line with its own schedule (weekly rules, dated changes, times its MIS pushed). */
    async deleteLine(tx: DbTx, id: number): Promise<void> {
      await tx.execute(sql`DELETE FROM schedule_rules WHERE clinic_service_id = ${id}`);
      await tx.execute(sql`DELETE FROM schedule_exceptions WHERE clinic_service_id = ${id}`);
      await tx.execute(sql`DELETE FROM explicit_slots WHERE clinic_service_id = ${id}`);
      await tx.execute(sql`DELETE FROM clinic_services WHERE id = ${id}`);
    },

    /** 'Обновлено клиникой' on `day` (the clinic's today). */
    async markUpdatedByClinic(tx: DbTx, clinicId: number, day: string): Promise<void> {
      await tx.execute(sql`
        UPDATE clinics SET price_update_status = 1, price_updated_at = ${day}::date WHERE id = ${clinicId}`);
    },

    async setClub(tx: DbTx, clinicId: number, enabled: boolean, discountPercent: number): Promise<void> {
      await tx.execute(sql`
        UPDATE clinics SET club_enabled = ${enabled}, club_discount_percent = ${discountPercent}
        WHERE id = ${clinicId}`);
    },

    /** The clinic's doctors (their pages show the clinic's club). */
    async doctorIds(tx: DbTx, clinicId: number): Promise<number[]> {
      const { rows } = await tx.execute(sql`
        SELECT DISTINCT doctor_id AS id FROM workplaces WHERE clinic_id = ${clinicId}`);
      return (rows as { id: number }[]).map((r) => r.id);
    },

    async audit(
      tx: DbTx,
      row: {
        userId: number;
        action: string;
        targetType: string;
        targetId: number;
        before: unknown;
        after: unknown;
        at: Date;
      },
    ): Promise<void> {
      await tx.insert(cabinetAudit).values(row);
    },

    /** Canonical services whose name has `text`, shortest names first (the closest matches). */
    async synonyms(text: string, limit: number) {
      const { rows } = await db.execute(sql`
        SELECT syn.id, syn.name, sc.name AS "className",
               syn.requires_primary_consultation AS "requiresPrimaryConsultation"
        FROM service_synonyms syn JOIN service_classes sc ON sc.id = syn.class_id
        WHERE syn.name ILIKE ${containing(text)}
        ORDER BY (lower(syn.name) LIKE lower(${`${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`})) DESC,
                 length(syn.name), syn.name, syn.id
        LIMIT ${limit}`);
      return rows as { id: number; name: string; className: string; requiresPrimaryConsultation: boolean }[];
    },
  };
}

export type PricesRepo = ReturnType<typeof createPricesRepo>;
