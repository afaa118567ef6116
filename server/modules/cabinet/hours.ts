import type {
  BookingToggled,
  DatedHoursRemoveRequest,
  DatedHoursRequest,
  DatedHoursSaved,
  Hours,
  HoursFilter,
  HoursRequest,
  HoursSaved,
  HoursWithdrawRequest,
  PendingHours,
} from '../../../core/cabinet/contracts';
import { DATED_HOURS_TEXTS, datedDays, datedHoursRefusal } from '../../../core/cabinet/dated-hours';
import { DAYS_OFF_TEXTS } from '../../../core/cabinet/days-off';
import {
  HOURS_TEXTS,
  hoursStartRefusal,
  pendingChanges,
  visitsOutside,
  weekOfRules,
} from '../../../core/cabinet/hours';
import { addDays } from '../../../core/schedule/free-slots';
import type { Clock } from '../../clock';
import type { Db, DbTx } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import type { JobSender } from '../../jobs/queue';
import type { EventBus } from '../../realtime/bus';
import type { SessionViewer } from '../auth/viewer';
import { WAITLIST_JOBS } from '../booking/waitlist';
import { createHoursRepo } from './hours-repo';
import { commonSlot, createHoursSteps } from './hours-steps';
import type { CabinetAccount, CabinetRepo } from './repo';

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

  const {
    placeOf,
    clinicToday,
    typeOf,
    withoutId,
    changedPlace,
    lockPlace,
    outsideOfDay,
    settleOutside,
    announceCanceled,
  } = createHoursSteps({ clock, bus, repo, hoursRepo, owner, cancelByClinic });

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
          pending: [],
          datedHours: [],
        };
      const visitType = typeOf(place, query.type);
      const rules = await hoursRepo.rulesOn(db, place.workplaceId, visitType, today);
      const changes = pendingChanges(
        await hoursRepo.ruleDates(db, place.workplaceId, visitType, today),
        today,
      );
      const pending: PendingHours[] = [];
      for (const validFrom of changes) {
        const next = await hoursRepo.rulesOn(db, place.workplaceId, visitType, validFrom);
        pending.push({ validFrom, slotMinutes: commonSlot(next), week: weekOfRules(next) });
      }
      return {
        today,
        clinicId,
        places: places.map(withoutId),
        place: { doctorId: place.doctor.id, clinicId: place.clinic.id },
        visitType,
        slotMinutes: commonSlot(rules),
        week: weekOfRules(rules),
        pending,
        datedHours: datedDays(await hoursRepo.datedRows(db, place.workplaceId, visitType, today)),
      };
    },

    /**
     * New weekly hours from a day (today, the clinic's day, by default), in one transaction on the
     * locked workplace: the visits not yet begun from that day on that fall outside them are found; without
     * `cancel_visits` the call is refused with them (409 visits_outside), with it each is
     * cancelled as by 'Отменить запись' (its time is not offered to the waitlist: it is no
     * longer in the hours). Times held outside are let go. Rules that start on that day or later are
     * deleted (a change saved again for its day replaces itself), those in force end the day
     * before, the new ones start on it; the old hours keep the days before. A booking made meanwhile
     * waits on the workplace's lock and then checks its time against the new hours
     * (server/modules/booking/create.ts).
     */
    async setHours(viewer: SessionViewer, body: HoursRequest): Promise<HoursSaved> {
      const { place, visitType } = await changedPlace(viewer, body);
      const { now, today } = await clinicToday(place.clinic.id);
      const validFrom = body.valid_from ?? today;
      const refusal = hoursStartRefusal(validFrom, today);
      if (refusal) throw badRequest(refusal.detail, { code: refusal.code });
      const week = body.week.map((d) => ({
        weekday: d.weekday,
        intervals: [...d.intervals].sort((a, b) => a.start.localeCompare(b.start)),
      }));
      const outcome = await db.transaction(async (tx) => {
        const workplaceId = await lockPlace(tx, place);
        const before = await hoursRepo.rulesOn(tx, workplaceId, visitType, validFrom);
        const upcoming = await hoursRepo.upcomingTimes(tx, workplaceId, visitType, now);
        const extra = await hoursRepo.extraHours(tx, workplaceId, visitType, validFrom);
        // Only the days from the first one of the new hours: the old hours keep the days before.
        const booked = await settleOutside(
          tx,
          visitsOutside(upcoming, week, extra, { from: validFrom }),
          body,
          HOURS_TEXTS.visitsOutside,
          now,
        );
        await hoursRepo.replaceRules(tx, workplaceId, visitType, validFrom, week, body.slot_minutes);
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
            validFrom,
            slotMinutes: body.slot_minutes,
            week,
            canceled: booked.map((b) => b.visit.id),
          },
          at: now,
        });
        return booked;
      });
      await announceCanceled(outcome);
      return { validFrom, canceled: outcome.map((b) => b.visit.id) };
    },

    /**
     * Withdraws the coming change of the weekly hours from a day after today: the hours before it
     * run on until the next change. The visits booked from that day to the next change that fall
     * outside the hours before are refused (409 visits_outside) or cancelled with a reason, as
     * for new hours.
     */
    async withdrawHours(viewer: SessionViewer, body: HoursWithdrawRequest): Promise<HoursSaved> {
      const { place, visitType } = await changedPlace(viewer, body);
      const { now, today } = await clinicToday(place.clinic.id);
      const day = body.valid_from;
      const outcome = await db.transaction(async (tx) => {
        const workplaceId = await lockPlace(tx, place);
        const changes = pendingChanges(await hoursRepo.ruleDates(tx, workplaceId, visitType, today), today);
        if (day <= today || !changes.includes(day)) throw notFound(HOURS_TEXTS.noPending);
        const until = changes.find((d) => d > day);
        const withdrawn = await hoursRepo.rulesOn(tx, workplaceId, visitType, day);
        const restored = await hoursRepo.rulesOn(tx, workplaceId, visitType, addDays(day, -1));
        const upcoming = await hoursRepo.upcomingTimes(tx, workplaceId, visitType, now);
        const extra = await hoursRepo.extraHours(tx, workplaceId, visitType, day);
        const booked = await settleOutside(
          tx,
          visitsOutside(upcoming, weekOfRules(restored), extra, { from: day, until }),
          body,
          HOURS_TEXTS.visitsOutsideOld,
          now,
        );
        await hoursRepo.withdrawRules(tx, workplaceId, visitType, day);
        await jobs.enqueue(tx, [{ kind: WAITLIST_JOBS.opened, runAt: now, payload: { workplaceId } }]);
        await repo.audit(tx, {
          userId: actor(viewer),
          action: 'hours.withdrawn',
          targetType: 'workplaces',
          targetId: workplaceId,
          before: { visitType, validFrom: day, rules: withdrawn },
          after: { visitType, rules: restored, canceled: booked.map((b) => b.visit.id) },
          at: now,
        });
        return booked;
      });
      await announceCanceled(outcome);
      return { validFrom: day, canceled: outcome.map((b) => b.visit.id) };
    },

    /**
     * A date's own hours of a doctor at a clinic for one visit type (replacing the date's earlier
     * ones): the weekly hours do not apply that day. The visits of that day outside the new
     * hours are refused (409 visits_outside) or cancelled with a reason; a whole day off stays
     * closed (409 day_off: the clinic opens it first).
     */
    async setDatedHours(viewer: SessionViewer, body: DatedHoursRequest): Promise<DatedHoursSaved> {
      const { place, visitType } = await changedPlace(viewer, body);
      const { now, today } = await clinicToday(place.clinic.id);
      const refusal = datedHoursRefusal(body.date, today, body.intervals, body.slot_minutes);
      if (refusal) throw badRequest(refusal.detail, { code: refusal.code });
      const intervals = [...body.intervals].sort((a, b) => a.start.localeCompare(b.start));
      const outcome = await db.transaction(async (tx) => {
        const workplaceId = await lockPlace(tx, place);
        if (await hoursRepo.wholeDayOff(tx, workplaceId, body.date))
          throw conflict('day_off', DATED_HOURS_TEXTS.dayOff);
        const before = datedDays(await hoursRepo.datedRows(tx, workplaceId, visitType, body.date)).find(
          (d) => d.date === body.date,
        );
        await hoursRepo.setDatedHours(tx, workplaceId, visitType, body.date, intervals, body.slot_minutes);
        // Read after the write: the day's hours are now its extra hours alone (the week is off).
        const booked = await settleOutside(
          tx,
          await outsideOfDay(tx, workplaceId, visitType, body.date, now, { weekOff: true }),
          body,
          DATED_HOURS_TEXTS.visitsOutside,
          now,
        );
        await jobs.enqueue(tx, [{ kind: WAITLIST_JOBS.opened, runAt: now, payload: { workplaceId } }]);
        await repo.audit(tx, {
          userId: actor(viewer),
          action: 'dated_hours.set',
          targetType: 'workplaces',
          targetId: workplaceId,
          before: before ?? null,
          after: {
            visitType,
            date: body.date,
            slotMinutes: body.slot_minutes,
            intervals,
            canceled: booked.map((b) => b.visit.id),
          },
          at: now,
        });
        return booked;
      });
      await announceCanceled(outcome);
      return { date: body.date, canceled: outcome.map((b) => b.visit.id) };
    },

    /**
     * Takes a date's own hours away: the weekly hours apply that day again. The visits of that
     * day outside them are refused (409 visits_outside) or cancelled with a reason.
     */
    async removeDatedHours(viewer: SessionViewer, body: DatedHoursRemoveRequest): Promise<DatedHoursSaved> {
      const { place, visitType } = await changedPlace(viewer, body);
      const { now, today } = await clinicToday(place.clinic.id);
      const outcome = await db.transaction(async (tx) => {
        const workplaceId = await lockPlace(tx, place);
        const before = datedDays(await hoursRepo.datedRows(tx, workplaceId, visitType, today)).find(
          (d) => d.date === body.date,
        );
        if (!before) throw notFound(DATED_HOURS_TEXTS.notFound);
        await hoursRepo.setDatedHours(tx, workplaceId, visitType, body.date, [], 0);
        const booked = await settleOutside(
          tx,
          await outsideOfDay(tx, workplaceId, visitType, body.date, now, { weekOff: false }),
          body,
          DATED_HOURS_TEXTS.visitsOutsideWeek,
          now,
        );
        await jobs.enqueue(tx, [{ kind: WAITLIST_JOBS.opened, runAt: now, payload: { workplaceId } }]);
        await repo.audit(tx, {
          userId: actor(viewer),
          action: 'dated_hours.removed',
          targetType: 'workplaces',
          targetId: workplaceId,
          before: { visitType, ...before },
          after: { canceled: booked.map((b) => b.visit.id) },
          at: now,
        });
        return booked;
      });
      await announceCanceled(outcome);
      return { date: body.date, canceled: outcome.map((b) => b.visit.id) };
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
      if (!doctors.some((d) => d.id === body.doctor_id)) throw forbidden(DAYS_OFF_TEXTS.notOurDoctor);
      await db.transaction(async (tx) => {
        const [workplaceId] = await repo.lockWorkplaces(tx, {
          clinicId: account.clinicId,
          doctorId: body.doctor_id,
        });
        if (workplaceId === undefined) throw forbidden(DAYS_OFF_TEXTS.notOurDoctor);
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
