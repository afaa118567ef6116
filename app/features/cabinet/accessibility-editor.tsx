import { useState } from 'react';
import { cabinetSetAccessibility } from '../../../core/cabinet/calls';
import {
  ACCESSIBILITY_FEATURES,
  ACCESSIBILITY_LABELS,
  ACCESSIBILITY_TEXTS,
  type AccessibilityFeature,
} from '../../../core/clinic/accessibility';
import { Form } from '../../components/ui/form';
import { useCall } from '../../lib/use-call';
import { SaveRow } from './save-row';

/** 'Доступная среда' in the clinic's cabinet: a box per feature, saved with 'Сохранить'. */
export function AccessibilityEditor({ features }: { features: AccessibilityFeature[] }) {
  const [chosen, setChosen] = useState<Set<AccessibilityFeature>>(new Set(features));
  const save = useCall(cabinetSetAccessibility);

  async function submit() {
    const outcome = await save.run({
      body: { features: ACCESSIBILITY_FEATURES.filter((f) => chosen.has(f)) },
    });
    if (outcome.ok) setChosen(new Set(outcome.reply.features));
  }

  return (
    <Form
      call={save}
      onSubmit={submit}
      className="card mt-4 flex flex-col gap-3 p-5"
      aria-labelledby="access-edit-h"
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
                save.reset();
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
      <SaveRow call={save} save={ACCESSIBILITY_TEXTS.save} saved={ACCESSIBILITY_TEXTS.saved} fields="none" />
    </Form>
  );
}
