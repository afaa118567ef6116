import { type KeyboardEvent, type ReactNode, useId, useState } from 'react';
import { DEFAULT_VISIT_TYPE, type VisitType } from '../../../core/booking/urls';
import type { VisitPrice } from '../../../core/directory/contracts';
import { formatRub } from '../../../core/money/money';
import { Button } from '../../components/ui/button';
import { ClubPriceButton } from '../club/club-price-button';

export const VISIT_LABELS: Record<VisitPrice['type'], string> = {
  clinic: 'В клинике',
  home: 'На дому',
  telemed: 'Онлайн',
};

const NEXT_KEYS: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * The one visit-type control of a workplace (or a list card): with several visit types, a tablist
 * 'Тип приёма' whose tabs carry the type and its price ('На дому · 4 000 ₽'); the chosen tab's
 * panel holds its club price, the partner app's price of an online visit and what `panel` draws
 * for that type (the calendar of its slots, which the schedule feature fills), so the price and
 * the slots cannot disagree. The first listed price is chosen at first. ARIA tabs with automatic
 * activation and a roving tabindex: arrows move and choose, Home and End go to the ends. With one
 * type, its label and price and the panel; with none, just the panel (the clinic's type).
 * `partnerPrice` is the online visit's second price, booked through the partner app.
 */
export function PriceChips({
  prices,
  partnerPrice = null,
  panel,
}: {
  prices: VisitPrice[];
  partnerPrice?: number | null;
  /** What the chosen type shows under its price: the calendar (another feature fills it). */
  panel?: (type: VisitType) => ReactNode;
}) {
  const [selected, setSelected] = useState(prices[0]?.type);
  const baseId = useId();
  const current = prices.find((p) => p.type === selected) ?? prices[0];
  if (!current) return panel?.(DEFAULT_VISIT_TYPE) ?? null;

  const extras = (
    <>
      {current.clubPrice !== null && (
        <p className="text-sm">
          <ClubPriceButton className="club-tag">{`${formatRub(current.clubPrice)} в клубе`}</ClubPriceButton>
        </p>
      )}
      {current.type === 'telemed' && partnerPrice !== null && (
        <p className="text-sm text-ink-soft">
          В приложении МедТочка: <span className="font-semibold text-ink">{formatRub(partnerPrice)}</span>
        </p>
      )}
    </>
  );

  if (prices.length === 1) {
    return (
      <div className="flex flex-col gap-2">
        <p className="text-sm text-ink-soft">
          <span>{`${VISIT_LABELS[current.type]}: `}</span>
          <span className="text-lg font-semibold text-ink">{formatRub(current.price)}</span>
        </p>
        {extras}
        {panel?.(current.type)}
      </div>
    );
  }

  const tabId = (type: VisitType) => `${baseId}-${type}`;
  const panelId = `${baseId}-panel`;

  function choose(type: VisitType) {
    document.getElementById(tabId(type))?.focus();
    setSelected(type);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const at = prices.findIndex((p) => p.type === current?.type);
    let next: number | null = null;
    if (event.key in NEXT_KEYS) next = (at + NEXT_KEYS[event.key] + prices.length) % prices.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = prices.length - 1;
    if (next === null) return;
    event.preventDefault();
    choose(prices[next].type);
  }

  return (
    <div className="flex min-w-0 flex-col gap-2">
      <div role="tablist" aria-label="Тип приёма" className="flex flex-wrap gap-1" onKeyDown={onKeyDown}>
        {prices.map((p) => {
          const on = p.type === current.type;
          return (
            <Button
              key={p.type}
              variant="bare"
              role="tab"
              id={tabId(p.type)}
              aria-selected={on}
              aria-controls={panelId}
              tabIndex={on ? 0 : -1}
              onClick={() => choose(p.type)}
              className="price-tab"
            >
              {`${VISIT_LABELS[p.type]} · `}
              <span className="font-semibold">{formatRub(p.price)}</span>
            </Button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={panelId}
        aria-labelledby={tabId(current.type)}
        className="flex flex-1 flex-col gap-2"
      >
        {extras}
        {panel?.(current.type)}
      </div>
    </div>
  );
}
