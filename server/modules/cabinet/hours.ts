import type { VisitType } from '../../../core/booking/urls';
import type {
  BookingToggled,
  Hours,
  HoursFilter,
  HoursPlace,
  HoursRequest,
  HoursSaved,
} from '../../../core/cabinet/contracts';
import { DAYS_OFF_TEXTS } from '../../../core/cabinet/days-off';
import { HOURS_TEXTS, visitsOutside, weekOfRules } from '../../../core/cabinet/hours';
import { zonedDay } from '../../../core/dates/zoned';
import type { Clock } from '../../clock';
import type { Db, DbTx } from '../../db/client';
import { badRequest, conflict, forbidden } from '../../http/errors';
import type { JobSender } from '../../jobs/queue';
import type { EventBus } from '../../realtime/bus';
import { announceVisit } from '../../realtime/visits';
import type { SessionViewer } from '../auth/viewer';
import { WAITLIST_JOBS } from '../booking/waitlist';
import { createHoursRepo, type HoursRule } from './hours-repo';
import type { CabinetAccount, CabinetRepo } from './repo';

type Place = HoursPlace & { workplaceId: number };

/** The most common slot length of some rules (the editor shows one per visit type). */
function commonSlot(rules: readonly HoursRule[]): number | null {
  const counts = new Map<number, number>();
  for (const r of rules) counts.set(r.slotMinutes, (counts.get(r.slotMinutes) ?? 0) + 1);
  let best: number | null = null;
  for (const [minutes, n] of counts) if (best === null || n > (counts.get(best) ?? 0)) best = minutes;
  return best;
}

/**
 * The cabinet's weekly hours of a doctor at a clinic and the online-booking switch
 * (docs/product/cabinet.md, 'Weekly hours'). A part of the cabinet service: it shares its
 * owner check, its audit and its cancel of a visit by the clinic.
 */
export function createCabinetHours({
  db,
  clock,
  jobs,
  bus,
  repo,
  owner,
  actor,
  cancelByClinic,
}: {
  db: Db;
  clock: Clock;
  jobs: JobSender;
  bus: EventBus;
  repo: CabinetRepo;
  /** Whose cabinet: the 401/403 for anyone but a doctor or a clinic account. */
  owner: (viewer: SessionViewer) => CabinetAccount;
  actor: (viewer: SessionViewer) => number;
  cancelByClinic: (
    tx: DbTx,
    id: number,
    reason: string,
    now: Date,
    options: { freesTime: boolean },
  ) => Promise<void>;
}) {
  const hoursRepo = createHoursRepo(db);

  /**
   * The account's doctor at a clinic named in a call: a clinic names its doctor (required), a
   * doctor names his clinic (required). Another account's is a 400, as for days off.
   */
  function placeOf(
    account: CabinetAccount,
    places: readonly Place[],
    named: { doctor?: number; clinic?: number },
    { required }: { required: boolean },
  ): Place | null {
    if ('clinicId' in account) {
      if (named.clinic !== undefined && named.clinic !== account.clinicId)
        throw badRequest(DAYS_OFF_TEXTS.notOurDoctor);
      if (named.doctor === undefined) {
        if (required) throw badRequest(HOURS_TEXTS.doctorRequired);
        return places[0] ?? null;
      }
      const place = places.find((p) => p.doctor.id === named.doctor);
      if (!place) throw badRequest(DAYS_OFF_TEXTS.notOurDoctor);
      return place;
    }
    if (named.doctor !== undefined && named.doctor !== account.doctorId)
      throw badRequest(DAYS_OFF_TEXTS.notOurDoctor);
    if (named.clinic === undefined) {
      if (required) throw badRequest(HOURS_TEXTS.clinicRequired);
      return places[0] ?? null;
    }
    const place = places.find((p) => p.clinic.id === named.clinic);
    if (!place) throw badRequest(HOURS_TEXTS.notOurClinic);
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

  return {
    /** A doctor's weekly hours at a clinic for a visit type, in force today; and the account's places. */
    async hours(viewer: SessionViewer, query: HoursFilter): Promise<Hours> {
      const account = owner(viewer);
      const places = await hoursRepo.places(account);
      const place = placeOf(account, places, query, { required: false });
      const clinicId = 'clinicId' in account ? account.clinicId : null;
      const { today } = await clinicToday(place?.clinic.id ?? clinicId ?? 0);
      if (!place)
        return {
          today,
          clinicId,
          places: [],
          place: null,
          visitType: null,
          slotMinutes: null,
          week: weekOfRules([]),
        };
      const visitType = typeOf(place, query.type);
      const rules = await hoursRepo.rulesOn(db, place.workplaceId, visitType, today);
      return {
        today,
        clinicId,
        places: places.map(withoutId),
        place: { doctorId: place.doctor.id, clinicId: place.clinic.id },
        visitType,
        slotMinutes: commonSlot(rules),
        week: weekOfRules(rules),
      };
    },

    /**
     * New weekly hours from today (the clinic's day), in one transaction on the locked
     * workplace: the visits not yet begun that fall outside them are found; without
     * `cancel_visits` the call is refused with them (409 visits_outside), with it each is
     * cancelled as by 'Отменить запись' (its time is not offered to the waitlist: it is no
     * longer in the hours). Times held outside are let go. Rules that started today or later are
     * deleted, those in force end yesterday, the new ones start today. A booking made meanwhile
     * waits on the workplace's lock and then checks its time against the new hours
     * (server/modules/booking/create.ts).
     */
    async setHours(viewer: SessionViewer, body: HoursRequest): Promise<HoursSaved> {
      const account = owner(viewer);
      const places = await hoursRepo.places(account);
      const place = placeOf(
        account,
        places,
        { doctor: body.doctor_id, clinic: body.clinic_id },
        { required: true },
      );
      if (!place) throw badRequest(DAYS_OFF_TEXTS.notOurDoctor);
      const visitType = typeOf(place, body.visit_type);
      // Pushed times replace the weekly rules: hours saved here would change nothing, and every
      // pushed visit would read as outside them.
      if (place.misSchedule) throw conflict('mis_schedule', HOURS_TEXTS.misSchedule);
      const { now, today } = await clinicToday(place.clinic.id);
      const week = body.week.map((d) => ({
        weekday: d.weekday,
        intervals: [...d.intervals].sort((a, b) => a.start.localeCompare(b.start)),
      }));
      const outcome = await db.transaction(async (tx) => {
        const [workplaceId] = await repo.lockWorkplaces(tx, {
          clinicId: place.clinic.id,
          doctorId: place.doctor.id,
        });
        if (workplaceId === undefined) throw badRequest(DAYS_OFF_TEXTS.notOurDoctor);
        const before = await hoursRepo.rulesOn(tx, workplaceId, visitType, today);
        const upcoming = await hoursRepo.upcomingTimes(tx, workplaceId, visitType, now);
        const extra = await hoursRepo.extraHours(tx, workplaceId, today);
        const outside = visitsOutside(upcoming, week, extra);
        const held = outside.filter((t) => t.status === 'held').map((t) => t.id);
        const booked = await repo.visitsByIds(
          tx,
          outside.filter((t) => t.status === 'active').map((t) => t.id),
        );
        if (booked.length > 0 && !body.cancel_visits)
          throw conflict('visits_outside', HOURS_TEXTS.visitsOutside, {
            visits: booked.map((b) => b.visit),
          });
        await hoursRepo.dropHolds(tx, held);
        for (const { visit } of booked)
          await cancelByClinic(tx, visit.id, body.reason ?? '', now, { freesTime: false });
        await hoursRepo.replaceRules(tx, workplaceId, visitType, today, week, body.slot_minutes);
        // New hours may open times: the waitlist hears of them.
        await jobs.enqueue(tx, [{ kind: WAITLIST_JOBS.opened, runAt: now, payload: { workplaceId } }]);
        await repo.audit(tx, {
          userId: actor(viewer),
          action: 'hours.changed',
          targetType: 'workplaces',
          targetId: workplaceId,
          before: { visitType, rules: before },
          after: {
            visitType,
            validFrom: today,
            slotMinutes: body.slot_minutes,
            week,
            canceled: booked.map((b) => b.visit.id),
          },
          at: now,
        });
        return booked;
      });
      for (const { visit, clinicId } of outcome)
        await announceVisit(
          bus,
          { clinicId, doctorId: visit.doctor?.id ?? null },
          { change: 'canceled', appointmentId: visit.id },
        );
      return { validFrom: today, canceled: outcome.map((b) => b.visit.id) };
    },

    /**
     * A clinic switches online booking of one of its doctors: off, no times are offered and
     * bookings are refused ('Клиника сейчас не принимает онлайн-запись к этому врачу.'); the
     * visits booked stay. A doctor account may not.
     */
    async setBooking(
      viewer: SessionViewer,
      body: { doctor_id: number; on: boolean },
    ): Promise<BookingToggled> {
      const account = owner(viewer);
      if (!('clinicId' in account)) throw forbidden(HOURS_TEXTS.bookingClinicOnly);
      const doctors = await repo.clinicDoctors(account.clinicId);
      if (!doctors.some((d) => d.id === body.doctor_id)) throw badRequest(DAYS_OFF_TEXTS.notOurDoctor);
      await db.transaction(async (tx) => {
        const [workplaceId] = await repo.lockWorkplaces(tx, {
          clinicId: account.clinicId,
          doctorId: body.doctor_id,
        });
        if (workplaceId === undefined) throw badRequest(DAYS_OFF_TEXTS.notOurDoctor);
        const before = await hoursRepo.appointmentOn(tx, workplaceId);
        await hoursRepo.setAppointmentOn(tx, workplaceId, body.on);
        if (body.on && !before)
          await jobs.enqueue(tx, [
            { kind: WAITLIST_JOBS.opened, runAt: clock.now(), payload: { workplaceId } },
          ]);
        await repo.audit(tx, {
          userId: actor(viewer),
          action: 'booking.toggled',
          targetType: 'workplaces',
          targetId: workplaceId,
          before: { on: before },
          after: { on: body.on },
          at: clock.now(),
        });
      });
      return { doctor_id: body.doctor_id, on: body.on };
    },
  };
}
