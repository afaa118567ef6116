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
import { Button } from '../../components/ui/button';
import { Field, INPUT } from '../../components/ui/field';
import { Form } from '../../components/ui/form';
import { useCall } from '../../lib/use-call';
import { SaveRow } from './save-row';
import { useSectionCalls } from './use-section-calls';

type Day = { opens: string; closes: string; closed: boolean };
const toDay = (d: { opens: string | null; closes: string | null }): Day =>
  d.opens && d.closes
    ? { opens: d.opens, closes: d.closes, closed: false }
    : { opens: '', closes: '', closed: true };
const fromDay = (d: Day) => (d.closed ? { opens: null, closes: null } : { opens: d.opens, closes: d.closes });

/** A time's box: narrower than INPUT's, the digits centred. */
const TIME =
  'w-20 rounded-lg border border-line bg-surface px-2 py-2 text-center tabular-nums disabled:opacity-50';

/** The day's opening or closing time, named for screen readers ('Понедельник: Открывается'). */
function TimeBox({
  name,
  placeholder,
  day,
  end,
  onChange,
}: {
  name: string;
  placeholder: string;
  day: Day;
  end: 'opens' | 'closes';
  onChange: (day: Day) => void;
}) {
  return (
    <label className="flex items-center gap-1.5">
      <span className="sr-only">{name}</span>
      <input
        type="text"
        inputMode="numeric"
        placeholder={placeholder}
        maxLength={5}
        className={TIME}
        value={day[end]}
        disabled={day.closed}
        onChange={(event) => onChange({ ...day, [end]: event.currentTarget.value })}
      />
    </label>
  );
}

/** Opens, closes and 'Выходной' of one day: times as typed, 'HH:mm' ('24:00' closes at midnight). */
function DayFields({ label, day, onChange }: { label: string; day: Day; onChange: (day: Day) => void }) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <TimeBox name={`${label}: ${T.opens}`} placeholder="09:00" day={day} end="opens" onChange={onChange} />
      <span aria-hidden="true">–</span>
      <TimeBox
        name={`${label}: ${T.closes}`}
        placeholder="18:00"
        day={day}
        end="closes"
        onChange={onChange}
      />
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
  const [current, setCurrent] = useState(hours);
  return (
    <>
      <WeekForm hours={hours} onSaved={setCurrent} />
      <HolidaysSection hours={current} onSaved={setCurrent} />
    </>
  );
}

/** The week's hours, a row a day, saved together. */
function WeekForm({ hours, onSaved }: { hours: ClinicHours; onSaved: (hours: ClinicHours) => void }) {
  const id = useId();
  const [week, setWeek] = useState<Day[]>(hours.week.map(toDay));
  const save = useCall(cabinetSetClinicHours);

  async function submit() {
    const outcome = await save.run({
      body: { week: week.map((d, i) => ({ weekday: i + 1, ...fromDay(d) })) },
    });
    if (!outcome.ok) return;
    onSaved(outcome.reply);
    setWeek(outcome.reply.week.map(toDay));
  }

  return (
    <Form
      call={save}
      onSubmit={submit}
      className="card mt-4 flex flex-col gap-3 p-5"
      aria-labelledby={`${id}-week`}
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
                save.reset();
                setWeek((list) => list.map((d, j) => (j === i ? next : d)));
              }}
            />
          </li>
        ))}
      </ul>
      <SaveRow call={save} save={T.save} saved={T.saved} fields="none" />
    </Form>
  );
}

const NO_HOLIDAY = { date: '', opens: '', closes: '', closed: true };

/** The holiday days: the list with 'Убрать', and a day to add; one status line for both. */
function HolidaysSection({ hours, onSaved }: { hours: ClinicHours; onSaved: (hours: ClinicHours) => void }) {
  const id = useId();
  const [holiday, setHoliday] = useState<Day & { date: string }>(NO_HOLIDAY);
  const section = useSectionCalls({
    add: useCall(cabinetAddClinicHoliday),
    remove: useCall(cabinetRemoveClinicHoliday),
  });

  async function add() {
    const outcome = await section.run(
      'add',
      { body: { date: holiday.date, ...fromDay(holiday) } },
      T.holidayAdded,
    );
    if (!outcome.ok) return;
    onSaved(outcome.reply);
    setHoliday(NO_HOLIDAY);
  }

  async function remove(holidayId: number) {
    const outcome = await section.run('remove', { params: { id: holidayId } }, T.holidayRemoved);
    if (outcome.ok) onSaved(outcome.reply);
  }

  const edit = (patch: Partial<Day & { date: string }>) => {
    section.reset();
    setHoliday((h) => ({ ...h, ...patch }));
  };

  return (
    <section className="card mt-4 flex flex-col gap-3 p-5" aria-labelledby={`${id}-holidays`}>
      <div>
        <h2 id={`${id}-holidays`} className="text-lg font-semibold">
          {T.holidaysTitle}
        </h2>
        <p className="text-sm text-ink-soft">{T.holidaysLead}</p>
      </div>
      {hours.holidays.length ? (
        <ul className="flex flex-col divide-y divide-line" aria-label={T.holidaysTitle}>
          {hours.holidays.map((h) => (
            <li key={h.id} className="flex items-center justify-between gap-3 py-2">
              <span>
                <span className="font-medium">{exceptionDayLabel(exceptionDate(h.date))}</span>{' '}
                <span className="text-ink-soft">{h.date.slice(0, 4)}</span>
                <span className="ml-3 whitespace-nowrap">{formatHours(h)}</span>
              </span>
              <Button
                variant="secondary"
                disabled={section.busy}
                aria-label={`${T.removeHoliday}: ${exceptionDayLabel(exceptionDate(h.date))}`}
                onClick={() => void remove(h.id)}
              >
                {T.removeHoliday}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-ink-soft">{T.holidaysNone}</p>
      )}
      <Form
        call={section.form}
        onSubmit={add}
        className="flex flex-col gap-3 rounded-lg bg-canvas p-3"
        aria-label={T.addHoliday}
      >
        <Field label={T.holidayDate}>
          {(control) => (
            <input
              {...control}
              type="date"
              name="holiday-date"
              required
              min={hours.today}
              className={`${INPUT} sm:max-w-56`}
              value={holiday.date}
              onChange={(event) => edit({ date: event.currentTarget.value })}
            />
          )}
        </Field>
        <DayFields label={T.holidayDate} day={holiday} onChange={edit} />
        <SaveRow call={section.form} save={T.addHoliday} saved={section.last?.done} fields="none" />
      </Form>
    </section>
  );
}
