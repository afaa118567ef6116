import { CALLBACK_TEXTS, type CallbackOutcome } from '../../../core/cabinet/callbacks';
import type {
  CabinetCallback,
  CabinetCallbacks,
  DaysOff,
  DaysOffAdded,
  DaysOffRequest,
  Reception,
  ReceptionFilter,
  ReceptionVisit,
  VisitStatusBody,
} from '../../../core/cabinet/contracts';
import { DAYS_OFF_TEXTS, daysOffRange } from '../../../core/cabinet/days-off';
import { RECEPTION_TEXTS, STATUS_CHANGE_TEXTS, statusRefusal } from '../../../core/cabinet/reception';
import { zonedDay } from '../../../core/dates/zoned';
import type { Clock } from '../../clock';
import type { Db, DbTx } from '../../db/client';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../http/errors';
import type { JobSender } from '../../jobs/queue';
import { type EventBus, TOPICS } from '../../realtime/bus';
import { announceVisit } from '../../realtime/visits';
import type { SessionViewer } from '../auth/viewer';
import { BOOKING_JOBS } from '../booking/messages';
import { offerVisitTime, WAITLIST_JOBS } from '../booking/waitlist';
import { refundCouponOfAppointment } from '../club/coupon-payments';
import { createCabinetBlocks } from './blocks';
import { createCabinetCalendar } from './calendar';
import { createHomeVisitSettings } from './home-visits';
import { createCabinetHours } from './hours';
import { createClinicNotifications } from './notifications';
import { type CabinetAccount, createCabinetRepo, type DayOffScope, type ReceptionOwner } from './repo';
import { createClinicSettings } from './settings';

export type CabinetService = ReturnType<typeof createCabinetService>;

/** Who made a change: the signed-in account (cabinetOwner has refused anyone else already). */
function actor(viewer: SessionViewer): number {
  if (viewer.userId === null) throw unauthorized(RECEPTION_TEXTS.signIn);
  return viewer.userId;
}

/** What the audit keeps of a visit's state. */
const statusOf = (v: ReceptionVisit) => ({
  status: v.status,
  canceledBy: v.canceledBy,
  cancelReason: v.cancelReason,
});

/** Whose cabinet this is, or the 401/403 for anyone but a doctor or a clinic account. */
export function cabinetOwner(viewer: SessionViewer): CabinetAccount {
  if (viewer.userId === null) throw unauthorized(RECEPTION_TEXTS.signIn);
  if (viewer.role === 'clinic' && viewer.clinicId !== null) return { clinicId: viewer.clinicId };
  if (viewer.role === 'doctor' && viewer.doctorId !== null) return { doctorId: viewer.doctorId };
  throw forbidden(RECEPTION_TEXTS.signIn);
}

/**
 * The doctor's and clinic's side (docs/product/cabinet.md). Every call first settles whose
 * cabinet it is from the session, never from the request: a clinic sees its own visits only.
 */
export function createCabinetService({
  db,
  clock,
  jobs,
  bus,
}: {
  db: Db;
  clock: Clock;
  jobs: JobSender;
  /** Tells the account's other open lists (another administrator, another tab) of a change. */
  bus: EventBus;
}) {
  const repo = createCabinetRepo(db);

  /** 'Today' where the account is: its clinic's town, or the doctor's. */
  async function todayOf(account: CabinetAccount): Promise<{ now: Date; today: string }> {
    const tz = (await repo.homeZone(account)) ?? 'Europe/Moscow';
    const now = clock.now();
    return { now, today: zonedDay(now, tz).date };
  }

  /**
   * The clinic cancels a visit, inside the caller's transaction: the time is free once it
   * commits, the patient's SMS is queued, a prepaid club coupon is refunded.
   */
  async function cancelByClinic(
    tx: DbTx,
    id: number,
    reason: string,
    now: Date,
    { freesTime }: { freesTime: boolean },
  ) {
    await repo.cancel(tx, id, reason, now);
    // A visit cancelled for a day off frees no time; one cancelled on its own goes to the waitlist.
    if (freesTime) await offerVisitTime(tx, jobs, id, now);
    await refundCouponOfAppointment(tx, jobs, id, now);
    await jobs.enqueue(tx, [
      { kind: BOOKING_JOBS.canceledByClinic, runAt: now, payload: { appointmentId: id } },
    ]);
  }

  /** A clinic's doctor named in a call (required for a clinic; a doctor may name only himself). */
  async function doctorOf(account: CabinetAccount, named: number | undefined): Promise<DayOffScope> {
    if (!('clinicId' in account)) {
      if (named !== undefined && named !== account.doctorId) throw forbidden(DAYS_OFF_TEXTS.notOurDoctor);
      return account;
    }
    if (named === undefined) throw badRequest(DAYS_OFF_TEXTS.doctorRequired);
    const doctors = await repo.clinicDoctors(account.clinicId);
    if (!doctors.some((d) => d.id === named)) throw forbidden(DAYS_OFF_TEXTS.notOurDoctor);
    return { clinicId: account.clinicId, doctorId: named };
  }

  return {
    /** Weekly hours and the online-booking switch (hours.ts). */
    ...createCabinetHours({ db, clock, jobs, bus, repo, owner: cabinetOwner, actor, cancelByClinic }),
    /** The clinic's contact for the site's bookings (notifications.ts). */
    ...createClinicNotifications({ db, clock, repo, owner: cabinetOwner }),
    /** The clinic's reminders to its patients and its booking rules (settings.ts). */
    ...createClinicSettings({ db, clock, repo, owner: cabinetOwner, actor }),
    /** Where the clinic's doctors go on home visits, and when to expect them (home-visits.ts). */
    ...createHomeVisitSettings({ db, clock, repo, owner: cabinetOwner, actor }),
    /** The clinic's blocks of its doctors' times (blocks.ts). */
    ...createCabinetBlocks({ db, clock, jobs, bus, repo }),
    /** The calendar of a day or a week, and the patient card at the desk (calendar.ts). */
    ...createCabinetCalendar({ db, clock }),

    /**
     * The reception list: a day or a week of visits, a clinic's optionally for one doctor. A
     * doctor not of the clinic is refused (the call), or shows all doctors (the page's link).
     */
    async reception(
      viewer: SessionViewer,
      query: ReceptionFilter,
      { otherDoctor = 'refuse' }: { otherDoctor?: 'refuse' | 'all' } = {},
    ) {
      const account = cabinetOwner(viewer);
      const tz = (await repo.homeZone(account)) ?? 'Europe/Moscow';
      const now = clock.now();
      const today = zonedDay(now, tz).date;
      const days = query.days ?? 1;
      const date = query.date ?? today;
      let doctors: Reception['doctors'] = [];
      let doctor: number | null = null;
      if ('clinicId' in account) {
        doctors = await repo.clinicDoctors(account.clinicId);
        if (query.doctor !== undefined) {
          // Only a doctor of this clinic: another's id would list nothing, but say so plainly.
          const ours = doctors.some((d) => d.id === query.doctor);
          if (!ours && otherDoctor === 'refuse') throw forbidden(RECEPTION_TEXTS.notOurDoctor);
          doctor = ours ? query.doctor : null;
        }
      }
      const owner: ReceptionOwner =
        'clinicId' in account ? { clinicId: account.clinicId, doctorId: doctor } : account;
      const visits = await repo.visits(owner, date, days);
      const clinicId = 'clinicId' in account ? account.clinicId : null;
      return {
        date,
        days,
        today,
        now: now.toISOString(),
        clinicId,
        doctors,
        doctor,
        visits,
      } satisfies Reception;
    },

    /**
     * The clinic (or the doctor) marks a visit: attended or missed once it has begun, or
     * cancelled with a reason before it ends. A cancel frees the time at once, tells the patient
     * by SMS and refunds a prepaid club coupon, all in one transaction with the change; the row
     * is locked, so two presses (or the patient cancelling at the same moment) change it once.
     */
    async mark(viewer: SessionViewer, id: number, body: VisitStatusBody): Promise<ReceptionVisit> {
      const account = cabinetOwner(viewer);
      const now = clock.now();
      const changed = await db.transaction(async (tx) => {
        const found = await repo.visitForUpdate(tx, account, id);
        if (!found) throw notFound(STATUS_CHANGE_TEXTS.notFound);
        const refusal = statusRefusal(found.visit, body.status, now);
        if (refusal) throw conflict(refusal.code, refusal.detail);
        if (body.status === 'canceled') {
          await cancelByClinic(tx, id, body.reason ?? '', now, { freesTime: true });
        } else {
          await repo.mark(tx, id, body.status, now);
        }
        const after = await repo.visitForUpdate(tx, account, id);
        if (!after) throw notFound(STATUS_CHANGE_TEXTS.notFound);
        await repo.audit(tx, {
          userId: actor(viewer),
          action: `visit.${body.status}`,
          targetType: 'appointments',
          targetId: id,
          before: statusOf(found.visit),
          after: statusOf(after.visit),
          at: now,
        });
        return after;
      });
      await announceVisit(
        bus,
        { clinicId: changed.clinicId, doctorId: changed.visit.doctor?.id ?? null },
        { change: body.status === 'canceled' ? 'canceled' : 'marked', appointmentId: id },
      );
      return changed.visit;
    },

    /** The bus topic of the account's live list: its clinic's visits, or the doctor's. */
    liveTopic(viewer: SessionViewer): string {
      const account = cabinetOwner(viewer);
      return 'clinicId' in account
        ? TOPICS.visits('clinic', account.clinicId)
        : TOPICS.visits('doctor', account.doctorId);
    },

    /** Upcoming days off: a clinic's (all doctors or one), or the doctor's own in every clinic. */
    async daysOff(viewer: SessionViewer, query: { doctor?: number }): Promise<DaysOff> {
      const account = cabinetOwner(viewer);
      const { today } = await todayOf(account);
      if (!('clinicId' in account))
        return {
          today,
          clinicId: null,
          doctors: [],
          doctor: null,
          daysOff: await repo.daysOff(account, today),
        };
      const doctors = await repo.clinicDoctors(account.clinicId);
      const doctor =
        query.doctor !== undefined && doctors.some((d) => d.id === query.doctor) ? query.doctor : null;
      const daysOff = await repo.daysOff({ clinicId: account.clinicId, doctorId: doctor }, today);
      return { today, clinicId: account.clinicId, doctors, doctor, daysOff };
    },

    /**
     * Closes whole days. In one transaction on the locked workplaces: the visits booked on those
     * days are found; without `cancel_visits` the call is refused with them (409 visits_booked),
     * with it each is cancelled as by 'Отменить запись'. Times held on those days are let go, and
     * the days are closed (a day already off stays one row). Repeating the call changes nothing.
     */
    async addDaysOff(viewer: SessionViewer, body: DaysOffRequest): Promise<DaysOffAdded> {
      const account = cabinetOwner(viewer);
      const scope = await doctorOf(account, body.doctor_id);
      const { now, today } = await todayOf(account);
      const days = daysOffRange(body.from, body.to, today);
      if (!Array.isArray(days)) throw badRequest(days.detail, { code: days.code });
      const outcome = await db.transaction(async (tx) => {
        const workplaces = await repo.lockWorkplaces(tx, scope);
        if (workplaces.length === 0) throw forbidden(DAYS_OFF_TEXTS.notOurDoctor);
        // Holds first: deleting one waits for a coupon payment turning it into a visit right now,
        // so the visits read next include it. (A refusal rolls the holds back.)
        await repo.dropHoldsOnDays(tx, workplaces, days);
        const booked = await repo.visitsOnDays(tx, workplaces, days);
        if (booked.length > 0 && !body.cancel_visits)
          throw conflict('visits_booked', DAYS_OFF_TEXTS.visitsBooked, {
            visits: booked.map((b) => b.visit),
          });
        for (const { visit } of booked)
          await cancelByClinic(tx, visit.id, body.reason ?? '', now, { freesTime: false });
        const added = await repo.addDaysOff(tx, workplaces, days);
        await repo.audit(tx, {
          userId: actor(viewer),
          action: 'days_off.added',
          targetType: 'doctors',
          targetId: scope.doctorId,
          before: null,
          after: { ...scope, from: body.from, to: body.to, added, canceled: booked.map((b) => b.visit.id) },
          at: now,
        });
        return { added, booked };
      });
      for (const { visit, clinicId } of outcome.booked)
        await announceVisit(
          bus,
          { clinicId, doctorId: visit.doctor?.id ?? null },
          { change: 'canceled', appointmentId: visit.id },
        );
      return { added: outcome.added, canceled: outcome.booked.map((b) => b.visit.id) };
    },

    /** Opens one of the account's days off again. */
    async removeDayOff(viewer: SessionViewer, id: number): Promise<{ removed: boolean }> {
      const account = cabinetOwner(viewer);
      const removed = await db.transaction(async (tx) => {
        const day = await repo.removeDayOff(tx, account, id);
        if (!day) return null;
        // The day's times are free again: the waitlist hears of them.
        await jobs.enqueue(tx, [
          { kind: WAITLIST_JOBS.opened, runAt: clock.now(), payload: { workplaceId: day.workplaceId } },
        ]);
        await repo.audit(tx, {
          userId: actor(viewer),
          action: 'days_off.removed',
          targetType: 'schedule_exceptions',
          targetId: id,
          before: day,
          after: null,
          at: clock.now(),
        });
        return day;
      });
      if (!removed) throw notFound(DAYS_OFF_TEXTS.notFound);
      return { removed: true };
    },

    /** The account's callback requests: open, or answered. */
    async callbacks(viewer: SessionViewer, status: 'open' | 'done'): Promise<CabinetCallbacks> {
      const account = cabinetOwner(viewer);
      return { status, callbacks: await repo.callbacks(account, status === 'open') };
    },

    /** The clinic called the patient back ('called'), or booked the visit ('booked'). Once. */
    async answerCallback(
      viewer: SessionViewer,
      id: number,
      status: CallbackOutcome,
    ): Promise<CabinetCallback> {
      const account = cabinetOwner(viewer);
      const now = clock.now();
      // Only tx inside: the embedded database has one connection, and a query on it outside the
      // transaction would wait for the transaction to end.
      const answered = await db.transaction(async (tx) => {
        if (!(await repo.answerCallback(tx, account, id, status))) return false;
        await repo.audit(tx, {
          userId: actor(viewer),
          action: `callback.${status}`,
          targetType: 'callback_requests',
          targetId: id,
          before: { status: 'new' },
          after: { status },
          at: now,
        });
        return true;
      });
      const [callback] = await repo.callbacks(account, false, id);
      if (!callback) throw notFound(CALLBACK_TEXTS.notFound);
      if (!answered) throw conflict('already_answered', CALLBACK_TEXTS.answered);
      return callback;
    },
  };
}
