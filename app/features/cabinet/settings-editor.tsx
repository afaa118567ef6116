import { useState } from 'react';
import { cabinetSetSettings } from '../../../core/cabinet/calls';
import type { ClinicSettings } from '../../../core/cabinet/contracts';
import { BOOKING_HORIZON_CHOICES, HOURS_TEXTS } from '../../../core/cabinet/hours';
import { BUFFER_CHOICES, MIN_NOTICE_CHOICES, SETTINGS_TEXTS } from '../../../core/cabinet/settings';
import { Field, INPUT } from '../../components/ui/field';
import { FormStatus } from '../../components/ui/form';
import { useCall } from '../../lib/use-call';

const SWITCHES = [
  ['day_before', SETTINGS_TEXTS.dayBefore],
  ['hours_before', SETTINGS_TEXTS.hoursBefore],
] as const;

const CHOICES = [
  ['min_notice_minutes', SETTINGS_TEXTS.minNotice, MIN_NOTICE_CHOICES],
  ['buffer_minutes', SETTINGS_TEXTS.buffer, BUFFER_CHOICES],
  ['booking_horizon_days', HOURS_TEXTS.horizon, BOOKING_HORIZON_CHOICES],
] as const;

/**
 * The clinic's reminders to its patients (24 hours and 2 hours before the visit, each switched
 * on its own) and its booking rules (minimum notice, buffer between visits, how many days ahead
 * patients book); a change is saved at once.
 */
export function ClinicSettingsEditor({ initial }: { initial: ClinicSettings }) {
  const [settings, setSettings] = useState(initial);
  const save = useCall(cabinetSetSettings);

  /** Shows the change at once and saves it; a refused change is put back. */
  async function change(next: ClinicSettings) {
    const previous = settings;
    setSettings(next);
    const outcome = await save.run({ body: next });
    setSettings(outcome.ok ? outcome.reply : previous);
  }

  return (
    <section className="card mt-6 p-4 sm:p-5" aria-label={SETTINGS_TEXTS.title}>
      <h2 id="reminders-h" className="text-lg font-semibold">
        {SETTINGS_TEXTS.title}
      </h2>
      <p className="mt-1 text-sm text-ink-soft">{SETTINGS_TEXTS.lead}</p>
      <div className="mt-3 flex flex-col gap-2">
        {SWITCHES.map(([key, label]) => (
          <label key={key} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={settings[key]}
              disabled={save.busy}
              onChange={(e) => void change({ ...settings, [key]: e.target.checked })}
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
        {CHOICES.map(([key, label, choices]) => (
          <Field key={key} label={label} className="text-sm">
            {(control) => (
              <select
                {...control}
                value={settings[key]}
                disabled={save.busy}
                onChange={(e) => void change({ ...settings, [key]: Number(e.target.value) })}
                className={INPUT}
              >
                {choices.map(([minutes, text]) => (
                  <option key={minutes} value={minutes}>
                    {text}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ))}
      </div>
      <FormStatus call={save} fields="none" done={SETTINGS_TEXTS.saved} className="mt-2 text-sm" />
    </section>
  );
}
