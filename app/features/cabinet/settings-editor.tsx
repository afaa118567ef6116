import { useId, useState } from 'react';
import { cabinetSetSettings } from '../../../core/cabinet/calls';
import type { ClinicSettings } from '../../../core/cabinet/contracts';
import { BOOKING_HORIZON_CHOICES, HOURS_TEXTS } from '../../../core/cabinet/hours';
import { BUFFER_CHOICES, MIN_NOTICE_CHOICES, SETTINGS_TEXTS } from '../../../core/cabinet/settings';
import { api, isApiError, SERVER_ERROR } from '../../lib/api';

/**
 * The clinic's reminders to its patients (24 hours and 2 hours before the visit, each switched
 * on its own) and its booking rules (minimum notice, buffer between visits, how many days ahead
 * patients book); a change is saved
 * at once.
 */
export function ClinicSettingsEditor({ initial }: { initial: ClinicSettings }) {
  const [settings, setSettings] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const ids = { notice: useId(), buffer: useId(), horizon: useId() };

  /** Shows the change at once and saves it; a refused change is put back. */
  async function change(next: ClinicSettings) {
    const previous = settings;
    setSettings(next);
    setBusy(true);
    setNote('');
    setError('');
    try {
      setSettings(await api.send(cabinetSetSettings, { body: next }));
      setNote(SETTINGS_TEXTS.saved);
    } catch (e) {
      setSettings(previous);
      setError(isApiError(e) ? e.detail : SERVER_ERROR);
    }
    setBusy(false);
  }

  return (
    <section className="card mt-6 p-4 sm:p-5" aria-label={SETTINGS_TEXTS.title}>
      <h2 id="reminders-h" className="text-lg font-semibold">
        {SETTINGS_TEXTS.title}
      </h2>
      <p className="mt-1 text-sm text-ink-soft">{SETTINGS_TEXTS.lead}</p>
      <div className="mt-3 flex flex-col gap-2">
        {(
          [
            ['day_before', SETTINGS_TEXTS.dayBefore],
            ['hours_before', SETTINGS_TEXTS.hoursBefore],
          ] as const
        ).map(([key, label]) => (
          <label key={key} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={settings[key]}
              disabled={busy}
              onChange={(e) => change({ ...settings, [key]: e.target.checked })}
              className="size-4 accent-brand"
            />
            {label}
          </label>
        ))}
      </div>
      <h2 id="rules-h" className="mt-6 text-lg font-semibold">
        {SETTINGS_TEXTS.rulesTitle}
      </h2>
      <div className="mt-3 flex flex-wrap gap-4">
        {(
          [
            ['min_notice_minutes', SETTINGS_TEXTS.minNotice, MIN_NOTICE_CHOICES, ids.notice],
            ['buffer_minutes', SETTINGS_TEXTS.buffer, BUFFER_CHOICES, ids.buffer],
            ['booking_horizon_days', HOURS_TEXTS.horizon, BOOKING_HORIZON_CHOICES, ids.horizon],
          ] as const
        ).map(([key, label, choices, id]) => (
          <div key={key} className="flex flex-col gap-1 text-sm">
            <label htmlFor={id} className="font-medium">
              {label}
            </label>
            <select
              id={id}
              value={settings[key]}
              disabled={busy}
              onChange={(e) => change({ ...settings, [key]: Number(e.target.value) })}
              className="rounded-lg border border-line bg-surface px-3 py-2"
            >
              {choices.map(([minutes, text]) => (
                <option key={minutes} value={minutes}>
                  {text}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      {note && (
        <p role="status" className="mt-2 text-sm text-success">
          {note}
        </p>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-error">
          {error}
        </p>
      )}
    </section>
  );
}
