import type { Canceled, Confirmed } from '../../../core/booking/contracts';
import { cancelMoney } from '../../../core/club/visit-money';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../http/errors';
import type { JobSender } from '../../jobs/queue';
import type { EventBus } from '../../realtime/bus';
import { announceVisit } from '../../realtime/visits';
import type { SessionViewer } from '../auth/viewer';
import type { Appointments } from './appointments';
import { tellClinicOfCancel } from './clinic-messages';
import type { BookingRepo } from './repo';
import { offerVisitTime } from './waitlist';

export const CONFIRM_ERRORS = {
  over: 'Приём уже начался или прошёл',
} as const;

export const CANCEL_ERRORS = {
  notFound: 'Запись не найдена',
  already: 'Запись уже отменена',
  tooLate: 'Отменить запись на сайте уже нельзя: позвоните в клинику',
} as const;

/** Cancelling by the patient or the link's holder, before the clinic's cut-off. */
export function createCancel({
  db,
  clock,
  repo,
  appointments,
  jobs,
  bus,
}: {
  db: Db;
  jobs: JobSender;
  clock: Clock;
  repo: BookingRepo;
  appointments: Appointments;
  bus: EventBus;
}) {
  return {
    /**
     * The patient (or the link's holder) confirms they will come, until the visit begins; the
     * clinic's list shows it at once. Again is harmless: the first time is kept.
     */
    async confirm(viewer: SessionViewer, id: number, token: string | null): Promise<Confirmed> {
      const seen = await appointments.view(viewer, id, token);
      if (!seen) throw notFound(CANCEL_ERRORS.notFound);
      if (seen.appointment.status !== 'active') throw conflict('already_canceled', CANCEL_ERRORS.already);
      if (new Date(seen.appointment.startsAt).getTime() <= clock.now().getTime())
        throw conflict('visit_over', CONFIRM_ERRORS.over);
      const at = await repo.confirm(id, clock.now());
      if (!at) throw conflict('already_canceled', CANCEL_ERRORS.already);
      await announceVisit(bus, seen.appointment, { change: 'confirmed', appointmentId: id });
      return { status: 'confirmed', confirmed_at: at };
    },

    /** The slot is free again at once (the next slot call sees it). */
    async cancel(viewer: SessionViewer, id: number, token: string | null): Promise<Canceled> {
      const seen = await appointments.view(viewer, id, token);
      if (!seen) throw notFound(CANCEL_ERRORS.notFound);
      if (seen.appointment.status !== 'active') throw conflict('already_canceled', CANCEL_ERRORS.already);
      if (!seen.canCancel) throw conflict('cancel_too_late', CANCEL_ERRORS.tooLate);
      const now = clock.now();
      // The time is free, and the waitlist told, in one transaction.
      const canceled = await db.transaction(async (tx) => {
        if (!(await repo.cancel(id, now, tx))) return false;
        await offerVisitTime(tx, jobs, id, now);
        await tellClinicOfCancel(tx, jobs, id, now);
        return true;
      });
      if (!canceled) throw conflict('already_canceled', CANCEL_ERRORS.already);
      await announceVisit(bus, seen.appointment, { change: 'canceled', appointmentId: id });
      // The coupon is non-refundable: the patient's own cancel keeps it (the clinic's refunds it).
      return { status: 'canceled', money: cancelMoney(seen.appointment.prepaid, 'patient') };
    },
  };
}
