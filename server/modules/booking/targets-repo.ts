import { eq, sql } from 'drizzle-orm';
import type { BookableDoctor, BookableService } from '../../../core/booking/contracts';
import { clubLineKind, clubLinePrice } from '../../../core/club/rules';
import type { Db } from '../../db/client';
import { executeNamed } from '../../db/prepared';
import { users } from '../../db/schema/auth';

/** A doctor's workplace as the booking page shows it and the booking checks it (its free days aside). */
export type BookingTargetRow = Omit<BookableDoctor, 'today' | 'visitType' | 'slots'>;

/** A slot-booked line of a price list as its booking page shows it (its free days aside). */
export type ServiceTargetRow = Omit<BookableService, 'today' | 'slots'>;

/** A row with what the club's one rule reads (core/club): the clinic's club data and the line's kind. */
type ClubRuled<T> = T & { clubDiscountPercent: number; clubVisitType: string | null };

/** The row's club price by the club's one rule (`clubLinePrice`), its extra columns dropped. */
function ruled<T extends { price: number | null; clubPrice: number | null; clubEnabled: boolean }>(
  row: ClubRuled<T> | undefined,
): T | null {
  if (!row) return null;
  const { clubDiscountPercent, clubVisitType, ...rest } = row;
  const clubPrice =
    rest.price === null
      ? null
      : clubLinePrice(
          { kind: clubLineKind(clubVisitType), fullPrice: rest.price, hasClubPrice: rest.clubPrice !== null },
          { clubEnabled: rest.clubEnabled, clubDiscountPercent },
        );
  return { ...(rest as unknown as T), clubPrice };
}

/**
 * Where a booking target is and the clinic's terms, as both targets (a doctor's place, a service
 * line) read them: c is the clinic, t its town, m its metro station.
 */
const clinicColumns = sql`
  c.name AS "clinicName",
  '/' || t.slug || '/lpu/' || c.id || '-' || c.slug || '/' AS "clinicUrl",
  c.street || ', ' || c.house AS address, m.name AS metro, t.tz, t.slug AS "townSlug",
  c.club_enabled AS "clubEnabled", c.cancel_cutoff_minutes AS "cancelCutoffMinutes",
  c.min_notice_minutes AS "minNoticeMinutes", c.booking_horizon_days AS "bookingHorizonDays",
  c.phones[1] AS "clinicPhone", c.lat AS "clinicLat", c.lon AS "clinicLon"`;

/** What a booking page and a booking read before any time is taken: the doctor's place, a service line, the patient. */
export function createBookingTargetsRepo(db: Db) {
  return {
    async target(doctorId: number, clinicId: number, visitType: string): Promise<BookingTargetRow | null> {
      // Named: seven joins take ten times longer to plan than to run.
      const rows = await executeNamed<ClubRuled<BookingTargetRow>>(
        db,
        'booking_target',
        sql`
        SELECT w.id AS "workplaceId", w.doctor_id AS "doctorId", w.clinic_id AS "clinicId",
               (w.is_appointment_on AND c.is_appointment_on) AS "appointmentOn",
               trim(d.last_name || ' ' || d.first_name || ' ' || coalesce(d.patronymic, '')) AS "doctorName",
               '/' || td.slug || '/vrach/' || d.id || '-' || d.slug || '/' AS "doctorUrl",
               d.photo_url AS "photoUrl",
               coalesce((SELECT array_agg(s.name ORDER BY ds.is_main DESC, s.name)
                         FROM doctor_specialities ds JOIN specialities s ON s.id = ds.speciality_id
                         WHERE ds.doctor_id = d.id), '{}') AS specialities,
               p.price, p.club_price AS "clubPrice", ${clinicColumns},
               c.club_discount_percent AS "clubDiscountPercent", p.visit_type AS "clubVisitType"
        FROM workplaces w
        JOIN doctors d ON d.id = w.doctor_id
        JOIN clinics c ON c.id = w.clinic_id
        JOIN towns t ON t.id = c.town_id
        JOIN towns td ON td.id = d.town_id
        LEFT JOIN metro_stations m ON m.id = c.metro_id
        LEFT JOIN workplace_prices p ON p.workplace_id = w.id AND p.visit_type = ${visitType}
        WHERE w.doctor_id = ${doctorId} AND w.clinic_id = ${clinicId}
      `,
      );
      return ruled(rows[0]);
    },

    /**
     * A clinic's services booked by time (of a class, of a doctor's lines), for a service link
     * that names none: the directory's id and name of each, in the price list's order.
     */
    async bookableServicesOf(ask: { clinicId: number; classId: number | null; doctorId: number | null }) {
      const result = await db.execute(sql`
        SELECT DISTINCT ON (cs.sort, cs.id) cs.synonym_id AS "synonymId", cs.name, cs.doctor_id AS "doctorId",
               cs.price_full AS price
        FROM clinic_services cs JOIN clinics c ON c.id = cs.clinic_id
        WHERE cs.clinic_id = ${ask.clinicId} AND cs.appointment_on AND cs.has_intervals AND c.is_appointment_on
          AND (${ask.classId}::int IS NULL OR cs.class_id = ${ask.classId}::int)
          AND (${ask.doctorId}::int IS NULL OR cs.doctor_id = ${ask.doctorId}::int)
        ORDER BY cs.sort, cs.id
        LIMIT 100`);
      return result.rows as { synonymId: number; name: string; doctorId: number | null; price: number }[];
    },

    /** A patient's own details as their last booking for themselves left them. */
    async patientDetails(userId: number) {
      const [row] = await db
        .select({
          lastName: users.lastName,
          firstName: users.firstName,
          patronymic: users.patronymic,
          birthDate: users.birthDate,
        })
        .from(users)
        .where(eq(users.id, userId));
      return row ?? null;
    },

    /** The clinics a doctor takes online bookings at, by name ('/appointment/new/' without `lpu`). */
    async bookableClinicsOf(
      doctorId: number,
    ): Promise<{ clinicId: number; clinicName: string; address: string }[]> {
      const result = await db.execute(sql`
        SELECT c.id AS "clinicId", c.name AS "clinicName", c.street || ', ' || c.house AS address
        FROM workplaces w JOIN clinics c ON c.id = w.clinic_id
        WHERE w.doctor_id = ${doctorId} AND w.is_appointment_on AND c.is_appointment_on
        ORDER BY c.name, c.id`);
      return result.rows as { clinicId: number; clinicName: string; address: string }[];
    },

    /**
     * A slot-booked price-list line, named as the services call names it: a synonym id (or else
     * the clinic's MIS id) in the clinic, a doctor's line when `doctorId` is given; or by its own
     * id (`line`) for an appointment already made.
     */
    async serviceTarget(
      by: { clinicId: number; key: string; doctorId: number | null } | { line: number },
    ): Promise<ServiceTargetRow | null> {
      const line = 'line' in by ? by.line : null;
      const ask = 'line' in by ? { clinicId: null, key: null, doctorId: null } : by;
      const rows = await executeNamed<ClubRuled<ServiceTargetRow>>(
        db,
        'booking_service_target',
        sql`
        SELECT cs.id AS "clinicServiceId", cs.synonym_id AS "synonymId", cs.doctor_id AS "doctorId",
               cs.clinic_id AS "clinicId",
               (cs.appointment_on AND cs.has_intervals AND c.is_appointment_on) AS "appointmentOn",
               cs.is_available_appointment_direct AS "isDirect",
               cs.requires_primary_consultation OR ss.requires_primary_consultation AS "requiresPrimaryConsultation",
               cs.name AS "serviceName", ss.name AS "synonymName", sc.name AS "className",
               '/' || t.slug || '/' || CASE sc.kind WHEN 'service' THEN 'uslugi' WHEN 'diagnostics' THEN 'diagnostika' ELSE 'analizy' END
                 || '/' || ss.translit || '/' AS "serviceUrl",
               cs.duration_minutes AS "durationMinutes",
               cs.price_full AS price, cs.price_club AS "clubPrice", ${clinicColumns},
               c.club_discount_percent AS "clubDiscountPercent", ss.visit_type AS "clubVisitType"
        FROM clinic_services cs
        JOIN service_synonyms ss ON ss.id = cs.synonym_id
        JOIN service_classes sc ON sc.id = cs.class_id
        JOIN clinics c ON c.id = cs.clinic_id
        JOIN towns t ON t.id = c.town_id
        LEFT JOIN metro_stations m ON m.id = c.metro_id
        WHERE CASE WHEN ${line}::int IS NOT NULL THEN cs.id = ${line}::int
              ELSE cs.clinic_id = ${ask.clinicId}::int
                   AND (cs.synonym_id::text = ${ask.key}::text OR cs.mis_service_id = ${ask.key}::text)
                   AND (${ask.doctorId}::int IS NULL OR cs.doctor_id = ${ask.doctorId}::int) END
        ORDER BY (cs.synonym_id::text = ${ask.key}::text) DESC NULLS LAST, cs.doctor_id IS NOT NULL,
                 cs.has_intervals DESC, cs.sort, cs.id
        LIMIT 1
      `,
      );
      return ruled(rows[0]);
    },
  };
}
