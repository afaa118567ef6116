import { eq } from 'drizzle-orm';
import { appointmentPageUrl } from '../../../core/booking/urls';
import {
  bookingSms,
  clinicCancelSms,
  movedSms,
  REMINDER_BEFORE_MS,
  reminderSms,
  SOON_REMINDER_BEFORE_MS,
  withConfirmLink,
} from '../../../core/booking/visit';
import { formatPhone } from '../../../core/phone/format';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { appointments } from '../../db/schema/booking';
import { clinics } from '../../db/schema/clinics';
import { sentMessages } from '../../db/schema/jobs';
import type { JobKindName } from '../../jobs/kinds';
import type { Job, JobAt, JobHandler, NewJob } from '../../jobs/queue';
import type { SmsProvider } from '../../providers/sms/sms-provider';
import { clinicNewBookingJob } from './clinic-messages';
import { createBookingRepo } from './repo';
import { visitSubject } from './subject';

/** The booking's durable messages: they survive a restart between booking and visit. */
export const BOOKING_JOBS = {
  confirmation: 'booking.confirmation',
  reminder: 'booking.reminder',
  /** The reminder 2 hours before the visit. */
  reminderSoon: 'booking.reminder-2h',
  /** The clinic cancelled in its cabinet: the patient is told why (server/modules/cabinet). */
  canceledByClinic: 'booking.canceled-by-clinic',
  /** The patient moved the visit: the new time by SMS. */
  moved: 'booking.moved',
} as const satisfies Record<string, JobKindName>;

/** The clinic's switch of one reminder. */
type SwitchColumn = typeof clinics.remindDayBefore | typeof clinics.remindHoursBefore;

/** A reminder found this much before its visit was not scheduled by this booking (the visit moved): not sent. */
const REMINDER_SLACK_MS = 3_600_000;

/**
 * When a new booking's messages go: the confirmation at once, the reminders 24 h and 2 h before
 * the visit, each unless the visit is sooner than that (the confirmation already says when it
 * is). Whether the clinic sends reminders is read when they are due.
 */
export function bookingJobTimes(startsAt: Date, now: Date): JobAt[] {
  const out: JobAt[] = [{ kind: BOOKING_JOBS.confirmation, runAt: now }];
  for (const [kind, before] of [
    [BOOKING_JOBS.reminder, REMINDER_BEFORE_MS],
    [BOOKING_JOBS.reminderSoon, SOON_REMINDER_BEFORE_MS],
  ] as const) {
    const remindAt = new Date(startsAt.getTime() - before);
    if (remindAt > now) out.push({ kind, runAt: remindAt });
  }
  return out;
}

/** The jobs of a new booking, each naming its appointment: the patient's messages and the clinic's. */
export function bookingJobs(appointment: { id: number; startsAt: Date }, now: Date): NewJob[] {
  const payload = { appointmentId: appointment.id };
  return [
    ...bookingJobTimes(appointment.startsAt, now).map((job) => ({ ...job, payload })),
    clinicNewBookingJob(appointment.id, now),
  ];
}

/** The jobs of a visit moved to a new time: its SMS at once, and the reminder of the new time. */
export function movedJobs(appointment: { id: number; startsAt: Date }, now: Date): NewJob[] {
  const payload = { appointmentId: appointment.id };
  return bookingJobTimes(appointment.startsAt, now).map((job) => ({
    ...job,
    kind: job.kind === BOOKING_JOBS.confirmation ? BOOKING_JOBS.moved : job.kind,
    payload,
  }));
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
  sms,
  publicOrigin,
}: {
  db: Db;
  clock: Clock;
  sms: SmsProvider | null;
  /** The reminders' link to the visit's page. */
  publicOrigin: string;
}): Record<(typeof BOOKING_JOBS)[keyof typeof BOOKING_JOBS], JobHandler> {
  const repo = createBookingRepo(db);

  /** The active, still upcoming appointment with what the texts name, or null when nothing is to be sent. */
  async function upcoming(job: Job) {
    const appointment = await repo.byId(appointmentIdOf(job));
    if (appointment?.status !== 'active') return null;
    if (new Date(appointment.startsAt) <= clock.now()) return null;
    const subject = await visitSubject(repo, appointment);
    if (!subject) return null;
    return {
      phone: appointment.patientPhone,
      link: `${publicOrigin}${appointmentPageUrl(appointment)}`,
      clinicId: appointment.clinicId,
      visit: {
        ...(subject.kind === 'doctor' ? { doctorName: subject.title } : { serviceName: subject.title }),
        startsAt: appointment.startsAt,
        tz: subject.tz,
        address: subject.address,
      },
    };
  }

  /**
   * A reminder `before` the visit with the link to confirm or cancel it, if the clinic sends
   * this one (`switchedOn`, read now: switching it off stops the queued ones too).
   */
  async function remind(job: Job, before: number, switchedOn: SwitchColumn) {
    if (!sms) return;
    const found = await upcoming(job);
    if (!found) return;
    const [clinic] = await db.select({ on: switchedOn }).from(clinics).where(eq(clinics.id, found.clinicId));
    if (!clinic?.on) return;
    const now = clock.now();
    const ahead = new Date(found.visit.startsAt).getTime() - now.getTime();
    // Scheduled for an earlier time of a visit moved later: that time has a reminder of its own.
    if (ahead > before + REMINDER_SLACK_MS) return;
    const key = `${job.kind}:${appointmentIdOf(job)}:${new Date(found.visit.startsAt).toISOString()}`;
    await sendOnce(job, key, found.phone, withConfirmLink(reminderSms({ ...found.visit, now }), found.link));
  }

  async function sendOnce(job: Job, key: string, phone: string, text: string) {
    if (!sms) return;
    const [sent] = await db
      .select({ key: sentMessages.key })
      .from(sentMessages)
      .where(eq(sentMessages.key, key));
    if (sent) return;
    await sms.send(phone, text);
    await db.insert(sentMessages).values({ key, jobId: job.id, sentAt: clock.now() }).onConflictDoNothing();
  }

  return {
    async [BOOKING_JOBS.confirmation](job) {
      if (!sms) return;
      const found = await upcoming(job);
      if (!found) return;
      const key = `${job.kind}:${appointmentIdOf(job)}`;
      await sendOnce(job, key, found.phone, bookingSms(found.visit));
    },

    [BOOKING_JOBS.reminder]: (job) => remind(job, REMINDER_BEFORE_MS, clinics.remindDayBefore),
    [BOOKING_JOBS.reminderSoon]: (job) => remind(job, SOON_REMINDER_BEFORE_MS, clinics.remindHoursBefore),

    async [BOOKING_JOBS.moved](job) {
      if (!sms) return;
      const found = await upcoming(job);
      if (!found) return;
      // One message per new time: a second move sends its own.
      const key = `${job.kind}:${appointmentIdOf(job)}:${new Date(found.visit.startsAt).toISOString()}`;
      await sendOnce(job, key, found.phone, movedSms(found.visit));
    },

    async [BOOKING_JOBS.canceledByClinic](job) {
      if (!sms) return;
      const id = appointmentIdOf(job);
      const appointment = await repo.byId(id);
      if (appointment?.status !== 'canceled') return;
      const [cancel] = await db
        .select({ by: appointments.canceledBy, reason: appointments.cancelReason, phones: clinics.phones })
        .from(appointments)
        .innerJoin(clinics, eq(clinics.id, appointments.clinicId))
        .where(eq(appointments.id, id));
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
