import {
  addTotals,
  CALENDAR_TEXTS,
  type CalendarScope,
  calendarColumns,
  calendarStatus,
  canSeeCalendar,
} from '../../../core/cabinet/calendar';
import type {
  Calendar,
  CalendarFilter,
  PatientCard,
  PatientNote,
} from '../../../core/cabinet/calendar-contracts';
import { canRunDesk } from '../../../core/cabinet/desk';
import { PATIENT_TEXTS, patientHistory, patientKey } from '../../../core/cabinet/patient-card';
import { daysFrom } from '../../../core/cabinet/reception';
import { zonedDay } from '../../../core/dates/zoned';
import { addDays } from '../../../core/schedule/free-slots';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { forbidden, notFound, unauthorized } from '../../http/errors';
import type { SessionViewer } from '../auth/viewer';
import { createScheduleService } from '../schedule/service';
import { createCalendarRepo, createPatientCardRepo } from './calendar-repo';
import { createCabinetRepo } from './repo';

const DAY_MS = 86_400_000;

/**
 * The clinic's calendar and the patient card at the desk (docs/product/front-desk.md). The
 * calendar's free times are the patients' own: the schedule module's computation (blocks,
 * holds, the notice and the horizon applied), on the primary so the desk sees its own changes.
 */
export function createCabinetCalendar({ db, clock }: { db: Db; clock: Clock }) {
  const repo = createCalendarRepo(db);
  const cards = createPatientCardRepo(db);
  const audit = createCabinetRepo(db).audit;
  const schedule = createScheduleService({ db, clock });

  function scopeOf(viewer: SessionViewer): CalendarScope {
    if (viewer.userId === null) throw unauthorized(CALENDAR_TEXTS.signIn);
    const scope = canSeeCalendar(viewer);
    if (!scope) throw forbidden(CALENDAR_TEXTS.signIn);
    return scope;
  }

  /** The clinic whose desk the account runs (the card is the desk's), or the 401/403. */
  function deskOf(viewer: SessionViewer): { clinicId: number; userId: number } {
    if (viewer.userId === null) throw unauthorized(PATIENT_TEXTS.signIn);
    const clinicId = canRunDesk(viewer);
    if (clinicId === null) throw forbidden(PATIENT_TEXTS.signIn);
    return { clinicId, userId: viewer.userId };
  }

  async function card(clinicId: number, id: number): Promise<PatientCard> {
    const visit = await cards.visit(clinicId, id);
    if (!visit) throw notFound(PATIENT_TEXTS.notFound);
    const [rows, note] = await Promise.all([
      cards.history(clinicId, visit),
      cards.note(clinicId, patientKey(visit)),
    ]);
    const visits = rows.map((r) => ({
      id: r.id,
      startsAt: r.startsAt,
      endsAt: r.endsAt,
      tz: r.tz,
      status: calendarStatus(r.status, r.confirmed),
      visitType: r.visitType,
      doctor: r.doctor,
      service: r.service,
      canceledBy: r.canceledBy,
    }));
    const history = patientHistory(visits, clock.now());
    return {
      appointmentId: id,
      name: visit.name,
      phone: visit.phone,
      email: visit.email,
      birthDate: visit.birthDate,
      ...history,
      note: note && { text: note.text, updatedAt: note.updatedAt, updatedBy: note.updatedBy },
    };
  }

  return {
    /**
     * A day or a week of the account's calendar: a clinic's doctors (a doctor: his own places),
     * filtered by doctor, speciality and address. A doctor or an address not the account's is
     * refused (403), never shown empty as if it were.
     */
    async calendar(viewer: SessionViewer, query: CalendarFilter): Promise<Calendar> {
      const scope = scopeOf(viewer);
      const tz = (await repo.homeZone(scope)) ?? 'Europe/Moscow';
      const now = clock.now();
      const today = zonedDay(now, tz).date;
      const date = query.date ?? today;
      const days = query.days ?? 1;
      const places = await repo.places(scope);

      const doctors = [
        ...new Map(places.map((p) => [p.doctorId, { id: p.doctorId, name: p.name }])).values(),
      ];
      const specialities = [
        ...new Map(places.flatMap((p) => p.specialities).map((s) => [s.id, s])).values(),
      ].sort((a, b) => a.name.localeCompare(b.name, 'ru'));
      const addresses = [
        ...new Map(places.map((p) => [p.clinicId, { id: p.clinicId, name: p.address }])).values(),
      ];
      if (query.doctor !== undefined && !doctors.some((d) => d.id === query.doctor))
        throw forbidden(CALENDAR_TEXTS.notOurDoctor);
      if (query.address !== undefined && !addresses.some((a) => a.id === query.address))
        throw forbidden(CALENDAR_TEXTS.notOurAddress);

      const shown = places.filter(
        (p) =>
          (query.doctor === undefined || p.doctorId === query.doctor) &&
          (query.address === undefined || p.clinicId === query.address) &&
          (query.speciality === undefined || p.specialities.some((s) => s.id === query.speciality)),
      );
      const pairs = shown.map((p) => ({ doctorId: p.doctorId, clinicId: p.clinicId }));
      // Zones may differ by address: a day more on each side is read, the pure rule cuts by day.
      const range = {
        from: new Date(Date.parse(`${date}T00:00:00Z`) - DAY_MS),
        to: new Date(Date.parse(`${addDays(date, days)}T00:00:00Z`) + DAY_MS),
      };
      const [visits, holds, blocks, free] = pairs.length
        ? await Promise.all([
            repo.visits(scope, pairs, range),
            repo.holds(scope, range, now),
            repo.blocks(scope, range),
            schedule.doctorSlots({ doctors: pairs, from: date, days }),
          ])
        : [[], [], [], []];
      const list = daysFrom(date, days);
      const columns = calendarColumns(
        shown.map((p) => ({
          doctor: { id: p.doctorId, name: p.name, specialities: p.specialities.map((s) => s.name) },
          clinicId: p.clinicId,
          address: p.address,
          tz: p.tz,
        })),
        list,
        {
          visits,
          holds,
          blocks,
          free: free.map((f) => ({ doctorId: f.doctor_id, clinicId: f.lpu_id, slots: f.slots })),
        },
      );
      return {
        date,
        days,
        today,
        now: now.toISOString(),
        clinicId: 'clinicId' in scope ? scope.clinicId : null,
        options: { doctors, specialities, addresses },
        doctor: query.doctor ?? null,
        speciality: query.speciality ?? null,
        address: query.address ?? null,
        columns,
        totals: list.map((day, i) => ({ day, totals: addTotals(columns.map((c) => c.days[i].totals)) })),
      };
    },

    /** The patient of one of the clinic's visits (another clinic's visit: 404). */
    async patientCard(viewer: SessionViewer, id: number): Promise<PatientCard> {
      const { clinicId } = deskOf(viewer);
      return card(clinicId, id);
    },

    /** Writes the clinic's note on the patient of one of its visits, in the audit with the change. */
    async savePatientNote(viewer: SessionViewer, id: number, text: string): Promise<PatientNote> {
      const { clinicId, userId } = deskOf(viewer);
      const visit = await cards.visit(clinicId, id);
      if (!visit) throw notFound(PATIENT_TEXTS.notFound);
      const key = patientKey(visit);
      const at = clock.now();
      const saved = await db.transaction(async (tx) => {
        const { before, after } = await cards.saveNote(tx, { clinicId, key, text, userId, at });
        await audit(tx, {
          userId,
          action: 'patient_note.saved',
          targetType: 'clinic_patient_notes',
          targetId: after.id,
          before: before === null ? null : { patientKey: key, text: before },
          after: { patientKey: key, text, appointmentId: id },
          at,
        });
        return after;
      });
      return { text: saved.text, updatedAt: saved.updatedAt, updatedBy: saved.updatedBy };
    },
  };
}

export type CabinetCalendar = ReturnType<typeof createCabinetCalendar>;
