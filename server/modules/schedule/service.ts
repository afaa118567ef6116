import {
  MAX_SLOT_ITEMS,
  type SlotsBulkBody,
  type SlotsBySpecialitiesBody,
} from '../../../core/schedule/call-schemas';
import {
  addDays,
  type BusyRange,
  explicitFreeSlots,
  type FreeSlotsInput,
  freeSlots,
  offsetZone,
  type Slot,
  type SlotsByDay,
} from '../../../core/schedule/free-slots';
import type { ServicesScheduleBody } from '../../../core/schedule/services-call';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { createScheduleRepo, type ServiceLine, type SlotInputs } from './repo';

/** A slot in the `all_slots` answer: taken ones are listed too, marked. */
export type MarkedSlot = Slot & { free?: boolean };

export interface DoctorSlots {
  lpu_id: number;
  doctor_id: number;
  /** Whether the clinic takes bookings of this doctor at all (with no slots: the express button). */
  appointment_on: boolean;
  slots: Record<string, MarkedSlot[]>;
}

const DAY_MS = 86_400_000;

function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

/** Every slot of `all`, marked free when it is also in `free`. */
function markFree(all: SlotsByDay, free: SlotsByDay): Record<string, MarkedSlot[]> {
  const out: Record<string, MarkedSlot[]> = {};
  for (const [day, slots] of Object.entries(all)) {
    const open = new Set((free[day] ?? []).map((s) => s.time));
    out[day] = slots.map((s) => ({ ...s, free: open.has(s.time) }));
  }
  return out;
}

/**
 * Slots of doctors at clinics (spec section 7: POST /ajax/schedule/slots_bulk/): five indexed
 * queries for the whole page of cards, then the pure rules of core/schedule per workplace.
 */
export function createScheduleService({ db, clock }: { db: Db; clock: Clock }) {
  const repo = createScheduleRepo(db);

  const service = {
    /**
     * `POST /ajax/schedule/slots_bulk_by_specialities/`: for each (clinic, speciality), the free
     * times of any of the clinic's doctors of that speciality (at most MAX_SLOT_ITEMS doctors in
     * all, in the clinic's order).
     */
    async slotsBySpecialities(body: SlotsBySpecialitiesBody): Promise<SpecialitySlots[]> {
      const doctors = (
        await repo.doctorsBySpeciality(
          body.lpus_specialities.map((p) => ({ clinicId: p.lpu_id, specialityId: p.speciality_id })),
        )
      ).slice(0, MAX_SLOT_ITEMS);
      const pairs = [...new Map(doctors.map((d) => [`${d.doctorId}:${d.clinicId}`, d])).values()];
      const answers = pairs.length
        ? await service.slotsBulk({
            days: body.days,
            dt_start: body.dt_start,
            doctors_lpus: pairs.map((d) => ({ doctor_id: d.doctorId, lpu_id: d.clinicId })),
            town_timedelta: body.town_timedelta,
            lpu_timedelta: body.lpu_timedelta,
            user_timedelta: body.user_timedelta,
          })
        : [];
      const answerOf = new Map(answers.map((a) => [`${a.doctor_id}:${a.lpu_id}`, a]));
      return body.lpus_specialities.map((p) => ({
        lpu_id: p.lpu_id,
        speciality_id: p.speciality_id,
        slots: mergeDoctorSlots(
          doctors
            .filter((d) => d.clinicId === p.lpu_id && d.specialityId === p.speciality_id)
            .flatMap((d) => answerOf.get(`${d.doctorId}:${d.clinicId}`) ?? []),
        ),
      }));
    },

    /**
     * `POST /ajax/services/schedule/`: the slots of slot-booked price-list lines (spec: 30 days,
     * only_free). Each ask is answered in its order, with what the widget needs to choose between
     * a calendar, the stub and the preliminary-consultation notice.
     */
    async servicesSchedule(
      body: ServicesScheduleBody,
      /** A patient whose own live holds count as free (their booking page and booking). */
      holdsOf: number | null = null,
      /** `service_id` is the line's own id (the booking, which knows its line). */
      { byLine = false } = {},
    ): Promise<ServiceSlots[]> {
      const asks = body.services.map((s) => ({
        clinicId: s.lpu_id,
        key: s.service_id,
        doctorId: s.doctor_id ?? null,
      }));
      const lines = await repo.serviceLines(asks, byLine);
      const lineOf = new Map(lines.map((l) => [l.ask, l]));
      const open = lines.filter((l) => l.appointmentOn && l.hasIntervals);
      const now = clock.now();
      const from = new Date(Date.parse(`${body.day_start}T00:00:00Z`) - DAY_MS);
      const to = new Date(Date.parse(`${addDays(body.day_start, body.days)}T00:00:00Z`) + DAY_MS);
      const inputs = open.length
        ? await repo.serviceSlotInputs(
            open,
            { now, holdsOf },
            { from: body.day_start, to: addDays(body.day_start, body.days) },
            { from, to },
          )
        : { rules: [], exceptions: [], explicit: [], busy: [] };
      const rulesOf = groupBy(inputs.rules, (r) => r.workplaceId);
      const exceptionsOf = groupBy(inputs.exceptions, (e) => e.workplaceId);
      const explicitOf = groupBy(
        inputs.explicit.map((e) => ({ ...e, startsAt: new Date(e.startsAt) })),
        (e) => e.workplaceId,
      );
      const busy = inputs.busy.map((b) => ({
        ...b,
        startsAt: new Date(b.startsAt),
        endsAt: new Date(b.endsAt),
      }));
      const displayZone = body.user_timedelta !== undefined ? offsetZone(body.user_timedelta) : undefined;

      return body.services.map((ask, i) => {
        const line: ServiceLine | undefined = lineOf.get(i + 1);
        const answer: ServiceSlots = {
          lpu_id: ask.lpu_id,
          service_id: ask.service_id,
          ...(ask.doctor_id ? { doctor_id: ask.doctor_id } : {}),
          synonym_id: line?.synonymId ?? null,
          appointment_on: Boolean(line?.appointmentOn),
          has_intervals: Boolean(line?.hasIntervals),
          is_available_appointment_direct: Boolean(line?.isDirect),
          requires_primary_consultation: Boolean(line?.requiresPrimaryConsultation),
          slots: {},
        };
        if (!line?.appointmentOn || !line.hasIntervals) return answer;
        const input: FreeSlotsInput = {
          rules: rulesOf.get(line.id) ?? [],
          exceptions: exceptionsOf.get(line.id) ?? [],
          // The line's own bookings, and the doctor's anywhere for a doctor's line.
          busy: busy.filter(
            (b) => b.clinicServiceId === line.id || (line.doctorId !== null && b.doctorId === line.doctorId),
          ),
          from: body.day_start,
          days: body.days,
          now,
          timeZone: line.tz,
          displayZone,
        };
        const pushed = explicitOf.get(line.id);
        const compute = (i: FreeSlotsInput) => (pushed ? explicitFreeSlots(pushed, i) : freeSlots(i));
        const free = compute(input);
        answer.slots = body.only_free ? free : markFree(compute({ ...input, busy: [] }), free);
        return answer;
      });
    },

    async slotsBulk(
      body: SlotsBulkBody,
      visitType: 'clinic' | 'home' | 'telemed' = 'clinic',
      /** A patient whose own live holds count as free (their booking page and booking). */
      holdsOf: number | null = null,
    ): Promise<DoctorSlots[]> {
      return (await computeSlots(body, visitType, holdsOf)).answers;
    },

    /**
     * What a booking checks, in one query: the workplace (its zone, whether it takes bookings,
     * the visit's price, the clinic's cut-off) and every slot of the day, taken ones marked.
     */
    async bookingDay(
      pair: { doctor_id: number; lpu_id: number },
      visitType: 'clinic' | 'home' | 'telemed',
      day: string,
      holdsOf: number | null,
    ): Promise<{ workplace: BookingWorkplace | null; slots: Record<string, MarkedSlot[]> }> {
      const { answers, workplaces } = await computeSlots(
        { days: 1, dt_start: day, doctors_lpus: [pair], town_timedelta: 0, all_slots: true },
        visitType,
        holdsOf,
      );
      return { workplace: workplaces[0] ?? null, slots: answers[0].slots };
    },
  };

  /** slots_bulk's work: the answers, and the workplaces they were computed for. */
  async function computeSlots(
    body: SlotsBulkBody,
    visitType: 'clinic' | 'home' | 'telemed',
    holdsOf: number | null,
  ): Promise<{ answers: DoctorSlots[]; workplaces: BookingWorkplace[] }> {
    const pairs = body.doctors_lpus.map((p) => ({ doctorId: p.doctor_id, clinicId: p.lpu_id }));
    // Zones differ by clinic: read a day more on each side, the pure rules cut exactly.
    const from = new Date(Date.parse(`${body.dt_start}T00:00:00Z`) - DAY_MS);
    const to = new Date(Date.parse(`${addDays(body.dt_start, body.days)}T00:00:00Z`) + DAY_MS);
    const now = clock.now();
    const { workplaces, rules, exceptions, explicit, busy } = await repo.slotInputs(
      pairs,
      visitType,
      { now, holdsOf },
      { from: body.dt_start, to: addDays(body.dt_start, body.days) },
      { from, to },
    );
    const byPair = new Map(workplaces.map((w) => [`${w.doctorId}:${w.clinicId}`, w]));
    const rulesOf = groupBy(rules, (r) => r.workplaceId);
    const exceptionsOf = groupBy(exceptions, (e) => e.workplaceId);
    const explicitOf = groupBy(
      explicit.map((e) => ({ ...e, startsAt: new Date(e.startsAt) })),
      (e) => e.workplaceId,
    );
    const busyOf = groupBy(
      busy.map((b) => ({
        doctorId: b.doctorId,
        startsAt: new Date(b.startsAt),
        endsAt: new Date(b.endsAt),
      })),
      (b) => b.doctorId,
    );
    const displayZone = body.user_timedelta !== undefined ? offsetZone(body.user_timedelta) : undefined;

    const answers = body.doctors_lpus.map((pair) => {
      const w = byPair.get(`${pair.doctor_id}:${pair.lpu_id}`);
      const answer: DoctorSlots = {
        lpu_id: pair.lpu_id,
        doctor_id: pair.doctor_id,
        appointment_on: Boolean(w?.isAppointmentOn),
        slots: {},
      };
      if (!w?.isAppointmentOn) return answer;
      const taken: BusyRange[] = busyOf.get(w.doctorId) ?? [];
      const input: FreeSlotsInput = {
        rules: rulesOf.get(w.id) ?? [],
        exceptions: exceptionsOf.get(w.id) ?? [],
        busy: taken,
        from: body.dt_start,
        days: body.days,
        now,
        timeZone: w.tz,
        displayZone,
      };
      const pushed = explicitOf.get(w.id);
      // A clinic that pushes slots from its MIS replaces the computed schedule.
      const compute = (i: FreeSlotsInput) => (pushed ? explicitFreeSlots(pushed, i) : freeSlots(i));
      const free = compute(input);
      answer.slots = body.all_slots ? markFree(compute({ ...input, busy: [] }), free) : free;
      return answer;
    });
    return { answers, workplaces };
  }
  return service;
}

/** A doctor's workplace as a booking needs it. */
export type BookingWorkplace = SlotInputs['workplaces'][number];

export type ScheduleService = ReturnType<typeof createScheduleService>;

/** A price-list line's answer of `POST /ajax/services/schedule/`. */
export interface ServiceSlots {
  lpu_id: number;
  /** As asked: a synonym id or the clinic's MIS id. */
  service_id: string;
  doctor_id?: number;
  /** The directory's id of the service found (null: the clinic has no such line). */
  synonym_id: number | null;
  appointment_on: boolean;
  has_intervals: boolean;
  is_available_appointment_direct: boolean;
  /** A slot of it first shows the preliminary-consultation notice. */
  requires_primary_consultation: boolean;
  slots: Record<string, MarkedSlot[]>;
}

/** A clinic's slot for a speciality and the doctors free at that time. */
export type SpecialitySlot = Slot & { doctor_ids: number[] };

export interface SpecialitySlots {
  lpu_id: number;
  speciality_id: number;
  slots: Record<string, SpecialitySlot[]>;
}

/** Merges the doctors' free slots of one clinic and speciality: one entry per time, its doctors listed. */
export function mergeDoctorSlots(answers: DoctorSlots[]): Record<string, SpecialitySlot[]> {
  const byDay = new Map<string, Map<string, SpecialitySlot>>();
  for (const answer of answers) {
    for (const [day, slots] of Object.entries(answer.slots)) {
      let times = byDay.get(day);
      if (!times) {
        times = new Map();
        byDay.set(day, times);
      }
      for (const s of slots) {
        const at = times.get(s.time);
        if (at) at.doctor_ids.push(answer.doctor_id);
        else times.set(s.time, { time: s.time, duration: s.duration, doctor_ids: [answer.doctor_id] });
      }
    }
  }
  const out: Record<string, SpecialitySlot[]> = {};
  for (const day of [...byDay.keys()].sort())
    out[day] = [...(byDay.get(day)?.values() ?? [])].sort((a, b) => a.time.localeCompare(b.time));
  return out;
}
