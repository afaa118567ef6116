import { type SQL, sql } from 'drizzle-orm';
import { formatHomeAddress, type KeptHomeAddress } from '../../../core/booking/home-visit';
import type {
  CalendarBlockRow,
  CalendarHoldRow,
  CalendarScope,
  CalendarVisitRow,
} from '../../../core/cabinet/calendar';
import type { Db, DbTx } from '../../db/client';

const doctorName = sql`trim(d.last_name || ' ' || d.first_name || ' ' || coalesce(d.patronymic, ''))`;

/** A doctor at an address of the scope, with what the filters need. */
export interface CalendarPlace {
  doctorId: number;
  clinicId: number;
  name: string;
  address: string;
  tz: string;
  specialities: { id: number; name: string }[];
}

/** The scope's rows: a clinic's (c the alias of its table), or a doctor's at every clinic. */
const scoped = (scope: CalendarScope, doctor: string, clinic: string): SQL =>
  'clinicId' in scope
    ? sql`${sql.raw(clinic)} = ${scope.clinicId}`
    : sql`${sql.raw(doctor)} = ${scope.doctorId}`;

const iso = (at: string | Date) => new Date(at).toISOString();

/** A range's edges, with the instants as parameters. */
type Range = { from: Date; to: Date };
const rangeOf = (r: Range) =>
  sql`tstzrange(${r.from.toISOString()}::timestamptz, ${r.to.toISOString()}::timestamptz)`;

/** SQL of the calendar (docs/product/front-desk.md, 'Календарь'): a few queries for every column at once. */
export function createCalendarRepo(db: Db) {
  return {
    /** The zone of the account's 'today': its clinic's town, or the doctor's. */
    async homeZone(scope: CalendarScope): Promise<string | null> {
      const result =
        'clinicId' in scope
          ? await db.execute(sql`
              SELECT t.tz FROM clinics c JOIN towns t ON t.id = c.town_id WHERE c.id = ${scope.clinicId}`)
          : await db.execute(sql`
              SELECT t.tz FROM doctors d JOIN towns t ON t.id = d.town_id WHERE d.id = ${scope.doctorId}`);
      return (result.rows[0] as { tz: string } | undefined)?.tz ?? null;
    },

    /** Every doctor at every address of the scope (its workplaces), by name. */
    async places(scope: CalendarScope): Promise<CalendarPlace[]> {
      const result = await db.execute(sql`
        SELECT w.doctor_id AS "doctorId", w.clinic_id AS "clinicId", ${doctorName} AS name,
               trim(c.street || ', ' || c.house) AS address, t.tz,
               coalesce((
                 SELECT json_agg(json_build_object('id', s.id, 'name', s.name) ORDER BY s.name)
                 FROM doctor_specialities ds JOIN specialities s ON s.id = ds.speciality_id
                 WHERE ds.doctor_id = w.doctor_id), '[]'::json) AS specialities
        FROM workplaces w
        JOIN doctors d ON d.id = w.doctor_id
        JOIN clinics c ON c.id = w.clinic_id
        JOIN towns t ON t.id = c.town_id
        WHERE ${scoped(scope, 'w.doctor_id', 'w.clinic_id')}
        ORDER BY ${doctorName} COLLATE "und-x-icu", w.doctor_id, w.clinic_id
        LIMIT 1000`);
      return (result.rows as (Omit<CalendarPlace, 'specialities'> & { specialities: unknown })[]).map(
        (r) => ({
          ...r,
          specialities: (typeof r.specialities === 'string'
            ? JSON.parse(r.specialities)
            : r.specialities) as CalendarPlace['specialities'],
        }),
      );
    },

    /** The visits (cancelled ones too) of these doctors at these clinics starting in the range. */
    async visits(
      scope: CalendarScope,
      pairs: { doctorId: number; clinicId: number }[],
      range: Range,
    ): Promise<CalendarVisitRow[]> {
      if (pairs.length === 0) return [];
      const result = await db.execute(sql`
        SELECT a.id, a.doctor_id AS "doctorId", a.clinic_id AS "clinicId",
               lower(a.during) AS "startsAt", upper(a.during) AS "endsAt", a.status,
               a.confirmed_at IS NOT NULL AS confirmed, a.patient_name AS "patientName",
               a.visit_type AS "visitType", a.overbooked, a.prepaid_amount / 100 AS prepaid,
               a.price, a.home_address AS "homeAddress"
        FROM appointments a
        WHERE ${scoped(scope, 'a.doctor_id', 'a.clinic_id')}
          AND a.doctor_id IN (${sql.join(
            [...new Set(pairs.map((p) => p.doctorId))].map((id) => sql`${id}::int`),
            sql`, `,
          )})
          AND a.status <> 'held'
          AND lower(a.during) >= ${range.from.toISOString()}::timestamptz
          AND lower(a.during) < ${range.to.toISOString()}::timestamptz
        ORDER BY lower(a.during), a.id
        LIMIT 5000`);
      const rows = result.rows as unknown as (Omit<CalendarVisitRow, 'homeAddress'> & {
        homeAddress: KeptHomeAddress | null;
      })[];
      return rows.map((r) => ({
        ...r,
        startsAt: iso(r.startsAt),
        endsAt: iso(r.endsAt),
        // Where the doctor goes, for a home visit: the line the reception list shows too.
        homeAddress: r.homeAddress ? formatHomeAddress(r.homeAddress) : null,
      }));
    },

    /** Times patients hold now (a form being filled, a coupon being paid) in the range. */
    async holds(scope: CalendarScope, range: Range, now: Date): Promise<CalendarHoldRow[]> {
      const result = await db.execute(sql`
        SELECT a.doctor_id AS "doctorId", a.clinic_id AS "clinicId",
               lower(a.during) AS "startsAt", upper(a.during) AS "endsAt"
        FROM appointments a
        WHERE ${scoped(scope, 'a.doctor_id', 'a.clinic_id')} AND a.doctor_id IS NOT NULL
          AND a.status = 'held' AND a.hold_expires_at > ${now.toISOString()}::timestamptz
          AND a.during && ${rangeOf(range)}
        ORDER BY lower(a.during)
        LIMIT 2000`);
      return (result.rows as unknown as CalendarHoldRow[]).map((r) => ({
        ...r,
        startsAt: iso(r.startsAt),
        endsAt: iso(r.endsAt),
      }));
    },

    /** The scope's blocks overlapping the range. */
    async blocks(scope: CalendarScope, range: Range): Promise<CalendarBlockRow[]> {
      const result = await db.execute(sql`
        SELECT b.id, w.doctor_id AS "doctorId", w.clinic_id AS "clinicId",
               lower(b.during) AS "startsAt", upper(b.during) AS "endsAt", b.reason
        FROM schedule_blocks b JOIN workplaces w ON w.id = b.workplace_id
        WHERE ${scoped(scope, 'w.doctor_id', 'w.clinic_id')} AND b.during && ${rangeOf(range)}
        ORDER BY lower(b.during), b.id
        LIMIT 2000`);
      return (result.rows as unknown as CalendarBlockRow[]).map((r) => ({
        ...r,
        startsAt: iso(r.startsAt),
        endsAt: iso(r.endsAt),
      }));
    },
  };
}

/** A visit of the clinic as the patient card starts from it. */
export interface CardVisit {
  id: number;
  userId: number | null;
  phone: string;
  name: string;
  birthDate: string | null;
  email: string | null;
}

/** One of the patient's visits at the clinic, as the card lists it. */
export interface CardHistoryRow {
  id: number;
  startsAt: string;
  endsAt: string;
  tz: string;
  status: string;
  confirmed: boolean;
  visitType: 'clinic' | 'home' | 'telemed';
  doctor: string | null;
  service: string | null;
  canceledBy: 'patient' | 'clinic' | null;
}

export interface NoteRow {
  id: number;
  text: string;
  updatedAt: string;
  updatedBy: string | null;
}

/** SQL of the patient card: a visit of the clinic's, its patient's visits there, the clinic's note. */
export function createPatientCardRepo(db: Db) {
  async function note(clinicId: number, key: string, tx: Db | DbTx = db): Promise<NoteRow | null> {
    const result = await tx.execute(sql`
      SELECT n.id, n.text, n.updated_at AS "updatedAt",
             nullif(trim(coalesce(u.last_name, '') || ' ' || coalesce(u.first_name, '')), '') AS "updatedBy"
      FROM clinic_patient_notes n JOIN users u ON u.id = n.updated_by
      WHERE n.clinic_id = ${clinicId} AND n.patient_key = ${key}`);
    const row = result.rows[0] as (Omit<NoteRow, 'updatedAt'> & { updatedAt: string | Date }) | undefined;
    return row ? { ...row, updatedAt: iso(row.updatedAt) } : null;
  }

  return {
    /** One of the clinic's visits (not a hold) and its patient's contacts; null for another clinic's. */
    async visit(clinicId: number, id: number): Promise<CardVisit | null> {
      const result = await db.execute(sql`
        SELECT a.id, a.user_id AS "userId", a.patient_phone AS phone, a.patient_name AS name,
               coalesce(a.patient_birth_date::text, u.birth_date) AS "birthDate",
               nullif(u.email, '') AS email
        FROM appointments a LEFT JOIN users u ON u.id = a.user_id
        WHERE a.id = ${id} AND a.clinic_id = ${clinicId} AND a.status <> 'held'`);
      return (result.rows[0] as unknown as CardVisit | undefined) ?? null;
    },

    /** The patient's visits at the clinic (by account, or by the phone booked for), latest first. */
    async history(
      clinicId: number,
      patient: { userId: number | null; phone: string },
    ): Promise<CardHistoryRow[]> {
      const whose =
        patient.userId !== null
          ? sql`(a.user_id = ${patient.userId} OR a.patient_phone = ${patient.phone})`
          : sql`a.patient_phone = ${patient.phone}`;
      const result = await db.execute(sql`
        SELECT a.id, lower(a.during) AS "startsAt", upper(a.during) AS "endsAt", t.tz, a.status,
               a.confirmed_at IS NOT NULL AS confirmed, a.visit_type AS "visitType",
               CASE WHEN d.id IS NULL THEN NULL ELSE ${doctorName} END AS doctor,
               cs.name AS service, a.canceled_by AS "canceledBy"
        FROM appointments a
        JOIN clinics c ON c.id = a.clinic_id
        JOIN towns t ON t.id = c.town_id
        LEFT JOIN doctors d ON d.id = a.doctor_id
        LEFT JOIN clinic_services cs ON cs.id = a.clinic_service_id
        WHERE a.clinic_id = ${clinicId} AND a.status <> 'held' AND ${whose}
        ORDER BY lower(a.during) DESC, a.id DESC
        LIMIT 200`);
      return (result.rows as unknown as CardHistoryRow[]).map((r) => ({
        ...r,
        startsAt: iso(r.startsAt),
        endsAt: iso(r.endsAt),
      }));
    },

    note,

    /** Writes the clinic's note on the patient; the note before (for the audit) and after. */
    async saveNote(
      tx: DbTx,
      entry: { clinicId: number; key: string; text: string; userId: number; at: Date },
    ): Promise<{ before: string | null; after: NoteRow }> {
      const old = await tx.execute(sql`
        SELECT text FROM clinic_patient_notes
        WHERE clinic_id = ${entry.clinicId} AND patient_key = ${entry.key}
        FOR UPDATE`);
      const before = (old.rows[0] as { text: string } | undefined)?.text ?? null;
      await tx.execute(sql`
        INSERT INTO clinic_patient_notes (clinic_id, patient_key, text, updated_by, updated_at)
        VALUES (${entry.clinicId}, ${entry.key}, ${entry.text}, ${entry.userId}, ${entry.at.toISOString()}::timestamptz)
        ON CONFLICT (clinic_id, patient_key)
        DO UPDATE SET text = excluded.text, updated_by = excluded.updated_by, updated_at = excluded.updated_at`);
      const after = await note(entry.clinicId, entry.key, tx);
      if (!after) throw new Error('clinic_patient_notes: the note just written is not there');
      return { before, after };
    },
  };
}
