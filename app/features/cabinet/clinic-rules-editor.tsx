import { useId, useState } from 'react';
import { cabinetSetClinicRules } from '../../../core/cabinet/calls';
import { CLINIC_PAGE_TEXTS as T } from '../../../core/clinic/page-editor';
import { api } from '../../lib/api';
import { FIELD, PRIMARY, StatusNote, useSave } from './clinic-page-form';

/** 'Правила посещения' in the clinic's cabinet: one text, a rule a line. */
export function ClinicRulesEditor({ rules }: { rules: string[] }) {
  const id = useId();
  const [text, setText] = useState(rules.join('\n'));
  const { busy, note, setNote, run } = useSave();

  async function save() {
    const saved = await run(() => api.send(cabinetSetClinicRules, { body: { text } }), T.saved);
    if (saved) setText(saved.rules.join('\n'));
  }

  return (
    <form
      className="card mt-4 flex flex-col gap-3 p-5"
      aria-labelledby={`${id}-h`}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <h2 id={`${id}-h`} className="text-lg font-semibold">
        {T.rulesTitle}
      </h2>
      <label className="flex flex-col gap-1">
        <span className="text-sm text-ink-soft">{T.rulesLead}</span>
        <textarea
          name="rules"
          className={`${FIELD} min-h-40`}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setNote(null);
          }}
        />
      </label>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={PRIMARY} disabled={busy}>
          {T.save}
        </button>
        <StatusNote note={note} />
      </div>
    </form>
  );
}
