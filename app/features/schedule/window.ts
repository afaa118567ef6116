import { tzOffset } from '@date-fns/tz';
import { zonedDay } from '../../../core/dates/zoned';
import { daysFrom } from '../../../core/schedule/free-slots';

/**
 * A schedule widget's `length` days from today in the town's zone, and the town's offset in
 * whole hours for the slot calls' `town_timedelta`. E.g. 23:30 UTC on 4 May in
 * Asia/Vladivostok: today is 5 May and the offset is 10.
 */
export function townWindow(now: Date, tz: string, length: number) {
  const today = zonedDay(now, tz).date;
  return { today, townTimedelta: Math.round(tzOffset(tz, now) / 60), days: daysFrom(today, length) };
}
