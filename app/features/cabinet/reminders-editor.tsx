import { useState } from 'react';
import { cabinetSetReminders } from '../../../core/cabinet/calls';
import type { ReminderSettings } from '../../../core/cabinet/contracts';
import { REMINDER_TEXTS } from '../../../core/cabinet/reminders';
import { api, isApiError, SERVER_ERROR } from '../../lib/api';

/**
 * The clinic's reminders to its patients: 24 hours and 2 hours before the visit, each switched
 * on its own; a change is saved at once (and the reminders already queued follow it).
 */
export function RemindersEditor({ initial }: { initial: ReminderSettings }) {
  const [settings, setSettings] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState('');

  async function change(next: ReminderSettings) {
    setBusy(true);
    setNote('');
    setError('');
    try {
      setSettings(await api.send(cabinetSetReminders, { body: next }));
      setNote(REMINDER_TEXTS.saved);
    } catch (e) {
      setError(isApiError(e) ? e.detail : SERVER_ERROR);
    }
    setBusy(false);
  }

  return (
    <section className="card mt-6 p-4 sm:p-5" aria-labelledby="reminders-h">
      <h2 id="reminders-h" className="text-lg font-semibold">
        {REMINDER_TEXTS.title}
      </h2>
      <p className="mt-1 text-sm text-ink-soft">{REMINDER_TEXTS.lead}</p>
      <div className="mt-3 flex flex-col gap-2">
        {(
          [
            ['day_before', REMINDER_TEXTS.dayBefore],
            ['hours_before', REMINDER_TEXTS.hoursBefore],
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
