import { TZDate } from '@date-fns/tz';
import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import { ru } from 'date-fns/locale/ru';
import { smsVisitWhen, visitWindow } from './home-visit';

/** '23 ноября 2026, понедельник, 09:30': a visit's time as the clinic's clock shows it. */
export function formatVisitTime(startsAt: Date | string, tz: string): string {
  return format(new TZDate(new Date(startsAt).getTime(), tz), 'd MMMM yyyy, EEEE, HH:mm', { locale: ru });
}

/** Who or what a message is about: a doctor's full name, or a service's name. */
export type VisitOf = (
  | { doctorName: string; serviceName?: never }
  | { serviceName: string; doctorName?: never }
) & {
  /** A home visit's arrival window (minutes): the texts say 'с 10:00 до 12:00' instead of the instant. */
  windowMinutes?: number | null;
};

/**
 * 'Вы записаны к врачу Иванова А. П. 23.11 в 09:30, ул. Ленина, 5' (or 'Вы записаны: МРТ
 * головы, 23.11 в 09:30, …'): the SMS after booking (one segment where it can).
 */
export function bookingSms(
  input: VisitOf & { startsAt: Date | string; tz: string; address: string; patientName?: string },
): string {
  const when = smsVisitWhen(input.startsAt, input.tz, input.windowMinutes ?? null);
  // A relative's visit (the SMS goes to the account's phone): 'Иванов Пётр — запись к врачу …'.
  if (input.patientName) {
    const what =
      input.serviceName !== undefined ? `: ${input.serviceName},` : ` к врачу ${shortName(input.doctorName)}`;
    return `${personShort(input.patientName)} — запись${what} ${when}, ${input.address}`;
  }
  if (input.serviceName !== undefined) return `Вы записаны: ${input.serviceName}, ${when}, ${input.address}`;
  return `Вы записаны к врачу ${shortName(input.doctorName)} ${when}, ${input.address}`;
}

/**
 * 'Напоминаем: завтра в 09:30 приём у врача Иванова А. П., ул. Ленина, 5': the reminder before
 * the visit. 'Завтра' and 'сегодня' are the clinic's calendar days as of `now` (a reminder sent
 * late still names the right day); a visit further off gets its date.
 */
export function reminderSms(
  input: VisitOf & { startsAt: Date | string; tz: string; address: string; now: Date; patientName?: string },
): string {
  const visit = new TZDate(new Date(input.startsAt).getTime(), input.tz);
  const today = new TZDate(input.now.getTime(), input.tz);
  const day = format(visit, 'yyyy-MM-dd');
  const tomorrow = format(addDays(today, 1), 'yyyy-MM-dd');
  const when =
    day === format(today, 'yyyy-MM-dd') ? 'сегодня' : day === tomorrow ? 'завтра' : format(visit, 'dd.MM');
  const what =
    input.serviceName !== undefined ? input.serviceName : `приём у врача ${shortName(input.doctorName)}`;
  const whose = input.patientName ? `. Пациент: ${personShort(input.patientName)}` : '';
  return `Напоминаем: ${when} ${input.windowMinutes ? visitWindow(input.startsAt, input.windowMinutes, input.tz) : `в ${format(visit, 'HH:mm')}`} ${what}, ${input.address}${whose}`;
}

/** 'Иванов Пётр' of 'Иванов Пётр Сергеевич': the surname and name a relative's SMS names. */
export function personShort(fullName: string): string {
  return fullName.split(' ').slice(0, 2).join(' ');
}

/**
 * 'Запись перенесена: к врачу Иванова А. П. 24.11 в 10:00, ул. Ленина, 5': the SMS of a
 * visit moved to a new time.
 */
export function movedSms(input: VisitOf & { startsAt: Date | string; tz: string; address: string }): string {
  const when = smsVisitWhen(input.startsAt, input.tz, input.windowMinutes ?? null);
  const what =
    input.serviceName !== undefined ? `${input.serviceName},` : `к врачу ${shortName(input.doctorName)}`;
  return `Запись перенесена: ${what} ${when}, ${input.address}`;
}

/**
 * 'Клиника подтвердила запись к врачу Иванова А. П. 23.11 в 09:30, ул. Ленина, 5': the SMS when
 * the clinic confirms a visit at its front desk after calling the patient.
 */
export function clinicConfirmSms(
  input: VisitOf & { startsAt: Date | string; tz: string; address: string },
): string {
  const when = smsVisitWhen(input.startsAt, input.tz, input.windowMinutes ?? null);
  const what =
    input.serviceName !== undefined ? `на ${input.serviceName}` : `к врачу ${shortName(input.doctorName)}`;
  return `Клиника подтвердила запись ${what} ${when}, ${input.address}`;
}

/**
 * 'Клиника отменила запись к врачу Иванова А. П. 23.11 в 09:30. Причина: врач заболел.
 * Тел. +7 (383) 123-45-67': the SMS when the clinic cancels (in the cabinet, with its reason).
 */
export function clinicCancelSms(
  input: VisitOf & { startsAt: Date | string; tz: string; reason: string; clinicPhone: string | null },
): string {
  const when = smsVisitWhen(input.startsAt, input.tz, input.windowMinutes ?? null);
  const what =
    input.serviceName !== undefined ? `на ${input.serviceName}` : `к врачу ${shortName(input.doctorName)}`;
  const reason = input.reason.replace(/[.\s]+$/, '');
  const phone = input.clinicPhone ? ` Тел. ${input.clinicPhone}` : '';
  return `Клиника отменила запись ${what} ${when}. Причина: ${reason}.${phone}`;
}

/** 'Иванова Анна Петровна' → 'Иванова А. П.' */
export function shortName(fullName: string): string {
  const [last, first, patronymic] = fullName.split(' ');
  const initials = [first, patronymic]
    .filter(Boolean)
    .map((n) => `${n[0]}.`)
    .join(' ');
  return initials ? `${last} ${initials}` : last;
}

/** A reminder 24 hours before the visit. */
export const REMINDER_BEFORE_MS = 24 * 3_600_000;
/** And another 2 hours before it. */
export const SOON_REMINDER_BEFORE_MS = 2 * 3_600_000;

/** A reminder's tail: the visit's page, where it is confirmed or cancelled. */
export const withConfirmLink = (text: string, link: string) => `${text}. Подтвердить или отменить: ${link}`;

/** '23 ноября, понедельник' for a plain 'yyyy-MM-dd' day (no zone shift). */
export function formatDayWithWeekday(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return format(new Date(y, m - 1, d), 'd MMMM, EEEE', { locale: ru });
}
