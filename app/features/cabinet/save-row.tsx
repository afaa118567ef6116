import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { type FormCall, FormStatus } from '../../components/ui/form';

/** A form's submit button and, beside it, the status line of its call ('Сохранено' or the refusal). */
export function SaveRow({
  call,
  save,
  saved,
  fields,
}: {
  call: FormCall;
  /** The button's text. */
  save: ReactNode;
  /** The status line's text after a success. */
  saved?: ReactNode;
  fields?: 'own' | 'none';
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button type="submit" busy={call.busy}>
        {save}
      </Button>
      <FormStatus call={call} fields={fields} done={saved} />
    </div>
  );
}
