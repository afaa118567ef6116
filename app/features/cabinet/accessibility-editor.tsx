import { useState } from 'react';
import { cabinetSetAccessibility } from '../../../core/cabinet/calls';
import {
  ACCESSIBILITY_FEATURES,
  ACCESSIBILITY_LABELS,
  ACCESSIBILITY_TEXTS,
  type AccessibilityFeature,
} from '../../../core/clinic/accessibility';
import { api, isApiError, SERVER_ERROR } from '../../lib/api';

const PRIMARY =
  'rounded-lg bg-brand px-4 py-2 font-medium text-white hover:bg-brand-dark disabled:opacity-50';

/** 'Доступная среда' in the clinic's cabinet: a box per feature, saved with 'Сохранить'. */
export function AccessibilityEditor({ features }: { features: AccessibilityFeature[] }) {
  const [chosen, setChosen] = useState<Set<AccessibilityFeature>>(new Set(features));
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);

  async function save() {
    setBusy(true);
    setNote(null);
    try {
      const saved = await api.send(cabinetSetAccessibility, {
        body: { features: ACCESSIBILITY_FEATURES.filter((f) => chosen.has(f)) },
      });
      setChosen(new Set(saved.features));
      setNote({ ok: true, text: ACCESSIBILITY_TEXTS.saved });
    } catch (err) {
      setNote({ ok: false, text: isApiError(err) ? err.detail : SERVER_ERROR });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="card mt-4 flex flex-col gap-3 p-5"
      aria-labelledby="access-edit-h"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <h2 id="access-edit-h" className="text-lg font-semibold">
        {ACCESSIBILITY_TEXTS.title}
      </h2>
      <p className="text-sm text-ink-soft">{ACCESSIBILITY_TEXTS.cabinetLead}</p>
      <fieldset className="flex flex-col gap-2">
        <legend className="sr-only">{ACCESSIBILITY_TEXTS.title}</legend>
        {ACCESSIBILITY_FEATURES.map((f) => (
          <label key={f} className="flex min-h-10 items-start gap-2">
            <input
              type="checkbox"
              className="mt-1 h-4 w-4 shrink-0 accent-brand"
              checked={chosen.has(f)}
              onChange={(event) => {
                const on = event.currentTarget.checked;
                setNote(null);
                setChosen((set) => {
                  const next = new Set(set);
                  if (on) next.add(f);
                  else next.delete(f);
                  return next;
                });
              }}
            />
            <span>{ACCESSIBILITY_LABELS[f]}</span>
          </label>
        ))}
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={PRIMARY} disabled={busy}>
          {ACCESSIBILITY_TEXTS.save}
        </button>
        {note && (
          <p role={note.ok ? 'status' : 'alert'} className={note.ok ? 'text-success' : 'text-error'}>
            {note.text}
          </p>
        )}
      </div>
    </form>
  );
}
