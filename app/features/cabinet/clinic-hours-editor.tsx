import { useId, useState } from 'react';
import {
  cabinetAddClinicHoliday,
  cabinetRemoveClinicHoliday,
  cabinetSetClinicHours,
} from '../../../core/cabinet/calls';
import type { ClinicHours } from '../../../core/cabinet/clinic-page-contracts';
import { CLINIC_PAGE_TEXTS as T } from '../../../core/clinic/page-editor';
import { exceptionDate, exceptionDayLabel, formatHours } from '../../../core/clinic/working-hours';
import { WEEKDAY_NAMES } from '../../../core/dates/zoned';
import { api } from '../../lib/api';
import { FIELD, PRIMARY, SECONDARY, StatusNote, useSave } from './clinic-page-form';

type Day = { opens: string; closes: string; closed: boolean };
const toDay = (d: { opens: string | null; closes: string | null }): Day =>
  d.opens && d.closes
    ? { opens: d.opens, closes: d.closes, closed: false }
    : { opens: '', closes: '', closed: true };
const fromDay = (d: Day) => (d.closed ? { opens: null, closes: null } : { opens: d.opens, closes: d.closes });

const TIME =
  'w-20 rounded-lg border border-line bg-surface px-2 py-2 text-center tabular-nums disabled:opacity-50';

/** Opens, closes and 'Выходной' of one day: times as typed, 'HH:mm' ('24:00' closes at midnight). */
function DayFields({ label, day, onChange }: { label: string; day: Day; onChange: (day: Day) => void }) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <label className="flex items-center gap-1.5">
        <span className="sr-only">
          {label}: {T.opens}
        </span>
        <input
          type="text"
          inputMode="numeric"
          placeholder="09:00"
          maxLength={5}
          className={TIME}
          value={day.opens}
          disabled={day.closed}
          onChange={(event) => onChange({ ...day, opens: event.currentTarget.value })}
        />
      </label>
      <span aria-hidden="true">–</span>
      <label className="flex items-center gap-1.5">
        <span className="sr-only">
          {label}: {T.closes}
        </span>
        <input
          type="text"
          inputMode="numeric"
          placeholder="18:00"
          maxLength={5}
          className={TIME}
          value={day.closes}
          disabled={day.closed}
          onChange={(event) => onChange({ ...day, closes: event.currentTarget.value })}
        />
      </label>
      <label className="flex min-h-10 items-center gap-2">
        <input
          type="checkbox"
          className="h-4 w-4 accent-brand"
          checked={day.closed}
          onChange={(event) => {
            const closed = event.currentTarget.checked;
            onChange(
              closed
                ? { ...day, closed }
                : { opens: day.opens || '09:00', closes: day.closes || '18:00', closed },
            );
          }}
        />
        <span>
          <span className="sr-only">{label}: </span>
          {T.closed}
        </span>
      </label>
    </div>
  );
}

/** 'Режим работы' and 'График работы в праздники' in the clinic's cabinet. */
export function ClinicHoursEditor({ hours }: { hours: ClinicHours }) {
  const id = useId();
  const [current, setCurrent] = useState(hours);
  const [week, setWeek] = useState<Day[]>(hours.week.map(toDay));
  const weekSave = useSave();
  const [holiday, setHoliday] = useState<Day & { date: string }>({
    date: '',
    opens: '',
    closes: '',
    closed: true,
  });
  const holidaySave = useSave();

  async function saveWeek() {
    const saved = await weekSave.run(
      () =>
        api.send(cabinetSetClinicHours, {
          body: { week: week.map((d, i) => ({ weekday: i + 1, ...fromDay(d) })) },
        }),
      T.saved,
    );
    if (saved) {
      setCurrent(saved);
      setWeek(saved.week.map(toDay));
    }
  }

  async function addHoliday() {
    const saved = await holidaySave.run(
      () =>
        api.send(cabinetAddClinicHoliday, {
          body: { date: holiday.date, ...fromDay(holiday) },
        }),
      T.holidayAdded,
    );
    if (saved) {
      setCurrent(saved);
      setHoliday({ date: '', opens: '', closes: '', closed: true });
    }
  }

  async function removeHoliday(holidayId: number) {
    const saved = await holidaySave.run(
      () => api.send(cabinetRemoveClinicHoliday, { params: { id: holidayId } }),
      T.holidayRemoved,
    );
    if (saved) setCurrent(saved);
  }

  return (
    <>
      <form
        className="card mt-4 flex flex-col gap-3 p-5"
        aria-labelledby={`${id}-week`}
        onSubmit={(event) => {
          event.preventDefault();
          void saveWeek();
        }}
      >
        <div>
          <h2 id={`${id}-week`} className="text-lg font-semibold">
            {T.hoursTitle}
          </h2>
          <p className="text-sm text-ink-soft">{T.hoursLead}</p>
        </div>
        <ul className="flex flex-col divide-y divide-line">
          {week.map((day, i) => (
            <li
              key={WEEKDAY_NAMES[i]}
              className="flex flex-col gap-1 py-2 sm:flex-row sm:items-center sm:gap-4"
            >
              <span className="font-medium sm:w-32">{WEEKDAY_NAMES[i]}</span>
              <DayFields
                label={WEEKDAY_NAMES[i]}
                day={day}
                onChange={(next) => {
                  weekSave.setNote(null);
                  setWeek((list) => list.map((d, j) => (j === i ? next : d)));
                }}
              />
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={PRIMARY} disabled={weekSave.busy}>
            {T.save}
          </button>
          <StatusNote note={weekSave.note} />
        </div>
      </form>

      <section className="card mt-4 flex flex-col gap-3 p-5" aria-labelledby={`${id}-holidays`}>
        <div>
          <h2 id={`${id}-holidays`} className="text-lg font-semibold">
            {T.holidaysTitle}
          </h2>
          <p className="text-sm text-ink-soft">{T.holidaysLead}</p>
        </div>
        {current.holidays.length ? (
          <ul className="flex flex-col divide-y divide-line" aria-label={T.holidaysTitle}>
            {current.holidays.map((h) => (
              <li key={h.id} className="flex items-center justify-between gap-3 py-2">
                <span>
                  <span className="font-medium">{exceptionDayLabel(exceptionDate(h.date))}</span>{' '}
                  <span className="text-ink-soft">{h.date.slice(0, 4)}</span>
                  <span className="ml-3 whitespace-nowrap">{formatHours(h)}</span>
                </span>
                <button
                  type="button"
                  className={SECONDARY}
                  disabled={holidaySave.busy}
                  aria-label={`${T.removeHoliday}: ${exceptionDayLabel(exceptionDate(h.date))}`}
                  onClick={() => void removeHoliday(h.id)}
                >
                  {T.removeHoliday}
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-ink-soft">{T.holidaysNone}</p>
        )}
        <form
          className="flex flex-col gap-3 rounded-lg bg-canvas p-3"
          aria-label={T.addHoliday}
          onSubmit={(event) => {
            event.preventDefault();
            void addHoliday();
          }}
        >
          <label className="flex flex-col gap-1">
            <span className="font-medium">{T.holidayDate}</span>
            <input
              type="date"
              name="holiday-date"
              required
              min={current.today}
              className={`${FIELD} sm:max-w-56`}
              value={holiday.date}
              onChange={(event) => {
                const date = event.currentTarget.value;
                holidaySave.setNote(null);
                setHoliday((h) => ({ ...h, date }));
              }}
            />
          </label>
          <DayFields
            label={T.holidayDate}
            day={holiday}
            onChange={(next) => {
              holidaySave.setNote(null);
              setHoliday((h) => ({ ...h, ...next }));
            }}
          />
          <div className="flex flex-wrap items-center gap-3">
            <button type="submit" className={PRIMARY} disabled={holidaySave.busy}>
              {T.addHoliday}
            </button>
            <StatusNote note={holidaySave.note} />
          </div>
        </form>
      </section>
    </>
  );
}
