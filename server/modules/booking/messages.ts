import { eq } from 'drizzle-orm';
import {
  bookingSms,
  clinicCancelSms,
  movedSms,
  REMINDER_BEFORE_MS,
  reminderSms,
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
import { createBookingRepo } from './repo';
import { visitSubject } from './subject';

/** The booking's durable messages: they survive a restart between booking and visit. */
export const BOOKING_JOBS = {
  confirmation: 'booking.confirmation',
  reminder: 'booking.reminder',
  /** The clinic cancelled in its cabinet: the patient is told why (server/modules/cabinet). */
  canceledByClinic: 'booking.canceled-by-clinic',
  /** The patient moved the visit: the new time by SMS. */
  moved: 'booking.moved',
} as const satisfies Record<string, JobKindName>;

/** A reminder found this much before its visit was not scheduled by this booking (the visit moved): not sent. */
const REMINDER_SLACK_MS = 3_600_000;

/**
 * When a new booking's messages go: the confirmation at once and the reminder 24 h before the
 * visit, unless the visit is sooner than that (the confirmation already says when it is).
 */
export function bookingJobTimes(startsAt: Date, now: Date): JobAt[] {
  const remindAt = new Date(startsAt.getTime() - REMINDER_BEFORE_MS);
  const out: JobAt[] = [{ kind: BOOKING_JOBS.confirmation, runAt: now }];
  if (remindAt > now) out.push({ kind: BOOKING_JOBS.reminder, runAt: remindAt });
  return out;
}

/** The jobs of a new booking, each naming its appointment. */
export function bookingJobs(appointment: { id: number; startsAt: Date }, now: Date): NewJob[] {
  const payload = { appointmentId: appointment.id };
  return bookingJobTimes(appointment.startsAt, now).map((job) => ({ ...job, payload }));
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
}: {
  db: Db;
  clock: Clock;
  sms: SmsProvider | null;
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
      visit: {
        ...(subject.kind === 'doctor' ? { doctorName: subject.title } : { serviceName: subject.title }),
        startsAt: appointment.startsAt,
        tz: subject.tz,
        address: subject.address,
      },
    };
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

    async [BOOKING_JOBS.reminder](job) {
      if (!sms) return;
      const found = await upcoming(job);
      if (!found) return;
      const now = clock.now();
      const ahead = new Date(found.visit.startsAt).getTime() - now.getTime();
      if (ahead > REMINDER_BEFORE_MS + REMINDER_SLACK_MS) return;
      // A visit moved to another time gets a reminder of its own.
      const key = `${job.kind}:${appointmentIdOf(job)}:${new Date(found.visit.startsAt).toISOString()}`;
      await sendOnce(job, key, found.phone, reminderSms({ ...found.visit, now }));
    },

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
