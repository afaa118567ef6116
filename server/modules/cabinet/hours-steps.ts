import type { VisitType } from '../../../core/booking/urls';
import type { HoursPlace, ReceptionVisit } from '../../../core/cabinet/contracts';
import { DAYS_OFF_TEXTS } from '../../../core/cabinet/days-off';
import { HOURS_TEXTS, visitsOutside, weekOfRules } from '../../../core/cabinet/hours';
import { zonedDay } from '../../../core/dates/zoned';
import { addDays } from '../../../core/schedule/free-slots';
import type { Clock } from '../../clock';
import type { DbTx } from '../../db/client';
import { badRequest, conflict, forbidden } from '../../http/errors';
import type { EventBus } from '../../realtime/bus';
import { announceVisit } from '../../realtime/visits';
import type { SessionViewer } from '../auth/viewer';
import type { HoursRepo, HoursRule, WorkplaceTime } from './hours-repo';
import type { CabinetAccount, CabinetRepo } from './repo';

// The steps the cabinet's hours calls (hours.ts) share: whose place a call names, its clinic's
// today, the lock of its workplace, and the visits a change leaves outside the hours.

export type Place = HoursPlace & { workplaceId: number };

/** The most common slot length of some rules (the editor shows one per visit type). */
export function commonSlot(rules: readonly HoursRule[]): number | null {
  const counts = new Map<number, number>();
  for (const r of rules) counts.set(r.slotMinutes, (counts.get(r.slotMinutes) ?? 0) + 1);
  let best: number | null = null;
  for (const [minutes, n] of counts) if (best === null || n > (counts.get(best) ?? 0)) best = minutes;
  return best;
}

/** The hours calls' shared steps, over the cabinet service's repo, owner check and cancel. */
export function createHoursSteps({
  clock,
  bus,
  repo,
  hoursRepo,
  owner,
  cancelByClinic,
}: {
  clock: Clock;
  bus: EventBus;
  repo: CabinetRepo;
  hoursRepo: HoursRepo;
  owner: (viewer: SessionViewer) => CabinetAccount;
  cancelByClinic: (
    tx: DbTx,
    id: number,
    reason: string,
    now: Date,
    options: { freesTime: boolean },
  ) => Promise<void>;
}) {
  /**
   * The account's doctor at a clinic named in a call: a clinic names its doctor (required), a
   * doctor names his clinic (required). Another account's is a 403, as for days off.
   */
  function placeOf(
    account: CabinetAccount,
    places: readonly Place[],
    named: { doctor?: number; clinic?: number },
    { required }: { required: boolean },
  ): Place | null {
    if ('clinicId' in account) {
      if (named.clinic !== undefined && named.clinic !== account.clinicId)
        throw forbidden(DAYS_OFF_TEXTS.notOurDoctor);
      if (named.doctor === undefined) {
        if (required) throw badRequest(HOURS_TEXTS.doctorRequired);
        return places[0] ?? null;
      }
      const place = places.find((p) => p.doctor.id === named.doctor);
      if (!place) throw forbidden(DAYS_OFF_TEXTS.notOurDoctor);
      return place;
    }
    if (named.doctor !== undefined && named.doctor !== account.doctorId)
      throw forbidden(DAYS_OFF_TEXTS.notOurDoctor);
    if (named.clinic === undefined) {
      if (required) throw badRequest(HOURS_TEXTS.clinicRequired);
      return places[0] ?? null;
    }
    const place = places.find((p) => p.clinic.id === named.clinic);
    if (!place) throw forbidden(HOURS_TEXTS.notOurClinic);
    return place;
  }

  /** 'Today' on the clinic's clock: new hours start on it. */
  async function clinicToday(clinicId: number): Promise<{ now: Date; today: string }> {
    const tz = (await repo.homeZone({ clinicId })) ?? 'Europe/Moscow';
    const now = clock.now();
    return { now, today: zonedDay(now, tz).date };
  }

  /** The visit type asked, when the place offers it; else its first. */
  function typeOf(place: Place, asked: VisitType | undefined): VisitType {
    if (asked === undefined) return place.visitTypes[0] ?? 'clinic';
    if (!place.visitTypes.includes(asked)) throw badRequest(HOURS_TEXTS.typeNotOffered);
    return asked;
  }

  const withoutId = ({ workplaceId: _, ...place }: Place): HoursPlace => place;

  /** The place and visit type a change names, checked (a doctor whose MIS pushes times: 409). */
  async function changedPlace(
    viewer: SessionViewer,
    body: { doctor_id?: number; clinic_id?: number; visit_type: VisitType },
  ): Promise<{ place: Place; visitType: VisitType }> {
    const account = owner(viewer);
    const places = await hoursRepo.places(account);
    const place = placeOf(
      account,
      places,
      { doctor: body.doctor_id, clinic: body.clinic_id },
      { required: true },
    );
    if (!place) throw forbidden(DAYS_OFF_TEXTS.notOurDoctor);
    const visitType = typeOf(place, body.visit_type);
    if (place.misSchedule) throw conflict('mis_schedule', HOURS_TEXTS.misSchedule);
    return { place, visitType };
  }

  /** Locks the place's workplace row, as a day off does: bookings meanwhile wait and check again. */
  async function lockPlace(tx: DbTx, place: Place): Promise<number> {
    const [workplaceId] = await repo.lockWorkplaces(tx, {
      clinicId: place.clinic.id,
      doctorId: place.doctor.id,
    });
    if (workplaceId === undefined) throw forbidden(DAYS_OFF_TEXTS.notOurDoctor);
    return workplaceId;
  }

  /**
   * The times of one day that its hours (as now written) leave out: with the week off, only its
   * extra hours count; else its weekly rules of that day and its extra hours.
   */
  async function outsideOfDay(
    tx: DbTx,
    workplaceId: number,
    visitType: VisitType,
    date: string,
    now: Date,
    { weekOff }: { weekOff: boolean },
  ): Promise<WorkplaceTime[]> {
    const week = weekOff ? [] : weekOfRules(await hoursRepo.rulesOn(tx, workplaceId, visitType, date));
    const extra = await hoursRepo.extraHours(tx, workplaceId, visitType, date);
    const upcoming = await hoursRepo.upcomingTimes(tx, workplaceId, visitType, now);
    return visitsOutside(upcoming, week, extra, { from: date, until: addDays(date, 1) });
  }

  /**
   * The booked visits a change would drop: refused with them (409 visits_outside) unless the
   * body cancels them with a reason; then each is cancelled as by 'Отменить запись' (its time is
   * not offered to the waitlist: it is no longer in the hours). Times held there are let go.
   */
  async function settleOutside(
    tx: DbTx,
    outside: readonly WorkplaceTime[],
    body: { cancel_visits: boolean; reason?: string },
    refusal: string,
    now: Date,
  ): Promise<{ visit: ReceptionVisit; clinicId: number }[]> {
    const booked = await repo.visitsByIds(
      tx,
      outside.filter((t) => t.status === 'active').map((t) => t.id),
    );
    if (booked.length > 0 && !body.cancel_visits)
      throw conflict('visits_outside', refusal, { visits: booked.map((b) => b.visit) });
    await hoursRepo.dropHolds(
      tx,
      outside.filter((t) => t.status === 'held').map((t) => t.id),
    );
    for (const { visit } of booked)
      await cancelByClinic(tx, visit.id, body.reason ?? '', now, { freesTime: false });
    return booked;
  }

  /** Tells the open reception lists of the visits a change cancelled. */
  async function announceCanceled(outcome: readonly { visit: ReceptionVisit; clinicId: number }[]) {
    for (const { visit, clinicId } of outcome)
      await announceVisit(
        bus,
        { clinicId, doctorId: visit.doctor?.id ?? null },
        { change: 'canceled', appointmentId: visit.id },
      );
  }

  return {
    placeOf,
    clinicToday,
    typeOf,
    withoutId,
    changedPlace,
    lockPlace,
    outsideOfDay,
    settleOutside,
    announceCanceled,
  };
}
