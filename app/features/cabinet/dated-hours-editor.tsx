import { useId, useState } from 'react';
import { cabinetRemoveDatedHours, cabinetSetDatedHours } from '../../../core/cabinet/calls';
import type { Hours, HoursPlace, ReceptionVisit } from '../../../core/cabinet/contracts';
import { DATED_HOURS_TEXTS, datedHoursRefusal } from '../../../core/cabinet/dated-hours';
import { dayLong, HOURS_AHEAD_DAYS, HOURS_TEXTS, type HoursInterval } from '../../../core/cabinet/hours';
import { STATUS_CHANGE_TEXTS, VISIT_TYPE_LABELS } from '../../../core/cabinet/reception';
import { addDays } from '../../../core/schedule/free-slots';
import { plural, WORDS } from '../../../core/text/plural';
import { api, isApiError, SERVER_ERROR } from '../../lib/api';
import { IntervalsInput, SlotMinutesField } from './intervals-input';
import { VisitsToCancel } from './visits-to-cancel';

const FIELD = 'rounded-lg border border-line bg-surface px-3 py-2';
const PRIMARY =
  'rounded-lg bg-brand px-4 py-2 font-medium text-white hover:bg-brand-dark disabled:opacity-50';
const SMALL = 'rounded-lg border border-line px-3 py-1.5 text-sm hover:bg-canvas disabled:opacity-50';

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
  onChanged: () => Promise<void>;
}) {
  const [date, setDate] = useState(addDays(data.today, 1));
  const [intervals, setIntervals] = useState<HoursInterval[]>([{ start: '10:00', end: '14:00' }]);
  const [slot, setSlot] = useState(data.slotMinutes ?? 30);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [note, setNote] = useState('');
  /** A save or a removal refused for the visits it would drop. */
  const [outside, setOutside] = useState<{
    action: 'save' | 'remove';
    date: string;
    visits: ReceptionVisit[];
  } | null>(null);
  const [reason, setReason] = useState('');
  const ids = { date: useId(), slot: useId(), reason: useId() };
  const clinic = data.clinicId !== null;
  const placeBody = {
    ...(clinic ? { doctor_id: place.doctor.id } : { clinic_id: place.clinic.id }),
    visit_type: data.visitType ?? 'clinic',
  };

  async function send(action: 'save' | 'remove', day: string, cancelVisits: boolean) {
    if (action === 'save') {
      const refusal = datedHoursRefusal(day, data.today, intervals, slot);
      if (refusal) {
        setError(refusal.detail);
        return;
      }
    }
    setBusy(true);
    setError('');
    setNote('');
    const cancel = cancelVisits ? { cancel_visits: true, reason: reason.trim() } : {};
    try {
      const reply =
        action === 'save'
          ? await api.send(cabinetSetDatedHours, {
              body: { ...placeBody, date: day, slot_minutes: slot, intervals, ...cancel },
            })
          : await api.send(cabinetRemoveDatedHours, { body: { ...placeBody, date: day, ...cancel } });
      setOutside(null);
      setReason('');
      const done = `${action === 'save' ? DATED_HOURS_TEXTS.saved : DATED_HOURS_TEXTS.removed}: ${dayLong(day)}`;
      setNote(
        reply.canceled.length > 0
          ? `${done}. Отменено записей: ${reply.canceled.length}, пациентам отправлены SMS.`
          : `${done}.`,
      );
      await onChanged();
    } catch (err) {
      if (isApiError(err) && err.code === 'visits_outside')
        setOutside({ action, date: day, visits: (err.body as { visits?: ReceptionVisit[] }).visits ?? [] });
      else setError(isApiError(err) ? err.detail : SERVER_ERROR);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="card mt-6 flex flex-col gap-3 p-4 sm:p-5"
      aria-labelledby="dated-hours-h"
      onSubmit={(event) => {
        event.preventDefault();
        void send('save', date, false);
      }}
    >
      <h2 id="dated-hours-h" className="text-lg font-semibold">
        {DATED_HOURS_TEXTS.title}
      </h2>
      <p className="text-sm text-ink-soft">
        {DATED_HOURS_TEXTS.lead} {clinic ? place.doctor.name : place.clinic.name},{' '}
        {VISIT_TYPE_LABELS[placeBody.visit_type].toLowerCase()}.
      </p>
      {data.datedHours.length === 0 ? (
        <p className="text-sm text-ink-soft">{DATED_HOURS_TEXTS.none}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line text-sm" aria-label={DATED_HOURS_TEXTS.title}>
          {data.datedHours.map((day) => (
            <li
              key={day.date}
              data-dated={day.date}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2"
            >
              <span className="min-w-0 flex-1">
                <span className="font-medium">{dayLong(day.date)}</span>: {intervalsText(day.intervals)}{' '}
                <span className="text-ink-soft">(по {plural(day.slotMinutes, WORDS.minute)})</span>
              </span>
              <button
                type="button"
                className={SMALL}
                disabled={busy}
                onClick={() => {
                  setDate(day.date);
                  setIntervals(day.intervals);
                  setSlot(day.slotMinutes);
                  setOutside(null);
                }}
              >
                Изменить
              </button>
              <button
                type="button"
                className={SMALL}
                disabled={busy}
                aria-label={`${DATED_HOURS_TEXTS.remove}: ${dayLong(day.date)}`}
                onClick={() => void send('remove', day.date, false)}
              >
                {DATED_HOURS_TEXTS.remove}
              </button>
            </li>
          ))}
        </ul>
      )}

      <div className="flex flex-wrap gap-3">
        <label htmlFor={ids.date} className="flex flex-col gap-1 text-sm">
          {DATED_HOURS_TEXTS.date}
          <input
            id={ids.date}
            type="date"
            value={date}
            min={data.today}
            max={addDays(data.today, HOURS_AHEAD_DAYS)}
            disabled={busy}
            onChange={(e) => {
              setDate(e.target.value);
              setOutside(null);
            }}
            className={FIELD}
          />
        </label>
        <SlotMinutesField
          id={ids.slot}
          value={slot}
          disabled={busy}
          onChange={(minutes) => {
            setSlot(minutes);
            setOutside(null);
          }}
          className={FIELD}
        />
      </div>
      <IntervalsInput
        name={date ? dayLong(date) : DATED_HOURS_TEXTS.date}
        intervals={intervals}
        closedText={DATED_HOURS_TEXTS.noIntervals}
        onChange={(next) => {
          setIntervals(next);
          setOutside(null);
        }}
      />

      {!outside && (
        <div>
          <button type="submit" className={PRIMARY} disabled={busy}>
            {DATED_HOURS_TEXTS.save}
          </button>
        </div>
      )}
      {outside && (
        <VisitsToCancel
          title={
            outside.action === 'save' ? DATED_HOURS_TEXTS.visitsOutside : DATED_HOURS_TEXTS.visitsOutsideWeek
          }
          listLabel="Записи вне часов этого дня"
          visits={outside.visits}
          marker="data-outside-visit"
          withClinic={false}
          reasonId={ids.reason}
          reason={reason}
          onReason={setReason}
          busy={busy}
          confirm={
            outside.action === 'save' ? DATED_HOURS_TEXTS.cancelAndSave : DATED_HOURS_TEXTS.cancelAndRemove
          }
          onConfirm={() => {
            if (reason.trim().length < 3) setError(STATUS_CHANGE_TEXTS.reasonRequired);
            else void send(outside.action, outside.date, true);
          }}
          back={HOURS_TEXTS.changeHours}
          onBack={() => setOutside(null)}
        />
      )}
      {error && (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
      {note && (
        <p role="status" className="text-sm text-success">
          {note}
        </p>
      )}
    </form>
  );
}
