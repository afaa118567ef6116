/**
 * The waitlist: a patient with no fitting time (or a later one) asks to be told of a time with a
 * doctor that frees up (docs/product/schedule-and-booking.md, 'Waitlist'). The limits of a
 * request and of the messages, and the words of the SMS and the screens; the matching itself is
 * one SQL statement (server/modules/booking/waitlist.ts).
 */

import { addDays } from '../schedule/free-slots';
import { DAY_PART_MINUTES, DAY_PARTS, type DayPart } from '../schedule/slot-filters';
import { shortName } from './visit';

/** At most this many patients are told of one freed time: the first to come books it. */
export const WAITLIST_FANOUT = 3;
/** A patient is told of at most one time per doctor in this long (a day). */
export const WAITLIST_QUIET_MS = 24 * 3_600_000;
/** The SMS link works this long (and never after the time has begun). */
export const OFFER_TTL_MS = 2 * 3_600_000;
/** How far ahead a request may reach, from the clinic's today. */
export const WAITLIST_MAX_DAYS = 60;

export const WAITLIST_TEXTS = {
  open: 'Нет подходящего времени? Сообщим, когда освободится',
  openEarlier: 'Сообщить, если освободится время раньше',
  title: 'Сообщить, когда освободится время',
  lead: 'Если кто-то отменит запись или врач откроет новые часы, пришлём СМС со ссылкой. Время достанется тому, кто первым по ней запишется.',
  from: 'С',
  to: 'По',
  parts: 'Удобное время',
  anyClinic: 'В любой клинике врача',
  thisClinic: 'Только в этой клинике',
  submit: 'Сообщить мне',
  done: 'Готово. Пришлём СМС, как только освободится подходящее время.',
  doneEarlier: 'Готово. Пришлём СМС, если освободится время раньше вашего.',
  stop: 'Больше не присылать',
  stopped: 'Больше не пришлём СМС об этом враче.',
  mine: 'Жду время раньше',
  // Refusals of the join call.
  dates: 'Выберите даты: с сегодняшнего дня и не дальше чем на 60 дней',
  parts_required: 'Выберите удобное время',
  anyClinicInvalid: 'Укажите, подходит ли любая клиника врача',
  visitType: 'Неизвестный вид приёма',
  appointment: 'Эта запись уже не действует',
  notFound: 'Врач не принимает в этой клинике.',
  // The offer's page and its refusals.
  offerTitle: 'Освободилось время',
  offerBook: 'Записаться на это время',
  offerMove: 'Перенести запись на это время',
  offerGone: 'Эта ссылка уже не действует: время прошло или запись к врачу больше не ждёт.',
  offerUnknown: 'Ссылка не найдена',
  chooseOther: 'Выбрать другое время',
} as const;

/** The part of the day a slot's 'HH:mm' falls in, or null before 06:00. */
export function dayPartOf(time: string): DayPart | null {
  const [h, m] = time.split(':').map(Number);
  const minutes = h * 60 + m;
  return (
    DAY_PARTS.find((p) => minutes >= DAY_PART_MINUTES[p].from && minutes < DAY_PART_MINUTES[p].to) ?? null
  );
}

/** Null when the days can be asked for on `today` (the clinic's); else the message. */
export function waitDatesProblem(dateFrom: string, dateTo: string, today: string): string | null {
  if (dateFrom < today || dateTo < dateFrom || dateTo > addDays(today, WAITLIST_MAX_DAYS))
    return WAITLIST_TEXTS.dates;
  return null;
}

/** Until when an offer's link works: OFFER_TTL_MS from its making, but not past the time's start. */
export function offerExpiry(madeAt: Date, startsAt: Date): Date {
  return new Date(Math.min(madeAt.getTime() + OFFER_TTL_MS, startsAt.getTime()));
}

/**
 * The SMS of a freed time: 'Освободилось время к врачу Иванова А. П.: 26.11 в 14:00. Записаться
 * или отказаться: {link}'.
 */
export function waitlistSms(o: { doctorName: string; day: string; time: string; link: string }): string {
  const [, mm, dd] = o.day.split('-');
  return `Освободилось время к врачу ${shortName(o.doctorName)}: ${dd}.${mm} в ${o.time}. Записаться или отказаться: ${o.link}`;
}

/** The offer's page address (the SMS link). */
export const waitlistOfferUrl = (token: string) => `/waitlist/${token}/`;
