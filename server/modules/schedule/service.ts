import type { VisitType } from '../../../core/booking/urls';
import type {
  DoctorSlots,
  MarkedDays,
  MarkedSlot,
  ServiceSlots,
  SpecialitySlot,
  SpecialitySlots,
} from '../../../core/schedule/contracts';
import {
  addDays,
  type BusyRange,
  explicitFreeSlots,
  type FreeSlotsInput,
  freeSlots,
  offsetZone,
  type SlotsByDay,
} from '../../../core/schedule/free-slots';
import { MAX_SLOT_ITEMS } from '../../../core/schedule/limits';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { createScheduleRepo, type ServiceLine, type SlotInputs } from './repo';

export interface DoctorAtClinic {
  doctorId: number;
  clinicId: number;
}

/** Which days: `days` days from `from` ('yyyy-MM-dd' in each clinic's zone). */
export interface SlotWindow {
  from: string;
  days: number;
  /** Times in this fixed UTC offset (hours) instead of the clinic's zone. */
  displayOffset?: number;
}

/** What a slot lookup counts as taken and what it lists. */
export interface SlotView {
  /** Every slot, taken ones marked `free: false` (by default only the free ones). */
  all?: boolean;
  /** A patient whose own live holds count as free (their booking page and booking). */
  holdsOf?: number | null;
}

export interface DoctorSlotsAsk extends SlotWindow, SlotView {
  doctors: readonly DoctorAtClinic[];
  /** The appointment type's schedule; the clinic's by default. */
  visitType?: VisitType;
}

/** A clinic's line of a service: a synonym id or the clinic's MIS id, a doctor's line with `doctorId`. */
export interface ServiceAsk {
  clinicId: number;
  key: string;
  doctorId: number | null;
}

export interface ServiceSlotsAsk extends SlotWindow, SlotView {
  services: readonly ServiceAsk[];
  /** `key` is the line's own id (a booking, which knows its line). */
  byLine?: boolean;
}

/** A doctor's workplace as a booking needs it. */
export type BookingWorkplace = SlotInputs['workplaces'][number];

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

/** Zones differ by clinic: the rows are read a day more on each side, the pure rules cut exactly. */
const readRange = ({ from, days }: SlotWindow) => ({
  from: new Date(Date.parse(`${from}T00:00:00Z`) - DAY_MS),
  to: new Date(Date.parse(`${addDays(from, days)}T00:00:00Z`) + DAY_MS),
});

const displayZoneOf = (window: SlotWindow) =>
  window.displayOffset !== undefined ? offsetZone(window.displayOffset) : undefined;

/**
 * Slots of doctors at clinics and of clinics' slot-booked services: a few indexed queries for a
 * whole page of cards, then the pure rules of core/schedule per workplace or line. Callers ask
 * in these typed terms; the slot calls' routes adapt their bodies to them.
 */
export function createScheduleService({ db, clock }: { db: Db; clock: Clock }) {
  const repo = createScheduleRepo(db);

  /** The doctors' slots, and the workplaces they were computed for. */
  async function computeDoctorSlots(
    ask: DoctorSlotsAsk,
  ): Promise<{ answers: DoctorSlots[]; workplaces: BookingWorkplace[] }> {
    const visitType = ask.visitType ?? 'clinic';
    const now = clock.now();
    const { workplaces, rules, exceptions, explicit, busy, blocks } = await repo.slotInputs(
      [...ask.doctors],
      visitType,
      { now, holdsOf: ask.holdsOf ?? null },
      { from: ask.from, to: addDays(ask.from, ask.days) },
      readRange(ask),
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
    const blocksOf = groupBy(
      blocks.map((b) => ({
        workplaceId: b.workplaceId,
        startsAt: new Date(b.startsAt),
        endsAt: new Date(b.endsAt),
      })),
      (b) => b.workplaceId,
    );
    const displayZone = displayZoneOf(ask);

    const answers = ask.doctors.map((pair) => {
      const w = byPair.get(`${pair.doctorId}:${pair.clinicId}`);
      const answer: DoctorSlots = {
        lpu_id: pair.clinicId,
        doctor_id: pair.doctorId,
        appointment_on: Boolean(w?.isAppointmentOn),
        slots: {},
      };
      if (!w?.isAppointmentOn) return answer;
      const taken: BusyRange[] = busyOf.get(w.doctorId) ?? [];
      const input: FreeSlotsInput = {
        rules: rulesOf.get(w.id) ?? [],
        exceptions: exceptionsOf.get(w.id) ?? [],
        busy: taken,
        blocks: blocksOf.get(w.id),
        from: ask.from,
        days: ask.days,
        now,
        minNoticeMinutes: w.minNoticeMinutes,
        bufferMinutes: w.bufferMinutes,
        horizonDays: w.bookingHorizonDays,
        timeZone: w.tz,
        displayZone,
      };
      // A clinic that pushes slots from its MIS replaces the computed schedule; a doctor on the
      // pushed schedule has no times where none were pushed. Handed back to the cabinet's weekly
      // hours (mis_schedule off), the slots it pushed before are no longer the schedule.
      const pushed = w.misSchedule ? (explicitOf.get(w.id) ?? []) : undefined;
      const compute = (i: FreeSlotsInput) => (pushed ? explicitFreeSlots(pushed, i) : freeSlots(i));
      const free = compute(input);
      answer.slots = ask.all ? markFree(compute({ ...input, busy: [] }), free) : free;
      return answer;
    });
    return { answers, workplaces };
  }

  async function doctorSlots(ask: DoctorSlotsAsk): Promise<DoctorSlots[]> {
    return (await computeDoctorSlots(ask)).answers;
  }

  async function serviceSlots(ask: ServiceSlotsAsk): Promise<ServiceSlots[]> {
    const lines = await repo.serviceLines([...ask.services], ask.byLine ?? false);
    const lineOf = new Map(lines.map((l) => [l.ask, l]));
    const open = lines.filter((l) => l.appointmentOn && l.hasIntervals);
    const now = clock.now();
    const inputs = open.length
      ? await repo.serviceSlotInputs(
          open,
          { now, holdsOf: ask.holdsOf ?? null },
          { from: ask.from, to: addDays(ask.from, ask.days) },
          readRange(ask),
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
    const displayZone = displayZoneOf(ask);

    return ask.services.map((service, i) => {
      const line: ServiceLine | undefined = lineOf.get(i + 1);
      const answer: ServiceSlots = {
        lpu_id: service.clinicId,
        service_id: service.key,
        ...(service.doctorId ? { doctor_id: service.doctorId } : {}),
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
        from: ask.from,
        days: ask.days,
        now,
        minNoticeMinutes: line.minNoticeMinutes,
        bufferMinutes: line.bufferMinutes,
        timeZone: line.tz,
        displayZone,
      };
      const pushed = explicitOf.get(line.id);
      const compute = (i: FreeSlotsInput) => (pushed ? explicitFreeSlots(pushed, i) : freeSlots(i));
      const free = compute(input);
      answer.slots = ask.all ? markFree(compute({ ...input, busy: [] }), free) : free;
      return answer;
    });
  }

  return {
    /** Slots of doctors at clinics, one answer per pair in the asked order. */
    doctorSlots,

    /** One doctor's days of slots at a clinic. */
    async doctorDays(
      ask: DoctorAtClinic & SlotWindow & SlotView & { visitType?: VisitType },
    ): Promise<MarkedDays> {
      const { doctorId, clinicId, ...rest } = ask;
      const [answer] = await doctorSlots({ ...rest, doctors: [{ doctorId, clinicId }] });
      return answer.slots;
    },

    /**
     * What a booking checks, in one query: the workplace (its zone, whether it takes bookings,
     * the visit's price, the clinic's cut-off) and every slot of the day, taken ones marked.
     */
    async bookingDay(
      ask: DoctorAtClinic & { visitType: VisitType; day: string; holdsOf: number | null },
    ): Promise<{ workplace: BookingWorkplace | null; slots: MarkedDays }> {
      const { answers, workplaces } = await computeDoctorSlots({
        doctors: [{ doctorId: ask.doctorId, clinicId: ask.clinicId }],
        from: ask.day,
        days: 1,
        visitType: ask.visitType,
        holdsOf: ask.holdsOf,
        all: true,
      });
      return { workplace: workplaces[0] ?? null, slots: answers[0].slots };
    },

    /**
     * Slots of slot-booked price-list lines, each ask answered in its order with what the widget
     * needs to choose between a calendar, the stub and the preliminary-consultation notice.
     */
    serviceSlots,

    /** The days of slots of one price-list line, named by its own id (a booking's line). */
    async serviceLineDays(
      ask: { clinicId: number; lineId: number } & SlotWindow & SlotView,
    ): Promise<MarkedDays> {
      const { clinicId, lineId, ...rest } = ask;
      const [answer] = await serviceSlots({
        ...rest,
        services: [{ clinicId, key: String(lineId), doctorId: null }],
        byLine: true,
      });
      return answer.slots;
    },

    /**
     * For each (clinic, speciality), the free times of any of the clinic's doctors of that
     * speciality (at most MAX_SLOT_ITEMS doctors in all, in the clinic's order).
     */
    async slotsBySpecialities(
      ask: SlotWindow & { clinics: readonly { clinicId: number; specialityId: number }[] },
    ): Promise<SpecialitySlots[]> {
      const doctors = (await repo.doctorsBySpeciality([...ask.clinics])).slice(0, MAX_SLOT_ITEMS);
      const pairs = [...new Map(doctors.map((d) => [`${d.doctorId}:${d.clinicId}`, d])).values()];
      const answers = pairs.length
        ? await doctorSlots({
            from: ask.from,
            days: ask.days,
            displayOffset: ask.displayOffset,
            doctors: pairs.map((d) => ({ doctorId: d.doctorId, clinicId: d.clinicId })),
          })
        : [];
      const answerOf = new Map(answers.map((a) => [`${a.doctor_id}:${a.lpu_id}`, a]));
      return ask.clinics.map((p) => ({
        lpu_id: p.clinicId,
        speciality_id: p.specialityId,
        slots: mergeDoctorSlots(
          doctors
            .filter((d) => d.clinicId === p.clinicId && d.specialityId === p.specialityId)
            .flatMap((d) => answerOf.get(`${d.doctorId}:${d.clinicId}`) ?? []),
        ),
      }));
    },
  };
}

export type ScheduleService = ReturnType<typeof createScheduleService>;

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
