import type { VisitCapReason } from './form';
import { formatVisitTime } from './visit';

/**
 * How many visits a patient may have coming, and how close together (docs/security.md, 'One
 * patient takes many times'). Every way of taking a time asks this rule first: a hold, a booking
 * (the patient's own and the desk's), a club coupon's hold, a waitlist claim and a move.
 *
 * - No overlap with one of the patient's own coming visits (any doctor, any clinic): nobody sits
 *   in two chairs at once, and a second visit at the same hour is a time another patient lost.
 * - Between visits at DIFFERENT clinics, TRAVEL_MINUTES on top: 30 minutes is what crossing a
 *   city centre takes by car or metro in the towns we serve, yet it still lets a patient take
 *   two visits in one morning. Visits at one clinic may follow each other back to back (one
 *   building: the next doctor's door).
 * - At most PER_DOCTOR coming visits with one doctor: a visit and its follow-up. A third is a
 *   hoard of the doctor's scarce times (the waitlist tells of freed ones).
 * - At most TOTAL coming visits overall: a family's check-up round fits in 10, while a script
 *   booking every free time of a town stops at 10.
 */
export const VISIT_CAPS = {
  travelMinutes: 30,
  perDoctor: 2,
  total: 10,
} as const;

/** One of the patient's coming visits (active, not yet over), as the rule and its refusal see it. */
export interface ComingVisit {
  id: number;
  doctorId: number | null;
  clinicId: number;
  startsAt: Date;
  endsAt: Date;
  /** The doctor's full name, or the service's name. */
  title: string;
  clinicName: string;
  /** The clinic's zone: the refusal says the time as its clock shows it. */
  tz: string;
}

/** The time asked for: a hold, a booking, or a visit's new time (`moving`: that visit's id). */
export interface WantedVisit {
  doctorId: number | null;
  clinicId: number;
  startsAt: Date;
  endsAt: Date;
  /** A move: the visit itself is no clash, and the counts do not grow. */
  moving?: number;
}

export interface VisitCapBreach {
  reason: VisitCapReason;
  /** The visit in the way: the clashing one, or the nearest of the doctor's (none for the total). */
  visit: ComingVisit | null;
  /** For a clash: the times overlap (false: they are only too close for the road between clinics). */
  overlaps: boolean;
}

const MINUTE = 60_000;

/** Why the wanted time may not be taken, or null. Clashes first: they name the visit in the way. */
export function visitCapBreach(wanted: WantedVisit, coming: readonly ComingVisit[]): VisitCapBreach | null {
  const others = coming
    .filter((v) => v.id !== wanted.moving)
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const from = wanted.startsAt.getTime();
  const to = wanted.endsAt.getTime();
  for (const v of others) {
    const overlaps = from < v.endsAt.getTime() && v.startsAt.getTime() < to;
    const margin = v.clinicId === wanted.clinicId ? 0 : VISIT_CAPS.travelMinutes * MINUTE;
    const tooClose = from < v.endsAt.getTime() + margin && v.startsAt.getTime() < to + margin;
    if (overlaps || tooClose) return { reason: 'visit_clash', visit: v, overlaps };
  }
  if (wanted.moving !== undefined) return null;
  if (wanted.doctorId !== null) {
    const withDoctor = others.filter((v) => v.doctorId === wanted.doctorId);
    if (withDoctor.length >= VISIT_CAPS.perDoctor)
      return { reason: 'doctor_visits_limit', visit: withDoctor[0], overlaps: false };
  }
  if (others.length >= VISIT_CAPS.total) return { reason: 'visits_limit', visit: null, overlaps: false };
  return null;
}

/**
 * The refusal's words. `forPatient`: the patient asks for themselves and hears which visit is in
 * the way; staff at a desk hear only its time (the visit may be at another clinic: its doctor and
 * clinic are the patient's own business).
 */
export function visitCapText(breach: VisitCapBreach, forPatient: boolean): string {
  const v = breach.visit;
  const when = v ? formatVisitTime(v.startsAt, v.tz) : '';
  const what = v && forPatient ? `${v.title}, ${v.clinicName}, ${when}` : when;
  const whose = forPatient ? 'У вас' : 'У пациента';
  switch (breach.reason) {
    case 'visit_clash':
      return breach.overlaps
        ? `${whose} уже есть запись на это время: ${what}. Выберите другое время.`
        : `${whose} уже есть запись рядом с этим временем в другой клинике: ${what}. Между приёмами в разных клиниках нужно не меньше ${VISIT_CAPS.travelMinutes} минут на дорогу. Выберите другое время.`;
    case 'doctor_visits_limit':
      return `${whose} уже ${VISIT_CAPS.perDoctor} предстоящие записи к этому врачу (ближайшая: ${what}). Чтобы записаться ещё раз, отмените или перенесите одну из них.`;
    case 'visits_limit':
      return `${whose} уже ${VISIT_CAPS.total} предстоящих записей: больше записаться на сайте нельзя. Отмените ненужную запись, чтобы записаться снова.`;
  }
}
