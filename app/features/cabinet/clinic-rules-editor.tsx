import { useId, useState } from 'react';
import { cabinetSetClinicRules } from '../../../core/cabinet/calls';
import { CLINIC_PAGE_TEXTS as T } from '../../../core/clinic/page-editor';
import { Field, INPUT } from '../../components/ui/field';
import { Form } from '../../components/ui/form';
import { useCall } from '../../lib/use-call';
import { SaveRow } from './save-row';

/** 'Правила посещения' in the clinic's cabinet: one text, a rule a line. */
export function ClinicRulesEditor({ rules }: { rules: string[] }) {
  const id = useId();
  const [text, setText] = useState(rules.join('\n'));
  const save = useCall(cabinetSetClinicRules);

  async function submit() {
    const outcome = await save.run({ body: { text } });
    if (outcome.ok) setText(outcome.reply.rules.join('\n'));
  }

  return (
    <Form
      call={save}
      onSubmit={submit}
      className="card mt-4 flex flex-col gap-3 p-5"
      aria-labelledby={`${id}-h`}
    >
      <h2 id={`${id}-h`} className="text-lg font-semibold">
        {T.rulesTitle}
      </h2>
      <Field label={T.rulesLead} error={save.fieldErrors.text}>
        {(control) => (
          <textarea
            {...control}
            name="rules"
            className={`${INPUT} min-h-40`}
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value);
              save.reset();
            }}
          />
        )}
      </Field>
      <SaveRow call={save} save={T.save} saved={T.saved} />
    </Form>
  );
}
