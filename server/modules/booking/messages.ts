import { appointmentPageUrl } from '../../../core/booking/urls';
import {
  bookingSms,
  clinicCancelSms,
  clinicConfirmSms,
  movedSms,
  REMINDER_BEFORE_MS,
  reminderSms,
  SOON_REMINDER_BEFORE_MS,
  withConfirmLink,
} from '../../../core/booking/visit';
import { visitMoney, visitMoneySms } from '../../../core/club/visit-money';
import { onlineVisitPlace } from '../../../core/online/room';
import { formatPhone } from '../../../core/phone/format';
import { visitEmail } from '../../../core/profile/rules';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { JobKindName } from '../../jobs/kinds';
import type { Job, JobHandler, JobSender, NewJob } from '../../jobs/queue';
import type { EmailProvider } from '../../providers/email/email-provider';
import type { SmsProvider } from '../../providers/sms/sms-provider';
import { createBookingPeople } from '../profile/booking-people';
import {
  cancelOf,
  claimDueReminders,
  forgetPastReminderClaims,
  markSent,
  type ReminderSwitch,
  reminderSwitchedOn,
  wasSent,
} from './messages-repo';
import { createBookingRepo } from './repo';
import { visitSubject } from './subject';

/** The booking's durable messages: they survive a restart between booking and visit. */
export const BOOKING_JOBS = {
  confirmation: 'booking.confirmation',
  reminder: 'booking.reminder',
  /** The reminder 2 hours before the visit. */
  reminderSoon: 'booking.reminder-2h',
  /** The minute's sweep that queues the reminders whose time has come. */
  remindersDue: 'booking.reminders-due',
  /** The clinic cancelled in its cabinet: the patient is told why (server/modules/cabinet). */
  canceledByClinic: 'booking.canceled-by-clinic',
  /** The visit moved to a new time (by the patient, or at the clinic's desk): the new time by SMS. */
  moved: 'booking.moved',
  /** The clinic confirmed the visit at its front desk: the patient is told by SMS. */
  confirmedByClinic: 'booking.confirmed-by-clinic',
} as const satisfies Record<string, JobKindName>;

/** A reminder found this much before its visit was not queued for its time (the visit moved): not sent. */
const REMINDER_SLACK_MS = 3_600_000;

/** The reminders of a visit, each this long before it. */
const REMINDERS = [
  { kind: BOOKING_JOBS.reminder, before: REMINDER_BEFORE_MS },
  { kind: BOOKING_JOBS.reminderSoon, before: SOON_REMINDER_BEFORE_MS },
] as const;

/**
 * A new booking's job, at once: the patient's confirmation and the clinic's message (one job, one
 * insert in the booking's transaction). Its reminders are not jobs yet: the minute's sweep queues
 * them when due.
 */
export function bookingJobs(appointmentId: number, now: Date): NewJob[] {
  return [{ kind: BOOKING_JOBS.confirmation, runAt: now, payload: { appointmentId } }];
}

/** The job of a visit moved to a new time: its SMS at once (the new time's reminders come by the sweep). */
export function movedJobs(appointmentId: number, now: Date): NewJob[] {
  return [{ kind: BOOKING_JOBS.moved, runAt: now, payload: { appointmentId } }];
}

/**
 * The sweep, every minute: queues the reminders whose time (24 h, 2 h before the visit) has come,
 * of the active visits still ahead that were booked or moved on the site before that time (a
 * visit booked 5 hours ahead gets the 2-hour one only; its confirmation says when it is). One row
 * per visit, kind and time in queued_reminders claims each reminder in the sweep's transaction,
 * so two sweeps at once, a retried one or a clock moved back queue none twice; a visit moved to a
 * new time gets that time's. Whether the clinic sends reminders is read when they run. A sweep
 * late (the app was down) queues the missed ones of visits still ahead. Instead of two delayed
 * jobs per booking: pg-boss's insert was the largest part of a booking's database time.
 */
export async function queueDueReminders(db: Db, jobs: JobSender, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const claimed = await claimDueReminders(tx, REMINDERS, now);
    const due = claimed.map((r) => ({
      kind: r.kind,
      runAt: now,
      payload: { appointmentId: r.appointmentId },
    }));
    if (due.length > 0) await jobs.enqueue(tx, due);
    await forgetPastReminderClaims(tx, now);
    return due.length;
  });
}

function appointmentIdOf(job: Job): number {
  const id = (job.payload as { appointmentId?: unknown } | null)?.appointmentId;
  if (typeof id !== 'number') throw new Error(`job ${job.id}: payload without appointmentId`);
  return id;
}

/**
 * Handlers of the booking jobs. Each reads the appointment again when it runs: a visit cancelled
 * (or already over) by then gets no message. A provider error throws, and the queue retries.
 * A job runs at least once (a worker killed after the send runs it again): each message has a
 * key, recorded in sent_messages after the send, and a message whose key is there is not sent
 * again. Only a crash between the provider's answer and that insert can still send twice.
 */
export function createBookingMessageHandlers({
  db,
  clock,
  jobs,
  tellClinic,
  sms,
  email = null,
  publicOrigin,
}: {
  db: Db;
  clock: Clock;
  /** Where the sweep queues the reminders that are due. */
  jobs: JobSender;
  /** The clinic's message of a new booking (clinic-messages.ts), sent by the confirmation's job. */
  tellClinic: JobHandler;
  sms: SmsProvider | null;
  /** E-mail copies of the confirmation and reminders, for patients who chose them in the profile. */
  email?: EmailProvider | null;
  /** The reminders' link to the visit's page. */
  publicOrigin: string;
}): Record<(typeof BOOKING_JOBS)[keyof typeof BOOKING_JOBS], JobHandler> {
  const repo = createBookingRepo(db);
  const people = createBookingPeople({ db });

  /** The active, still upcoming appointment with what the texts name, or null when nothing is to be sent. */
  async function upcoming(job: Job) {
    const appointment = await repo.byId(appointmentIdOf(job));
    if (appointment?.status !== 'active') return null;
    if (new Date(appointment.startsAt) <= clock.now()) return null;
    const subject = await visitSubject(repo, appointment);
    if (!subject) return null;
    const copies = await people.visitCopies(appointment.id);
    return {
      phone: appointment.patientPhone,
      email: copies.email,
      link: `${publicOrigin}${appointmentPageUrl(appointment)}`,
      clinicId: appointment.clinicId,
      // A prepaid visit's texts say what was paid on the site and what is left for the clinic.
      money: visitMoneySms(visitMoney(appointment.price, appointment.prepaid)),
      visit: {
        ...(subject.kind === 'doctor' ? { doctorName: subject.title } : { serviceName: subject.title }),
        startsAt: appointment.startsAt,
        tz: subject.tz,
        // A relative's visit: the texts name the person (they go to the account's phone).
        ...(copies.person ? { patientName: copies.person } : {}),
        // An online visit's place is its room: the link and what the patient needs.
        address:
          appointment.visitType === 'telemed'
            ? onlineVisitPlace(publicOrigin, appointment.id)
            : subject.address,
        // A home visit with the clinic's window: 'с 10:00 до 12:00' instead of the instant.
        windowMinutes: subject.home?.windowMinutes ?? null,
      },
    };
  }

  /**
   * A reminder `before` the visit with the link to confirm or cancel it, if the clinic sends
   * this one (`switchedOn`, read now: switching it off stops the queued ones too).
   */
  async function remind(job: Job, before: number, switchedOn: ReminderSwitch) {
    if (!sms) return;
    const found = await upcoming(job);
    if (!found) return;
    if (!(await reminderSwitchedOn(db, found.clinicId, switchedOn))) return;
    const now = clock.now();
    const ahead = new Date(found.visit.startsAt).getTime() - now.getTime();
    // Queued for an earlier time of a visit moved later: that time has a reminder of its own.
    if (ahead > before + REMINDER_SLACK_MS) return;
    const key = `${job.kind}:${appointmentIdOf(job)}:${new Date(found.visit.startsAt).toISOString()}`;
    await sendOnce(
      job,
      key,
      found.phone,
      withConfirmLink(reminderSms({ ...found.visit, now }) + found.money, found.link),
    );
    await mailOnce(job, `${key}:email`, found, 'Напоминание о записи', reminderSms({ ...found.visit, now }));
  }

  async function sendOnce(job: Job, key: string, phone: string, text: string) {
    if (!sms) return;
    if (await wasSent(db, key)) return;
    await sms.send(phone, text);
    await markSent(db, key, job.id, clock.now());
  }

  /** The e-mail copy of a message, once (its own key), when the patient chose copies by e-mail. */
  async function mailOnce(
    job: Job,
    key: string,
    found: { email: string | null; link: string },
    subject: string,
    text: string,
  ) {
    if (!email || !found.email) return;
    if (await wasSent(db, key)) return;
    await email.send({ to: found.email, ...visitEmail(subject, text, found.link) });
    await markSent(db, key, job.id, clock.now());
  }

  return {
    /**
     * The patient's confirmation, then the clinic's message, each sent once (its own key). The
     * clinic is told even when the patient's SMS failed; the failure then retries the job, and
     * what went is not sent again.
     */
    async [BOOKING_JOBS.confirmation](job) {
      let failed: unknown = null;
      try {
        const found = sms ? await upcoming(job) : null;
        if (found)
          await sendOnce(
            job,
            `${job.kind}:${appointmentIdOf(job)}`,
            found.phone,
            bookingSms(found.visit) + found.money,
          );
        if (found)
          await mailOnce(
            job,
            `${job.kind}:${appointmentIdOf(job)}:email`,
            found,
            'Вы записаны на приём',
            bookingSms(found.visit),
          );
      } catch (err) {
        failed = err;
      }
      await tellClinic(job);
      if (failed) throw failed;
    },

    async [BOOKING_JOBS.remindersDue]() {
      await queueDueReminders(db, jobs, clock.now());
    },

    [BOOKING_JOBS.reminder]: (job) => remind(job, REMINDER_BEFORE_MS, 'remindDayBefore'),
    [BOOKING_JOBS.reminderSoon]: (job) => remind(job, SOON_REMINDER_BEFORE_MS, 'remindHoursBefore'),

    async [BOOKING_JOBS.moved](job) {
      if (!sms) return;
      const found = await upcoming(job);
      if (!found) return;
      // One message per new time: a second move sends its own.
      const key = `${job.kind}:${appointmentIdOf(job)}:${new Date(found.visit.startsAt).toISOString()}`;
      await sendOnce(job, key, found.phone, movedSms(found.visit) + found.money);
    },

    async [BOOKING_JOBS.confirmedByClinic](job) {
      if (!sms) return;
      const found = await upcoming(job);
      if (!found) return;
      await sendOnce(job, `${job.kind}:${appointmentIdOf(job)}`, found.phone, clinicConfirmSms(found.visit));
    },

    async [BOOKING_JOBS.canceledByClinic](job) {
      if (!sms) return;
      const id = appointmentIdOf(job);
      const appointment = await repo.byId(id);
      if (appointment?.status !== 'canceled') return;
      const cancel = await cancelOf(db, id);
      if (cancel?.by !== 'clinic' || !cancel.reason) return;
      const subject = await visitSubject(repo, appointment);
      if (!subject) return;
      const text = clinicCancelSms({
        ...(subject.kind === 'doctor' ? { doctorName: subject.title } : { serviceName: subject.title }),
        startsAt: appointment.startsAt,
        tz: subject.tz,
        reason: cancel.reason,
        clinicPhone: cancel.phones[0] ? formatPhone(cancel.phones[0]) : null,
      });
      await sendOnce(job, `${job.kind}:${id}`, appointment.patientPhone, text);
    },
  };
}
