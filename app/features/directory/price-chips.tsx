import { useState } from 'react';
import type { VisitPrice } from '../../../core/directory/contracts';
import { formatRub } from '../../../core/money/money';
import { ClubPriceButton } from '../club/club-price-button';

export const VISIT_LABELS: Record<VisitPrice['type'], string> = {
  clinic: 'В клинике',
  home: 'На дому',
  telemed: 'Онлайн',
};

/**
 * Price block: with several visit types, chips 'В клинике' / 'На дому' / 'Онлайн' switch the price shown.
 * `partnerPrice` is the online visit's second price, booked through the partner app.
 */
export function PriceChips({
  prices,
  partnerPrice = null,
}: {
  prices: VisitPrice[];
  partnerPrice?: number | null;
}) {
  const [selected, setSelected] = useState(prices[0]?.type);
  const current = prices.find((p) => p.type === selected) ?? prices[0];
  if (!current) return null;
  return (
    <div className="flex flex-col gap-2">
      {prices.length > 1 && (
        <fieldset aria-label="Тип приёма" className="flex flex-wrap gap-1">
          {prices.map((p) => (
            <button
              key={p.type}
              type="button"
              aria-pressed={p.type === current.type}
              onClick={() => setSelected(p.type)}
              className={`rounded-full border px-3 py-1 text-xs font-medium ${
                p.type === current.type
                  ? 'border-brand bg-brand text-white'
                  : 'border-line bg-surface text-ink-soft hover:border-brand'
              }`}
            >
              {VISIT_LABELS[p.type]}
            </button>
          ))}
        </fieldset>
      )}
      <p className="text-sm text-ink-soft">
        {prices.length === 1 && <span>{VISIT_LABELS[current.type]}: </span>}
        <span className="text-lg font-semibold text-ink">{formatRub(current.price)}</span>
        {current.clubPrice !== null && (
          <ClubPriceButton className="ml-2 rounded-md bg-accent-soft px-2 py-0.5 text-xs font-medium text-accent">
            {formatRub(current.clubPrice)} в клубе
          </ClubPriceButton>
        )}
      </p>
      {current.type === 'telemed' && partnerPrice !== null && (
        <p className="text-sm text-ink-soft">
          В приложении МедТочка: <span className="font-semibold text-ink">{formatRub(partnerPrice)}</span>
        </p>
      )}
    </div>
  );
}
