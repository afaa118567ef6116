import { useState } from 'react';
import { addressSchedule, type DayHours } from '../../../core/clinic/working-hours';
import { Button } from '../../components/ui/button';
import { WeekHours, WeekHoursSheet } from './week-hours';

export interface WorkingHoursData {
  hours: (DayHours & { weekday: number })[];
  holidays: (DayHours & { date: string })[];
  /** ISO weekday of today in the clinic's town. */
  todayWeekday: number;
}

const scheduleOf = (d: WorkingHoursData) =>
  addressSchedule({ hours: d.hours, exceptions: d.holidays, todayIsoWeekday: d.todayWeekday });

/** The clinic page's working-hours card: the week with today highlighted and the holiday hours. */
export function WorkingHours(props: WorkingHoursData) {
  return (
    <section className="card p-5" aria-labelledby="hours-h">
      <h2 id="hours-h" className="text-lg font-semibold">
        График работы
      </h2>
      <div className="mt-3">
        <WeekHours schedule={scheduleOf(props)} />
      </div>
    </section>
  );
}

/**
 * Phones only: today's hours in the clinic header; a tap opens the bottom sheet 'График работы'
 * with the whole week, closed by 'Понятно'.
 */
export function WorkingHoursSheetButton(props: WorkingHoursData) {
  const [open, setOpen] = useState(false);
  const schedule = scheduleOf(props);
  const today = schedule.schedule_days[schedule.now_weekday_translit];
  return (
    <>
      <Button
        variant="bare"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className="flex w-full items-center justify-between gap-3 rounded-lg border border-line px-3 py-2.5 text-left text-sm disabled:opacity-50 sm:hidden"
      >
        <span>
          <span className="text-muted">Сегодня </span>
          <span className="font-medium">{today}</span>
        </span>
        <span className="text-brand">График работы ›</span>
      </Button>
      <WeekHoursSheet open={open} onOpenChange={setOpen}>
        <WeekHours schedule={schedule} />
      </WeekHoursSheet>
    </>
  );
}
