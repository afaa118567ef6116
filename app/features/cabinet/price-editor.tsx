import { useState } from 'react';
import {
  cabinetAddPrice,
  cabinetPrices,
  cabinetRemovePrice,
  cabinetSetClub,
  cabinetSetPrice,
} from '../../../core/cabinet/calls';
import type { CabinetPriceLine, CabinetPrices } from '../../../core/cabinet/price-contracts';
import { formatDuration, PRICE_FLAGS, PRICE_LIMITS, PRICE_TEXTS as T } from '../../../core/cabinet/prices';
import { priceStatus } from '../../../core/clinic/price-status';
import { formatRub } from '../../../core/money/money';
import { api, isApiError, SERVER_ERROR } from '../../lib/api';
import { bodyOf, FIELD, type LineDraft, PRIMARY, PriceLineForm, SECONDARY } from './price-line-form';

type Note = { ok: boolean; text: string; stale?: boolean } | null;
/** What the list is doing: nothing, a line's form open, the new line's form, a removal asked. */
type Mode =
  | { kind: 'view' }
  | { kind: 'edit'; id: number }
  | { kind: 'add' }
  | { kind: 'remove'; id: number };

function fieldErrorsOf(err: unknown): Record<string, string> {
  if (!isApiError(err, 400)) return {};
  const errors = (err.body as { errors?: Record<string, string> }).errors;
  return errors && typeof errors === 'object' ? errors : {};
}

/**
 * 'Цены и услуги' in the clinic's cabinet: its club participation, then its price list by
 * service class. Each line is read as a row (a card on a phone) and changed in place; every
 * save answers the whole list as saved, which replaces the one shown.
 */
export function PriceEditor({ initial }: { initial: CabinetPrices | null }) {
  const [prices, setPrices] = useState<CabinetPrices | null>(initial);
  const [loading, setLoading] = useState(false);
  const [loadFailed, setLoadFailed] = useState(initial === null);
  const [mode, setMode] = useState<Mode>({ kind: 'view' });
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [note, setNote] = useState<Note>(null);

  async function reload() {
    setLoading(true);
    try {
      setPrices(await api.send(cabinetPrices, {}));
      setLoadFailed(false);
      setNote(null);
      setMode({ kind: 'view' });
    } catch {
      setLoadFailed(true);
    } finally {
      setLoading(false);
    }
  }

  async function run(call: () => Promise<CabinetPrices>, done: string) {
    setBusy(true);
    setErrors({});
    setNote(null);
    try {
      setPrices(await call());
      setMode({ kind: 'view' });
      setNote({ ok: true, text: done });
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      setNote({
        ok: false,
        text: isApiError(err) ? err.detail : SERVER_ERROR,
        stale: isApiError(err, 409) && err.code === 'stale',
      });
    } finally {
      setBusy(false);
    }
  }

  const open = (next: Mode) => {
    setErrors({});
    setNote(null);
    setMode(next);
  };

  const save = (line: CabinetPriceLine, draft: LineDraft) =>
    run(
      () =>
        api.send(cabinetSetPrice, {
          params: { id: line.id },
          body: { ...bodyOf(draft), version: line.version },
        }),
      T.saved,
    );

  if (loadFailed || !prices)
    return (
      <div className="card mt-6 p-6 text-center" role="alert">
        <p>{T.loadFailed}</p>
        <button
          type="button"
          className={`${SECONDARY} mt-3`}
          onClick={() => void reload()}
          disabled={loading}
        >
          {loading ? 'Загрузка…' : 'Обновить'}
        </button>
      </div>
    );

  const status = priceStatus(prices.updateStatus.code, prices.updateStatus.date);
  const lineCount = prices.groups.reduce((n, g) => n + g.lines.length, 0);

  return (
    <div className="mt-4 flex flex-col gap-6" aria-busy={loading || busy}>
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

        <div className="mt-3" aria-live="polite">
          {note && (
            <div
              role={note.ok ? 'status' : 'alert'}
              className={`flex flex-wrap items-center gap-3 text-sm ${note.ok ? 'text-success' : 'text-error'}`}
            >
              <span>{note.text}</span>
              {note.stale && (
                <button type="button" className="text-brand underline" onClick={() => void reload()}>
                  Обновить
                </button>
              )}
            </div>
          )}
        </div>

        {mode.kind === 'add' ? (
          <div className="mt-3 rounded-lg border border-brand/40 p-3 sm:p-4">
            <h3 className="mb-2 font-semibold">{T.add}</h3>
            <PriceLineForm
              line={null}
              busy={busy}
              errors={errors}
              clubEnabled={prices.club.enabled}
              onCancel={() => open({ kind: 'view' })}
              onSubmit={(draft, synonym) =>
                void run(
                  () =>
                    api.send(cabinetAddPrice, {
                      // No choice yet: the server's 'Выберите услугу из списка'.
                      body: { ...bodyOf(draft), synonym_id: synonym?.id ?? 0 },
                    }),
                  T.added,
                )
              }
            />
          </div>
        ) : (
          <button type="button" className={`${PRIMARY} mt-3`} onClick={() => open({ kind: 'add' })}>
            + {T.add}
          </button>
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
                      busy={busy}
                      errors={errors}
                      clubEnabled={prices.club.enabled}
                      onCancel={() => open({ kind: 'view' })}
                      onSubmit={(draft) => void save(line, draft)}
                    />
                  ) : (
                    <LineRow
                      line={line}
                      clubEnabled={prices.club.enabled}
                      asking={mode.kind === 'remove' && mode.id === line.id}
                      busy={busy}
                      onEdit={() => open({ kind: 'edit', id: line.id })}
                      onAskRemove={() => open({ kind: 'remove', id: line.id })}
                      onCancelRemove={() => open({ kind: 'view' })}
                      onRemove={() =>
                        void run(() => api.send(cabinetRemovePrice, { params: { id: line.id } }), T.removed)
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

/** A line as read: a card on a phone, a row of the group's table from 640 px. */
function LineRow({
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
            <button
              type="button"
              className="rounded-lg bg-error px-3 py-1.5 text-sm font-medium text-white disabled:opacity-50"
              onClick={onRemove}
              disabled={busy}
            >
              {T.remove}
            </button>
            <button type="button" className={`${SECONDARY} px-3 py-1.5 text-sm`} onClick={onCancelRemove}>
              {T.cancel}
            </button>
          </fieldset>
        ) : (
          <>
            <button
              type="button"
              className="rounded-lg border border-line px-3 py-1.5 text-sm hover:bg-canvas"
              aria-label={`${T.edit}: ${line.name}`}
              onClick={onEdit}
            >
              {T.edit}
            </button>
            <button
              type="button"
              className="rounded-lg border border-line px-3 py-1.5 text-sm text-error hover:bg-canvas"
              aria-label={`${T.remove}: ${line.name}`}
              onClick={onAskRemove}
            >
              {T.remove}
            </button>
          </>
        )}
      </div>
    </div>
  );
}

/** 'Клуб ПроДокторов': the switch and the discount, saved with their own button. */
function ClubEditor({
  club,
  onSaved,
}: {
  club: CabinetPrices['club'];
  onSaved: (club: CabinetPrices['club']) => void;
}) {
  const [enabled, setEnabled] = useState(club.enabled);
  const [percent, setPercent] = useState(String(club.discountPercent));
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Note>(null);

  async function save() {
    setBusy(true);
    setNote(null);
    try {
      const n = percent.trim() === '' ? Number.NaN : Number(percent.trim());
      const saved = await api.send(cabinetSetClub, { body: { enabled, discount_percent: n } });
      setNote({ ok: true, text: T.clubSaved });
      onSaved(saved);
    } catch (err) {
      setNote({ ok: false, text: isApiError(err) ? err.detail : SERVER_ERROR });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="card flex flex-col gap-3 p-4 sm:p-5"
      aria-labelledby="club-h"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
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
              setNote(null);
            }}
            className="size-5 shrink-0 accent-brand"
          />
          <span className="font-medium">{T.clubSwitch}</span>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {T.clubDiscount}
          <input
            value={percent}
            inputMode="numeric"
            maxLength={3}
            onChange={(e) => {
              setPercent(e.target.value);
              setNote(null);
            }}
            className={`${FIELD} w-28 font-normal tabular-nums`}
            aria-describedby="club-discount-hint"
          />
          <span id="club-discount-hint" className="text-xs font-normal text-ink-soft">
            от 0 до {PRICE_LIMITS.discountMax}
          </span>
        </label>
        <button type="submit" className={`${PRIMARY} sm:mb-5`} disabled={busy}>
          {T.save}
        </button>
      </div>
      {note && (
        <p
          role={note.ok ? 'status' : 'alert'}
          className={`text-sm ${note.ok ? 'text-success' : 'text-error'}`}
        >
          {note.text}
        </p>
      )}
    </form>
  );
}
