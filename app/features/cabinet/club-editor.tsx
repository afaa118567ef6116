import { useState } from 'react';
import { cabinetSetClub } from '../../../core/cabinet/calls';
import type { CabinetPrices } from '../../../core/cabinet/price-contracts';
import { PRICE_LIMITS, PRICE_TEXTS as T } from '../../../core/cabinet/prices';
import { Button } from '../../components/ui/button';
import { Field, INPUT } from '../../components/ui/field';
import { Form, FormStatus } from '../../components/ui/form';
import { useCall } from '../../lib/use-call';

/** 'Клуб ПроДокторов': the switch and the discount, saved with their own button. */
export function ClubEditor({
  club,
  onSaved,
}: {
  club: CabinetPrices['club'];
  onSaved: (club: CabinetPrices['club']) => void;
}) {
  const [enabled, setEnabled] = useState(club.enabled);
  const [percent, setPercent] = useState(String(club.discountPercent));
  const save = useCall(cabinetSetClub);

  async function submit() {
    // A blank or a word goes as NaN (null on the wire): the server answers the field's message.
    const n = percent.trim() === '' ? Number.NaN : Number(percent.trim());
    const outcome = await save.run({ body: { enabled, discount_percent: n } });
    if (outcome.ok) onSaved(outcome.reply);
  }

  return (
    <Form
      call={save}
      onSubmit={() => void submit()}
      className="card flex flex-col gap-3 p-4 sm:p-5"
      aria-labelledby="club-h"
    >
      <h2 id="club-h" className="text-lg font-semibold">
        {T.clubTitle}
      </h2>
      <p className="text-sm text-ink-soft">{T.clubLead}</p>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:gap-6">
        <label className="flex min-h-10 items-center gap-3">
          <input
            type="checkbox"
            role="switch"
            checked={enabled}
            aria-checked={enabled}
            onChange={(e) => {
              setEnabled(e.target.checked);
              save.reset();
            }}
            className="size-5 shrink-0 accent-brand"
          />
          <span className="font-medium">{T.clubSwitch}</span>
        </label>
        <Field
          label={T.clubDiscount}
          hint={`от 0 до ${PRICE_LIMITS.discountMax}`}
          error={save.fieldErrors.discount_percent}
        >
          {(control) => (
            <input
              {...control}
              value={percent}
              inputMode="numeric"
              maxLength={3}
              onChange={(e) => {
                setPercent(e.target.value);
                save.reset();
              }}
              className={`${INPUT} w-28 tabular-nums`}
            />
          )}
        </Field>
        <Button type="submit" busy={save.busy} className="sm:mb-5">
          {T.save}
        </Button>
      </div>
      {/* Only the discount shows its message: a refusal of the switch is the status line's. */}
      <FormStatus
        call={save.fieldErrors.discount_percent ? save : { ...save, fieldErrors: {} }}
        done={T.clubSaved}
        className="text-sm"
      />
    </Form>
  );
}
