import { useState } from 'react';
import {
  cabinetAddPrice,
  cabinetPrices,
  cabinetRemovePrice,
  cabinetSetPrice,
} from '../../../core/cabinet/calls';
import type { CabinetPrices } from '../../../core/cabinet/price-contracts';
import { PRICE_TEXTS as T } from '../../../core/cabinet/prices';
import { priceStatus } from '../../../core/clinic/price-status';
import { Button } from '../../components/ui/button';
import { FormStatus } from '../../components/ui/form';
import { useCall } from '../../lib/use-call';
import { ClubEditor } from './club-editor';
import { bodyOf, lineStatus, PriceLineForm } from './price-line-form';
import { PriceLineRow } from './price-line-row';

/** What the list is doing: nothing, a line's form open, the new line's form, a removal asked. */
type Mode =
  | { kind: 'view' }
  | { kind: 'edit'; id: number }
  | { kind: 'add' }
  | { kind: 'remove'; id: number };
/** The changes of the list, each its own call; the last one's outcome is said above the list. */
type Change = 'add' | 'edit' | 'remove';
const DONE: Record<Change, string> = { add: T.added, edit: T.saved, remove: T.removed };

/**
 * 'Цены и услуги' in the clinic's cabinet: its club participation, then its price list by
 * service class. Each line is read as a row (a card on a phone) and changed in place; every
 * save answers the whole list as saved, which replaces the one shown.
 */
export function PriceEditor({ initial }: { initial: CabinetPrices | null }) {
  const [prices, setPrices] = useState<CabinetPrices | null>(initial);
  const [loadFailed, setLoadFailed] = useState(initial === null);
  const [mode, setMode] = useState<Mode>({ kind: 'view' });
  const reading = useCall(cabinetPrices);
  const calls = {
    add: useCall(cabinetAddPrice),
    edit: useCall(cabinetSetPrice),
    remove: useCall(cabinetRemovePrice),
  };
  const [last, setLast] = useState<Change | null>(null);
  const busy = calls.add.busy || calls.edit.busy || calls.remove.busy;

  /** Another step: the last change's outcome and messages go. */
  function open(next: Mode) {
    for (const call of Object.values(calls)) call.reset();
    setLast(null);
    setMode(next);
  }

  async function reload() {
    const outcome = await reading.run({});
    if (!outcome.ok) return setLoadFailed(true);
    setPrices(outcome.reply);
    setLoadFailed(false);
    open({ kind: 'view' });
  }

  async function change(
    kind: Change,
    run: () => Promise<{ ok: true; reply: CabinetPrices } | { ok: false }>,
  ) {
    for (const call of Object.values(calls)) call.reset();
    setLast(kind);
    const outcome = await run();
    if (!outcome.ok) return;
    setPrices(outcome.reply);
    setMode({ kind: 'view' });
  }

  if (loadFailed || !prices)
    return (
      <div className="card mt-6 p-6 text-center" role="alert">
        <p>{T.loadFailed}</p>
        <Button variant="secondary" className="mt-3" busy={reading.busy} onClick={() => void reload()}>
          {reading.busy ? 'Загрузка…' : 'Обновить'}
        </Button>
      </div>
    );

  const status = priceStatus(prices.updateStatus.code, prices.updateStatus.date);
  const lineCount = prices.groups.reduce((n, g) => n + g.lines.length, 0);
  const clubEnabled = prices.club.enabled;
  const lastCall = last && calls[last];

  return (
    <div className="mt-4 flex flex-col gap-6" aria-busy={reading.busy || busy}>
      <ClubEditor
        key={`${prices.club.enabled}-${prices.club.discountPercent}`}
        club={prices.club}
        onSaved={(club) => setPrices((p) => (p ? { ...p, club } : p))}
      />

      <section className="card p-4 sm:p-5" aria-labelledby="prices-h">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="prices-h" className="text-lg font-semibold">
            Прайс-лист
          </h2>
          {status && (
            <p className="text-sm text-ink-soft" data-price-status={prices.updateStatus.code}>
              {status.text}
            </p>
          )}
        </div>
        <p className="mt-1 text-sm text-ink-soft">{T.lead}</p>

        <div className="mt-3 flex flex-wrap items-center gap-3 text-sm" aria-live="polite">
          {last && lastCall && <FormStatus call={lineStatus(lastCall)} done={DONE[last]} />}
          {lastCall?.refusal?.code === 'stale' && (
            <Button variant="link" className="underline" onClick={() => void reload()}>
              Обновить
            </Button>
          )}
        </div>

        {mode.kind === 'add' ? (
          <div className="mt-3 rounded-lg border border-brand/40 p-3 sm:p-4">
            <h3 className="mb-2 font-semibold">{T.add}</h3>
            <PriceLineForm
              line={null}
              call={calls.add}
              clubEnabled={clubEnabled}
              onCancel={() => open({ kind: 'view' })}
              onSubmit={(draft, synonym) =>
                void change('add', () =>
                  // No choice yet: the server's 'Выберите услугу из списка'.
                  calls.add.run({ body: { ...bodyOf(draft), synonym_id: synonym?.id ?? 0 } }),
                )
              }
            />
          </div>
        ) : (
          <Button className="mt-3" onClick={() => open({ kind: 'add' })}>
            + {T.add}
          </Button>
        )}

        {lineCount === 0 && mode.kind !== 'add' && (
          <p className="mt-4 rounded-lg bg-canvas px-4 py-6 text-center text-ink-soft" role="status">
            {T.empty}
          </p>
        )}

        {prices.groups.map((group) => (
          <section key={group.classId} className="mt-5" aria-labelledby={`price-group-${group.classId}`}>
            <h3 id={`price-group-${group.classId}`} className="border-b border-line pb-1 font-semibold">
              {group.name}
            </h3>
            <div
              aria-hidden="true"
              className="hidden gap-3 px-2 pt-2 text-xs text-ink-soft sm:grid sm:grid-cols-[minmax(0,1fr)_5.5rem_6.5rem_6.5rem_12.5rem]"
            >
              <span>Услуга</span>
              <span>Длительность</span>
              <span className="text-right">Цена</span>
              <span className="text-right">Клубная</span>
              <span />
            </div>
            <ul className="flex flex-col">
              {group.lines.map((line) => (
                <li
                  key={line.id}
                  data-price-line={line.id}
                  className="border-b border-line/60 py-3 last:border-b-0 sm:px-2"
                >
                  {mode.kind === 'edit' && mode.id === line.id ? (
                    <PriceLineForm
                      line={line}
                      call={calls.edit}
                      clubEnabled={clubEnabled}
                      onCancel={() => open({ kind: 'view' })}
                      onSubmit={(draft) =>
                        void change('edit', () =>
                          calls.edit.run({
                            params: { id: line.id },
                            body: { ...bodyOf(draft), version: line.version },
                          }),
                        )
                      }
                    />
                  ) : (
                    <PriceLineRow
                      line={line}
                      clubEnabled={clubEnabled}
                      asking={mode.kind === 'remove' && mode.id === line.id}
                      busy={calls.remove.busy}
                      onEdit={() => open({ kind: 'edit', id: line.id })}
                      onAskRemove={() => open({ kind: 'remove', id: line.id })}
                      onCancelRemove={() => open({ kind: 'view' })}
                      onRemove={() =>
                        void change('remove', () => calls.remove.run({ params: { id: line.id } }))
                      }
                    />
                  )}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </section>
    </div>
  );
}
