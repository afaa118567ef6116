import { type FormEvent, useId, useState } from 'react';
import { CALLBACK_TEXTS, DAY_PART_LABELS } from '../../../core/booking/callback';
import type { DayPart } from '../../../core/schedule/slot-filters';
import { csrfToken } from '../../lib/csrf';
import { CONNECTION_ERROR } from './booking-api';

/**
 * 'Перезвоните мне' when the doctor has no free slots (spec section 3 'Callback request'): a day
 * and the parts of it that suit the patient; the server checks the clinic still has two hours.
 */
export function CallbackForm({
  doctorId,
  lpuId,
  choices,
}: {
  doctorId: number;
  lpuId: number;
  /** Days with their open parts, and each day's label ('23 ноября, понедельник'). */
  choices: { date: string; label: string; times: DayPart[] }[];
}) {
  const [date, setDate] = useState(choices[0]?.date ?? '');
  const [times, setTimes] = useState<DayPart[]>([]);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const groupId = useId();
  const open = choices.find((c) => c.date === date)?.times ?? [];

  async function submit(event: FormEvent) {
    event.preventDefault();
    const chosen = times.filter((t) => open.includes(t));
    if (chosen.length === 0) {
      setError(CALLBACK_TEXTS.times);
      return;
    }
    setBusy(true);
    setError('');
    try {
      const response = await fetch('/ajax/appointment/callback/', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'X-CSRFToken': csrfToken(), 'Content-Type': 'application/json' },
        body: JSON.stringify({ doctor_id: doctorId, lpu_id: lpuId, date, times: chosen }),
      });
      if (response.ok) setDone(true);
      else
        setError(
          ((await response.json().catch(() => ({}))) as { detail?: string }).detail ?? CONNECTION_ERROR,
        );
    } catch {
      setError(CONNECTION_ERROR);
    }
    setBusy(false);
  }

  if (done)
    return (
      <p role="status" className="font-medium">
        {CALLBACK_TEXTS.done}
      </p>
    );
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Заявка на обратный звонок">
      <fieldset>
        <legend className="mb-2 text-sm font-medium">{CALLBACK_TEXTS.date}</legend>
        <div className="flex flex-wrap gap-2">
          {choices.map((c) => (
            <label
              key={c.date}
              className="cursor-pointer rounded-lg border border-line px-3 py-2 text-sm has-[:checked]:border-brand has-[:checked]:bg-brand-soft"
            >
              <input
                type="radio"
                name={`${groupId}-date`}
                value={c.date}
                checked={date === c.date}
                onChange={() => setDate(c.date)}
                className="sr-only"
              />
              {c.label}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="mb-2 text-sm font-medium">{CALLBACK_TEXTS.times}</legend>
        <div className="flex flex-wrap gap-4">
          {(['morning', 'afternoon', 'evening'] as const).map((part) => (
            <label
              key={part}
              className={`flex items-center gap-2 text-sm ${open.includes(part) ? '' : 'text-muted'}`}
            >
              <input
                type="checkbox"
                disabled={!open.includes(part)}
                checked={times.includes(part) && open.includes(part)}
                onChange={(e) =>
                  setTimes((list) => (e.target.checked ? [...list, part] : list.filter((t) => t !== part)))
                }
                className="size-4 accent-brand"
              />
              {DAY_PART_LABELS[part]}
            </label>
          ))}
        </div>
      </fieldset>
      {error && (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
      <button
        type="submit"
        disabled={busy}
        className="rounded-lg bg-brand px-6 py-3 font-medium text-white hover:bg-brand-dark disabled:opacity-60 sm:self-start"
      >
        {CALLBACK_TEXTS.submit}
      </button>
    </form>
  );
}
