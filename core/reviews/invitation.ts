/**
 * The invitation to review a visit (docs/product/reviews.md, 'Приглашение после приёма'): when a
 * visit booked on the site is over, its patient gets one SMS with a one-time link to review the
 * doctor (or the clinic, for a clinic's service) of that visit. Pure: when it is due, the text,
 * the link's refusals. The sweep and the link's checks are server/modules/reviews/invitations.
 */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns/format';
import { shortName } from '../booking/visit';

/**
 * A visit nobody marked waits this long after its end before it counts as attended: the front
 * desk marks a no-show within its shift, and three hours cover the rest of a visit's session
 * (the desk's queue, a late patient) while the visit is still fresh on the same day. A visit the
 * clinic marked as attended ('Пришёл') needs no wait: it is invited as soon as its time is over.
 */
export const INVITE_GRACE_MS = 3 * 3_600_000;
/** Visits that ended longer ago are not invited: the sweep makes up a few missed days, not the history. */
export const INVITE_LOOKBACK_MS = 3 * 86_400_000;
/** The link works this long after it is sent. */
export const INVITE_TTL_MS = 30 * 86_400_000;
/**
 * An unmarked visit's invitation never goes out at night in the clinic's town: one due between
 * 21:00 and 09:00 waits for 09:00. (An attended visit's end is inside the clinic's hours anyway.)
 */
export const QUIET_FROM_HOUR = 21;
export const QUIET_TO_HOUR = 9;

/** A visit the sweep looks at: its state, when it ended and the clinic's time zone. */
export interface EndedVisit {
  status: 'active' | 'done';
  endsAt: Date;
  tz: string;
}

/** The local hour (0–23) of `at` in `tz`. */
function hourIn(at: Date, tz: string): number {
  return Number(format(new TZDate(at.getTime(), tz), 'H'));
}

/**
 * When the visit's invitation is due: an attended visit at its end; an unmarked one INVITE_GRACE_MS
 * later, moved out of the town's night to 09:00. (A no-show or a cancel is never invited.)
 */
export function invitationDueAt(visit: EndedVisit): Date {
  if (visit.status === 'done') return visit.endsAt;
  const due = new Date(visit.endsAt.getTime() + INVITE_GRACE_MS);
  const hour = hourIn(due, visit.tz);
  if (hour >= QUIET_TO_HOUR && hour < QUIET_FROM_HOUR) return due;
  // The next 09:00 of the town's calendar (today's when before it, else tomorrow's).
  const local = new TZDate(due.getTime(), visit.tz);
  const morning = new TZDate(
    local.getFullYear(),
    local.getMonth(),
    local.getDate(),
    QUIET_TO_HOUR,
    0,
    0,
    visit.tz,
  );
  if (hour >= QUIET_FROM_HOUR) morning.setDate(morning.getDate() + 1);
  return new Date(morning.getTime());
}

/** Whether the sweep invites the visit now: due, and not older than the look-back. */
export function invitationDue(visit: EndedVisit, now: Date): boolean {
  if (visit.endsAt.getTime() < now.getTime() - INVITE_LOOKBACK_MS) return false;
  return invitationDueAt(visit).getTime() <= now.getTime();
}

/** The link's secret: a keyed 32-byte hash as base64url (43 characters). */
export const INVITE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** `/reviews/new/?invite={token}`: the form opened by the invitation's link. */
export const invitationPath = (token: string) => `/reviews/new/?invite=${token}`;

/**
 * 'Как прошёл приём у врача Иванова А. П. 23.11? Оставьте отзыв, за опубликованный — скидка 300 ₽: {link}'
 * (or '… приём: МРТ головы, 23.11? …'): the invitation's SMS.
 */
export function invitationSms(input: {
  doctorName?: string;
  serviceName?: string;
  startsAt: Date | string;
  tz: string;
  discount: number;
  link: string;
}): string {
  const day = format(new TZDate(new Date(input.startsAt).getTime(), input.tz), 'dd.MM');
  const what = input.doctorName
    ? `приём у врача ${shortName(input.doctorName)}`
    : `приём: ${input.serviceName ?? 'услуга клиники'},`;
  return `Как прошёл ${what} ${day}? Оставьте отзыв, за опубликованный — скидка ${input.discount} ₽: ${input.link}`;
}

/**
 * The invitation's e-mail copy, for a patient who chose copies by e-mail: the SMS's words, the
 * link on a line of its own, and where e-mails are switched off.
 */
export function invitationEmail(input: Parameters<typeof invitationSms>[0]): {
  subject: string;
  text: string;
} {
  return {
    subject: 'Как прошёл приём? Оставьте отзыв',
    text: [
      invitationSms({ ...input, link: '' }).replace(/:\s*$/, '.'),
      '',
      `Написать отзыв: ${input.link}`,
      '',
      'Ссылка действует 30 дней и только для вас. Письма о записях можно отключить в профиле.',
    ].join('\n'),
  };
}

/** Why an invitation's link does not open the form. */
export const INVITATION_ERRORS = {
  unknown: 'Ссылка на отзыв не найдена. Проверьте, что скопировали её из SMS целиком.',
  used: 'По этой ссылке отзыв уже оставлен. Спасибо!',
  expired: 'Ссылка на отзыв устарела: она действует 30 дней после SMS.',
  visit: 'Приём по этой ссылке отменён или не состоялся: отзыв о нём оставить нельзя.',
  otherPatient:
    'Эта ссылка отправлена другому пациенту. Выйдите из профиля или откройте ссылку из своего SMS.',
  mismatch: 'Отзыв по ссылке пишется о враче или клинике этого приёма',
} as const;

/** The first line of the review's history when written by the invitation's link (its trail). */
export const INVITATION_TRAIL = 'Отзыв по приглашению после приёма: визит по записи через сервис';
