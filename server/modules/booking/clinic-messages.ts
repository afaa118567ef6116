import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns/format';
import { ru } from 'date-fns/locale/ru';
import { DAY_PART_LABELS } from '../../../core/booking/callback';
import type {} from '../../../core/booking/contracts';
import type { VisitSubject } from '../../../core/booking/page-contracts';
import type { VisitType } from '../../../core/booking/urls';
import { formatVisitTime, shortName } from '../../../core/booking/visit';
import { CABINET_CALLBACKS_PATH } from '../../../core/cabinet/callbacks';
import { CABINET_APPOINTMENTS_PATH, VISIT_TYPE_LABELS } from '../../../core/cabinet/reception';
import { toRoubles } from '../../../core/club/rules';
import { formatPhone } from '../../../core/phone/format';
import type { DayPart } from '../../../core/schedule/slot-filters';
import type { Clock } from '../../clock';
import type { Db, DbTx } from '../../db/client';
import type { JobKindName } from '../../jobs/kinds';
import type { Job, JobHandler, JobSender } from '../../jobs/queue';
import type { EmailProvider } from '../../providers/email/email-provider';
import type { SmsProvider } from '../../providers/sms/sms-provider';
import { callbackNoticeOf, clinicNoticeOf, markSent, wasSent } from './messages-repo';
import { createBookingRepo } from './repo';
import { visitSubject } from './subject';

/**
 * The clinic's own messages of the site's bookings (docs/product/cabinet.md, 'Notifications to
 * the clinic'): to the phone and e-mail it set in its cabinet, each switch read when the job runs.
 */
export const CLINIC_JOBS = {
  /**
   * A booking made on the site: told by the booking's confirmation job (messages.ts), which
   * runs this kind's handler too; a job of this kind is one queued before that.
   */
  newBooking: 'booking.clinic-new',
  /** A patient cancelled on the site: queued with the cancel. */
  patientCanceled: 'booking.clinic-canceled',
  /** A patient asked for a call back: queued with the request. */
  callback: 'booking.clinic-callback',
} as const satisfies Record<string, JobKindName>;

/** The clinic's message of a patient's cancel, queued in the cancel's transaction. */
export async function tellClinicOfCancel(tx: DbTx, jobs: JobSender, appointmentId: number, now: Date) {
  await jobs.enqueue(tx, [{ kind: CLINIC_JOBS.patientCanceled, runAt: now, payload: { appointmentId } }]);
}

/** The clinic's message of a patient's callback request, queued in the request's transaction. */
export async function tellClinicOfCallback(tx: DbTx, jobs: JobSender, callbackId: number, now: Date) {
  await jobs.enqueue(tx, [{ kind: CLINIC_JOBS.callback, runAt: now, payload: { callbackId } }]);
}

type Event = 'new' | 'canceled';

/** What both messages tell of one visit. */
export interface ClinicNotice {
  event: Event;
  startsAt: string;
  tz: string;
  subject: Pick<VisitSubject, 'kind' | 'title' | 'details'>;
  visitType: VisitType;
  patientName: string;
  patientPhone: string;
  /** Whole roubles, or null when the booking named no price. */
  price: number | null;
  /** Prepaid on the site with a club coupon, whole roubles; null without one. */
  prepaid: number | null;
  /** The cabinet's list of the visit's day. */
  link: string;
}

const HEAD: Record<Event, string> = { new: 'Новая запись', canceled: 'Отмена записи' };

/** 'Иванов Олег Игоревич' → 'Иванов О.': the SMS names the patient no further. */
const patientShort = (name: string) => {
  const [last, first] = name.trim().split(/\s+/);
  return first ? `${last} ${first[0]}.` : last;
};

/** 'терапевт Петров П. П.', or the service's name. */
function whoShort(subject: ClinicNotice['subject']): string {
  if (subject.kind === 'service') return subject.title;
  const speciality = subject.details[0]?.toLowerCase();
  return speciality ? `${speciality} ${shortName(subject.title)}` : `врач ${shortName(subject.title)}`;
}

const when = (n: Pick<ClinicNotice, 'startsAt' | 'tz'>) =>
  format(new TZDate(new Date(n.startsAt).getTime(), n.tz), 'd MMMM, HH:mm', { locale: ru });

/**
 * 'Новая запись: 1 декабря, 15:00, Петров О., терапевт Иванова А. П. Подробнее в кабинете: …':
 * SMS is read over shoulders and kept by operators, so the patient is a surname and an initial,
 * never a phone number.
 */
export function clinicSms(n: ClinicNotice): string {
  // 'Чернова А. Н.' already ends the sentence: no second full stop.
  const sentence = `${HEAD[n.event]}: ${when(n)}, ${patientShort(n.patientName)}, ${whoShort(n.subject)}`;
  return `${sentence.endsWith('.') ? sentence : `${sentence}.`} Подробнее в кабинете: ${n.link}`;
}

const rub = (n: number) => `${n.toLocaleString('ru-RU').replace(/\s/g, ' ')} ₽`;

/** The letter: subject 'Новая запись на 1 декабря, 15:00' and the visit in full. */
export function clinicEmail(n: ClinicNotice): { subject: string; text: string } {
  const lines = [
    n.event === 'new'
      ? 'Пациент записался на сайте ПроДокторов.'
      : 'Пациент отменил запись на сайте ПроДокторов.',
    '',
    `Время приёма: ${formatVisitTime(n.startsAt, n.tz)}`,
    n.subject.kind === 'doctor'
      ? `Врач: ${n.subject.title}${n.subject.details.length ? `, ${n.subject.details.join(', ').toLowerCase()}` : ''}`
      : `Услуга: ${n.subject.title}`,
    `Вид приёма: ${VISIT_TYPE_LABELS[n.visitType]}`,
    `Пациент: ${n.patientName}`,
    `Телефон: ${formatPhone(n.patientPhone)}`,
  ];
  if (n.price !== null) lines.push(`Стоимость: ${rub(n.price)}`);
  if (n.prepaid !== null) lines.push(`Предоплата по клубной карте: ${rub(n.prepaid)}`);
  lines.push('', `Подробнее в кабинете: ${n.link}`);
  return { subject: `${HEAD[n.event]} на ${when(n)}`, text: lines.join('\n') };
}

/** A callback request as the clinic's messages tell it. */
export interface CallbackNotice {
  date: string;
  times: string[];
  patientName: string | null;
  patientPhone: string;
  doctorName: string;
  link: string;
}

const dayParts = (times: string[]) =>
  times.map((t) => DAY_PART_LABELS[t as DayPart]?.toLowerCase() ?? t).join(', ');
const callbackDay = (date: string) => format(new Date(`${date}T12:00:00Z`), 'd MMMM', { locale: ru });

/**
 * 'Заявка на звонок: Петров О. просит перезвонить 1 декабря (утро, 6–11), к врачу Чернова А. Н.
 * Подробнее в кабинете: …' — the patient a surname and an initial, never a phone number.
 */
export function callbackSms(n: CallbackNotice): string {
  const who = n.patientName ? patientShort(n.patientName) : 'Пациент';
  const sentence = `Заявка на звонок: ${who} просит перезвонить ${callbackDay(n.date)} (${dayParts(n.times)}), к врачу ${shortName(n.doctorName)}`;
  return `${sentence.endsWith('.') ? sentence : `${sentence}.`} Подробнее в кабинете: ${n.link}`;
}

/** The letter: the patient's phone and when to call. */
export function callbackEmail(n: CallbackNotice): { subject: string; text: string } {
  return {
    subject: `Заявка на звонок на ${callbackDay(n.date)}`,
    text: [
      'Пациент просит перезвонить и подобрать время приёма: свободного времени на сайте не нашлось.',
      '',
      `Когда звонить: ${callbackDay(n.date)}, ${dayParts(n.times)}`,
      `Врач: ${n.doctorName}`,
      `Пациент: ${n.patientName ?? 'не назвался'}`,
      `Телефон: ${formatPhone(n.patientPhone)}`,
      '',
      `Подробнее в кабинете: ${n.link}`,
    ].join('\n'),
  };
}

function appointmentIdOf(job: Job): number {
  const id = (job.payload as { appointmentId?: unknown } | null)?.appointmentId;
  if (typeof id !== 'number') throw new Error(`job ${job.id}: payload without appointmentId`);
  return id;
}

/**
 * Handlers of the clinic's messages. Each reads the visit and the clinic's contact when it runs:
 * a contact set after the booking still hears of it, a switch turned off sends nothing, a clinic
 * without a contact gets nothing and the job is done. Each message (SMS, letter) has its key in
 * sent_messages, as the patient's messages do: a job run again after a crash does not send twice,
 * and a letter that failed after the SMS went is retried alone.
 */
export function createClinicMessageHandlers({
  db,
  clock,
  sms,
  email,
  publicOrigin,
}: {
  db: Db;
  clock: Clock;
  sms: SmsProvider | null;
  email: EmailProvider;
  publicOrigin: string;
}): Record<(typeof CLINIC_JOBS)[keyof typeof CLINIC_JOBS], JobHandler> {
  const repo = createBookingRepo(db);

  async function once(job: Job, key: string, send: () => Promise<unknown>) {
    if (await wasSent(db, key)) return;
    await send();
    await markSent(db, key, job.id, clock.now());
  }

  async function notify(job: Job, event: Event) {
    const id = appointmentIdOf(job);
    const row = await clinicNoticeOf(db, id);
    if (!row || (!row.phone && !row.email)) return;
    if (event === 'new' ? !row.onNew : !row.onCancel) return;
    // A booking is told while it stands, unless the clinic made it at its own desk; a cancel only
    // when the patient made it.
    if (event === 'new' && (row.status !== 'active' || row.source === 'desk')) return;
    if (event === 'canceled' && (row.status !== 'canceled' || row.canceledBy !== 'patient')) return;
    const appointment = await repo.byId(id);
    if (!appointment) return;
    const subject = await visitSubject(repo, appointment);
    if (!subject) return;
    const day = format(new TZDate(new Date(appointment.startsAt).getTime(), subject.tz), 'yyyy-MM-dd');
    const notice: ClinicNotice = {
      event,
      startsAt: appointment.startsAt,
      tz: subject.tz,
      subject,
      visitType: appointment.visitType,
      patientName: appointment.patientName,
      patientPhone: appointment.patientPhone,
      price: appointment.price,
      prepaid: row.prepaid === null ? null : toRoubles(row.prepaid),
      link: `${publicOrigin}${CABINET_APPOINTMENTS_PATH}?date=${day}`,
    };
    const { phone, email: address } = row;
    // Keyed by the event's kind, whichever job tells it (the booking's confirmation tells 'new').
    const kind = event === 'new' ? CLINIC_JOBS.newBooking : CLINIC_JOBS.patientCanceled;
    if (phone && sms) await once(job, `${kind}:${id}:sms`, () => sms.send(phone, clinicSms(notice)));
    if (address)
      await once(job, `${kind}:${id}:email`, () => email.send({ to: address, ...clinicEmail(notice) }));
  }

  /** A request already answered in the cabinet ('called', 'booked') when the job runs is not told. */
  async function callback(job: Job) {
    const id = (job.payload as { callbackId?: unknown } | null)?.callbackId;
    if (typeof id !== 'number') throw new Error(`job ${job.id}: payload without callbackId`);
    const row = await callbackNoticeOf(db, id);
    if (!row?.on || row.status !== 'new') return;
    const notice: CallbackNotice = { ...row, link: `${publicOrigin}${CABINET_CALLBACKS_PATH}` };
    const { phone, email: address } = row;
    if (phone && sms)
      await once(job, `${CLINIC_JOBS.callback}:${id}:sms`, () => sms.send(phone, callbackSms(notice)));
    if (address)
      await once(job, `${CLINIC_JOBS.callback}:${id}:email`, () =>
        email.send({ to: address, ...callbackEmail(notice) }),
      );
  }

  return {
    [CLINIC_JOBS.callback]: callback,
    [CLINIC_JOBS.newBooking]: (job) => notify(job, 'new'),
    [CLINIC_JOBS.patientCanceled]: (job) => notify(job, 'canceled'),
  };
}
