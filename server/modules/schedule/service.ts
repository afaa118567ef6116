import type { SlotsBulkBody } from '../../../core/schedule/call-schemas';
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
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { createScheduleRepo } from './repo';

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

  return {
    async slotsBulk(
      body: SlotsBulkBody,
      visitType: 'clinic' | 'home' | 'telemed' = 'clinic',
      /** A patient whose own live holds count as free (their booking page and booking). */
      holdsOf: number | null = null,
    ): Promise<DoctorSlots[]> {
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

      return body.doctors_lpus.map((pair) => {
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
    },
  };
}

export type ScheduleService = ReturnType<typeof createScheduleService>;
