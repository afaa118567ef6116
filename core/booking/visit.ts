import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { ru } from 'date-fns/locale/ru';

/** '23 ноября 2026, понедельник, 09:30': a visit's time as the clinic's clock shows it. */
export function formatVisitTime(startsAt: Date | string, tz: string): string {
  return format(new TZDate(new Date(startsAt).getTime(), tz), 'd MMMM yyyy, EEEE, HH:mm', { locale: ru });
}

/** 'Ваша запись к Ивановой А. П. 23.11 в 09:30, ул. Ленина, 5': the SMS after booking (one segment where it can). */
export function bookingSms(input: {
  doctorName: string;
  startsAt: Date | string;
  tz: string;
  address: string;
}): string {
  const [last, first, patronymic] = input.doctorName.split(' ');
  const initials = [first, patronymic]
    .filter(Boolean)
    .map((n) => `${n[0]}.`)
    .join(' ');
  const when = format(new TZDate(new Date(input.startsAt).getTime(), input.tz), "dd.MM 'в' HH:mm");
  return `Вы записаны к врачу ${last} ${initials} ${when}, ${input.address}`;
}

/** A reminder 24 hours before the visit. */
export const REMINDER_BEFORE_MS = 24 * 3_600_000;
