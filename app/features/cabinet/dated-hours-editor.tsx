import { useState } from 'react';
import { cabinetRemoveDatedHours, cabinetSetDatedHours } from '../../../core/cabinet/calls';
import type { Hours, HoursPlace } from '../../../core/cabinet/contracts';
import { DATED_HOURS_TEXTS, datedHoursRefusal } from '../../../core/cabinet/dated-hours';
import { dayLong, HOURS_AHEAD_DAYS, HOURS_TEXTS, type HoursInterval } from '../../../core/cabinet/hours';
import { VISIT_TYPE_LABELS } from '../../../core/cabinet/reception';
import { addDays } from '../../../core/schedule/free-slots';
import { plural, WORDS } from '../../../core/text/plural';
import { Button } from '../../components/ui/button';
import { Field, INPUT } from '../../components/ui/field';
import { useCall } from '../../lib/use-call';
import { IntervalsInput, SlotMinutesField } from './intervals-input';
import { problemOf, ScheduleForm } from './schedule-form';
import { type CancelFields, canceledNote, useAffectedVisits, VisitsToCancel } from './visits-to-cancel';

type Action = 'save' | 'remove';
/** A date with its own hours, as listed. */
type DatedDay = Hours['datedHours'][number];

const intervalsText = (intervals: readonly HoursInterval[]) =>
  intervals.map((i) => `${i.start}–${i.end}`).join(', ');

/**
 * 'Часы в отдельные дни': the dates on which the doctor of the hours editor sees patients of its
 * visit type in their own hours (a holiday's short day, a Saturday's extra hours), each with
 * 'Убрать'; and a form for one date. Booked visits a change would drop come back as a refusal
 * and are cancelled only with a reason, as in the weekly hours.
 */
export function DatedHoursEditor({
  data,
  place,
  onChanged,
}: {
  data: Hours;
  place: HoursPlace;
  /** The hours editor reads its place again (the dates listed). */
  onChanged: () => Promise<unknown>;
}) {
  const [date, setDate] = useState(addDays(data.today, 1));
  const [intervals, setIntervals] = useState<HoursInterval[]>([{ start: '10:00', end: '14:00' }]);
  const [slot, setSlot] = useState(data.slotMinutes ?? 30);
  const saving = useCall(cabinetSetDatedHours);
  const removing = useCall(cabinetRemoveDatedHours);
  /** A save or a removal refused for the visits it would drop (the step: which, of which date). */
  const outside = useAffectedVisits<{ action: Action; date: string }>();
  const [check, setCheck] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const busy = saving.busy || removing.busy;
  const clinic = data.clinicId !== null;
  const placeBody = {
    ...(clinic ? { doctor_id: place.doctor.id } : { clinic_id: place.clinic.id }),
    visit_type: data.visitType ?? 'clinic',
  };

  async function send(action: Action, day: string, cancel?: CancelFields) {
    setCheck(null);
    setNote('');
    saving.reset();
    removing.reset();
    if (action === 'save') {
      const refusal = datedHoursRefusal(day, data.today, intervals, slot);
      if (refusal) {
        setCheck(refusal.detail);
        return;
      }
    }
    const outcome =
      action === 'save'
        ? await saving.run({
            body: { ...placeBody, date: day, slot_minutes: slot, intervals, ...cancel },
          })
        : await removing.run({ body: { ...placeBody, date: day, ...cancel } });
    if (!outcome.ok) {
      outside.hold(outcome.refusal, { action, date: day });
      return;
    }
    outside.done();
    const done = action === 'save' ? DATED_HOURS_TEXTS.saved : DATED_HOURS_TEXTS.removed;
    setNote(canceledNote(`${done}: ${dayLong(day)}`, outcome.reply.canceled));
    await onChanged();
  }

  /** A listed date in the form, to change its hours. */
  function pick(day: DatedDay) {
    setDate(day.date);
    setIntervals(day.intervals);
    setSlot(day.slotMinutes);
    outside.drop();
  }

  const held = outside.held?.step.action;
  return (
    <ScheduleForm
      headingId="dated-hours-h"
      title={DATED_HOURS_TEXTS.title}
      className="mt-6"
      busy={busy}
      error={check ?? problemOf(saving) ?? problemOf(removing)}
      note={note}
      onSubmit={() => void send('save', date)}
    >
      <p className="text-sm text-ink-soft">
        {DATED_HOURS_TEXTS.lead} {clinic ? place.doctor.name : place.clinic.name},{' '}
        {VISIT_TYPE_LABELS[placeBody.visit_type].toLowerCase()}.
      </p>
      <DatedList
        days={data.datedHours}
        busy={busy}
        onPick={pick}
        onRemove={(day) => void send('remove', day)}
      />

      <div className="flex flex-wrap gap-3">
        <Field label={DATED_HOURS_TEXTS.date}>
          {(control) => (
            <input
              {...control}
              type="date"
              value={date}
              min={data.today}
              max={addDays(data.today, HOURS_AHEAD_DAYS)}
              disabled={busy}
              onChange={(e) => {
                setDate(e.target.value);
                outside.drop();
              }}
              className={INPUT}
            />
          )}
        </Field>
        <SlotMinutesField
          value={slot}
          disabled={busy}
          onChange={(minutes) => {
            setSlot(minutes);
            outside.drop();
          }}
        />
      </div>
      <IntervalsInput
        name={date ? dayLong(date) : DATED_HOURS_TEXTS.date}
        intervals={intervals}
        closedText={DATED_HOURS_TEXTS.noIntervals}
        onChange={(next) => {
          setIntervals(next);
          outside.drop();
        }}
      />

      <VisitsToCancel
        affected={outside}
        title={held === 'remove' ? DATED_HOURS_TEXTS.visitsOutsideWeek : DATED_HOURS_TEXTS.visitsOutside}
        listLabel="Записи вне часов этого дня"
        marker="data-outside-visit"
        withClinic={false}
        busy={busy}
        confirm={held === 'remove' ? DATED_HOURS_TEXTS.cancelAndRemove : DATED_HOURS_TEXTS.cancelAndSave}
        onConfirm={(step, fields) => void send(step.action, step.date, fields)}
        back={HOURS_TEXTS.changeHours}
        submit={{ text: DATED_HOURS_TEXTS.save }}
      />
    </ScheduleForm>
  );
}

/** The dates with their own hours, each with 'Изменить' and 'Убрать'. */
function DatedList({
  days,
  busy,
  onPick,
  onRemove,
}: {
  days: readonly DatedDay[];
  busy: boolean;
  onPick: (day: DatedDay) => void;
  onRemove: (date: string) => void;
}) {
  if (days.length === 0) return <p className="text-sm text-ink-soft">{DATED_HOURS_TEXTS.none}</p>;
  return (
    <ul className="flex flex-col divide-y divide-line text-sm" aria-label={DATED_HOURS_TEXTS.title}>
      {days.map((day) => (
        <li key={day.date} data-dated={day.date} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
          <span className="min-w-0 flex-1">
            <span className="font-medium">{dayLong(day.date)}</span>: {intervalsText(day.intervals)}{' '}
            <span className="text-ink-soft">(по {plural(day.slotMinutes, WORDS.minute)})</span>
          </span>
          <Button variant="small" disabled={busy} onClick={() => onPick(day)}>
            Изменить
          </Button>
          <Button
            variant="small"
            disabled={busy}
            aria-label={`${DATED_HOURS_TEXTS.remove}: ${dayLong(day.date)}`}
            onClick={() => onRemove(day.date)}
          >
            {DATED_HOURS_TEXTS.remove}
          </Button>
        </li>
      ))}
    </ul>
  );
}
