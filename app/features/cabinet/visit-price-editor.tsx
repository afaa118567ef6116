import { useState } from 'react';
import { cabinetSetVisitPrice } from '../../../core/cabinet/calls';
import type { VisitPrice, VisitPricePlace, VisitPrices } from '../../../core/cabinet/visit-price-contracts';
import { VISIT_PRICE_TEXTS as T, VISIT_TYPE_NAMES } from '../../../core/cabinet/visit-prices';
import { formatRub } from '../../../core/money/money';
import { Button } from '../../components/ui/button';
import { Field, INPUT } from '../../components/ui/field';
import { Form, FormStatus } from '../../components/ui/form';
import { useCall } from '../../lib/use-call';

/**
 * 'Стоимость приёма врачей' (ADR 039): each doctor of the clinic, at the clinic's address, with a
 * price per visit type they take there. The clinic changes one price at a time; the reply is the
 * list as saved. A doctor's account reads the prices the clinics set for them.
 */
export function VisitPriceEditor({ initial }: { initial: VisitPrices | null }) {
  const [prices, setPrices] = useState(initial);
  if (!prices) return null;
  return (
    <section className="card p-4 sm:p-5" aria-labelledby="visit-prices-h">
      <h2 id="visit-prices-h" className="text-lg font-semibold">
        {T.title}
      </h2>
      <p className="mt-1 text-sm text-ink-soft">{prices.editable ? T.lead : T.doctorLead}</p>
      {prices.places.length === 0 && (
        <p className="mt-4 rounded-lg bg-canvas px-4 py-6 text-center text-ink-soft" role="status">
          {T.empty}
        </p>
      )}
      <ul className="mt-3 flex flex-col">
        {prices.places.map((place) => (
          <li
            key={place.workplaceId}
            data-visit-place={place.workplaceId}
            className="flex flex-col gap-2 border-b border-line/60 py-3 last:border-b-0"
          >
            <p>
              <span className="font-medium">{prices.editable ? place.doctor : place.clinicName}</span>
              <span className="block text-sm text-ink-soft">{place.address}</span>
            </p>
            <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:gap-6">
              {place.prices.map((price) =>
                prices.editable ? (
                  <VisitPriceForm
                    key={price.visitType}
                    place={place}
                    price={price}
                    onSaved={(saved) => setPrices(saved)}
                  />
                ) : (
                  <p key={price.visitType} className="text-sm">
                    <span className="text-ink-soft">{VISIT_TYPE_NAMES[price.visitType]}: </span>
                    <span className="font-semibold">{formatRub(price.price)}</span>
                    {price.clubPrice !== null && (
                      <span className="ml-2 text-ink-soft">
                        {formatRub(price.clubPrice)} {T.club}
                      </span>
                    )}
                  </p>
                ),
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One visit type's price of one doctor, with its own 'Сохранить' and its own message. */
function VisitPriceForm({
  place,
  price,
  onSaved,
}: {
  place: VisitPricePlace;
  price: VisitPrice;
  onSaved: (saved: VisitPrices) => void;
}) {
  const [value, setValue] = useState(String(price.price));
  const save = useCall(cabinetSetVisitPrice);

  async function submit() {
    // A blank or a word goes as NaN (null on the wire): the server answers the field's message.
    const text = value.replace(/\s/g, '');
    const n = text === '' ? Number.NaN : Number(text);
    const outcome = await save.run({
      params: { workplaceId: place.workplaceId },
      body: { visit_type: price.visitType, price: n },
    });
    if (outcome.ok) onSaved(outcome.reply);
  }

  return (
    <Form
      call={save}
      onSubmit={() => void submit()}
      className="flex flex-col gap-1"
      data-visit-price={`${place.workplaceId}-${price.visitType}`}
    >
      <div className="flex items-start gap-2">
        <Field
          label={`${VISIT_TYPE_NAMES[price.visitType]}, ₽`}
          hint={price.clubPrice === null ? undefined : `${formatRub(price.clubPrice)} ${T.club}`}
          error={save.fieldErrors.price ?? save.fieldErrors.visit_type}
        >
          {(control) => (
            <input
              {...control}
              value={value}
              inputMode="numeric"
              maxLength={9}
              onChange={(e) => {
                setValue(e.target.value);
                save.reset();
              }}
              className={`${INPUT} w-32 tabular-nums`}
            />
          )}
        </Field>
        <Button
          type="submit"
          variant="secondary"
          busy={save.busy}
          className="mt-6"
          aria-label={`${T.save}: ${VISIT_TYPE_NAMES[price.visitType]}, ${place.doctor}`}
        >
          {T.save}
        </Button>
      </div>
      <FormStatus call={save} done={T.saved} className="text-sm" />
    </Form>
  );
}
