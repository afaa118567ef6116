import type { CabinetPriceLine } from '../../../core/cabinet/price-contracts';
import { formatDuration, PRICE_FLAGS, PRICE_TEXTS as T } from '../../../core/cabinet/prices';
import { formatRub } from '../../../core/money/money';
import { Button } from '../../components/ui/button';

/** A line as read: a card on a phone, a row of the group's table from 640 px. */
export function PriceLineRow({
  line,
  clubEnabled,
  asking,
  busy,
  onEdit,
  onAskRemove,
  onCancelRemove,
  onRemove,
}: {
  line: CabinetPriceLine;
  clubEnabled: boolean;
  /** 'Удалить услугу из прайс-листа?' is asked. */
  asking: boolean;
  busy: boolean;
  onEdit: () => void;
  onAskRemove: () => void;
  onCancelRemove: () => void;
  onRemove: () => void;
}) {
  const flags = PRICE_FLAGS.filter((f) => line[f.key]);
  return (
    <div className="grid grid-cols-2 gap-x-3 gap-y-1 sm:grid-cols-[minmax(0,1fr)_5.5rem_6.5rem_6.5rem_12.5rem] sm:items-start">
      <div className="col-span-2 min-w-0 sm:col-span-1">
        <p className="font-medium" data-line-name>
          {line.name}
        </p>
        {line.doctor && (
          <p className="text-sm text-ink-soft">
            {T.doctor}: {line.doctor}
          </p>
        )}
        {flags.length > 0 && (
          <ul className="mt-1 flex flex-wrap gap-1" aria-label="Условия записи">
            {flags.map((f) => (
              <li key={f.key} className="rounded bg-canvas px-1.5 py-0.5 text-xs text-ink-soft">
                {f.label}
              </li>
            ))}
          </ul>
        )}
      </div>
      <p className="text-sm tabular-nums">
        <span className="text-ink-soft sm:hidden">Длительность: </span>
        {formatDuration(line.durationMinutes)}
      </p>
      <p className="text-right font-semibold tabular-nums" data-line-price>
        <span className="font-normal text-ink-soft sm:hidden">Цена: </span>
        {formatRub(line.priceFull)}
      </p>
      <p className={`text-sm tabular-nums sm:text-right ${clubEnabled ? '' : 'text-ink-soft'}`}>
        <span className="text-ink-soft sm:hidden">Клубная: </span>
        {line.priceClub === null ? '—' : formatRub(line.priceClub)}
      </p>
      <div className="col-span-2 mt-2 flex flex-wrap justify-end gap-2 sm:col-span-1 sm:mt-0 sm:flex-nowrap">
        {asking ? (
          <fieldset className="flex flex-wrap items-center justify-end gap-2">
            <legend className="float-left mr-1 text-sm">{T.removeConfirm}</legend>
            {/* A danger button of a row's size. */}
            <Button
              variant="bare"
              className="rounded-lg bg-error px-3 py-1.5 text-sm font-medium text-white disabled:opacity-50"
              onClick={onRemove}
              busy={busy}
            >
              {T.remove}
            </Button>
            <Button variant="small" onClick={onCancelRemove}>
              {T.cancel}
            </Button>
          </fieldset>
        ) : (
          <>
            <Button variant="small" aria-label={`${T.edit}: ${line.name}`} onClick={onEdit}>
              {T.edit}
            </Button>
            <Button
              variant="small"
              className="text-error"
              aria-label={`${T.remove}: ${line.name}`}
              onClick={onAskRemove}
            >
              {T.remove}
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
