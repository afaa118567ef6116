import { useEffect, useId, useRef, useState } from 'react';
import { cabinetPriceSynonyms } from '../../../core/cabinet/calls';
import type { CabinetPriceLine, SynonymOptions } from '../../../core/cabinet/price-contracts';
import { PRICE_FLAGS, PRICE_LIMITS, PRICE_TEXTS as T } from '../../../core/cabinet/prices';
import { api, isApiError } from '../../lib/api';

export const FIELD = 'w-full rounded-lg border border-line bg-surface px-3 py-2';
export const PRIMARY =
  'rounded-lg bg-brand px-4 py-2 font-medium text-white hover:bg-brand-dark disabled:opacity-50';
export const SECONDARY =
  'rounded-lg border border-line px-4 py-2 font-medium text-ink hover:bg-canvas disabled:opacity-50';

type Synonym = SynonymOptions['synonyms'][number];

/** A line's fields as the form holds them: numbers as typed. */
export interface LineDraft {
  name: string;
  duration: string;
  full: string;
  club: string;
  flags: Record<(typeof PRICE_FLAGS)[number]['key'], boolean>;
}

export function draftOf(line: CabinetPriceLine | null): LineDraft {
  return {
    name: line?.name ?? '',
    duration: line ? String(line.durationMinutes) : '30',
    full: line ? String(line.priceFull) : '',
    club: line?.priceClub === null || !line ? '' : String(line.priceClub),
    flags: {
      appointmentOn: line?.appointmentOn ?? false,
      hasIntervals: line?.hasIntervals ?? false,
      isAvailableAppointmentDirect: line?.isAvailableAppointmentDirect ?? false,
      requiresPrimaryConsultation: line?.requiresPrimaryConsultation ?? false,
    },
  };
}

/**
 * The body's fields of a draft. The server checks the numbers: a blank or a word is sent as NaN,
 * which goes as null and is refused with the field's message.
 */
export function bodyOf(d: LineDraft) {
  const num = (s: string) => (s.trim() === '' ? Number.NaN : Number(s.trim().replace(/\s/g, '')));
  return {
    name: d.name,
    duration_minutes: num(d.duration),
    price_full: num(d.full),
    price_club: d.club.trim() === '' ? null : num(d.club),
    appointment_on: d.flags.appointmentOn,
    has_intervals: d.flags.hasIntervals,
    is_available_appointment_direct: d.flags.isAvailableAppointmentDirect,
    requires_primary_consultation: d.flags.requiresPrimaryConsultation,
  };
}

/**
 * The form of a line, new or changed: the catalogue service (a new line only), the name, the
 * duration, both prices and the four switches. `errors` are the server's messages by field.
 */
export function PriceLineForm({
  line,
  busy,
  errors,
  clubEnabled,
  onSubmit,
  onCancel,
}: {
  /** The line changed, or null for a new one. */
  line: CabinetPriceLine | null;
  busy: boolean;
  errors: Record<string, string>;
  clubEnabled: boolean;
  onSubmit: (draft: LineDraft, synonym: Synonym | null) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState<LineDraft>(() => draftOf(line));
  const [synonym, setSynonym] = useState<Synonym | null>(null);
  const firstRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    firstRef.current?.focus();
  }, []);

  const set = (change: Partial<LineDraft>) => setDraft((d) => ({ ...d, ...change }));
  const error = (field: string) =>
    errors[field] ? (
      <span id={`${id}-${field}-error`} className="text-sm text-error">
        {errors[field]}
      </span>
    ) : null;
  const described = (field: string) => (errors[field] ? `${id}-${field}-error` : undefined);

  return (
    <form
      className="flex flex-col gap-3"
      data-price-form={line ? line.id : 'new'}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(draft, synonym);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
    >
      {line === null && (
        <SynonymPicker
          inputRef={firstRef}
          chosen={synonym}
          error={errors.synonym_id}
          onChoose={(s) => {
            setSynonym(s);
            if (s)
              setDraft((d) => ({
                ...d,
                name: d.name.trim() ? d.name : s.name,
                flags: { ...d.flags, requiresPrimaryConsultation: s.requiresPrimaryConsultation },
              }));
          }}
        />
      )}
      {line !== null && <p className="text-sm text-ink-soft">{line.synonymName}</p>}
      <label className="flex flex-col gap-1 text-sm font-medium">
        {T.name}
        <input
          ref={line === null ? undefined : firstRef}
          value={draft.name}
          maxLength={PRICE_LIMITS.nameMax + 20}
          onChange={(e) => set({ name: e.target.value })}
          aria-invalid={Boolean(errors.name)}
          aria-describedby={described('name')}
          className={`${FIELD} font-normal`}
        />
        {error('name')}
      </label>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <label className="flex flex-col gap-1 text-sm font-medium">
          {T.durationLabel}
          <input
            value={draft.duration}
            inputMode="numeric"
            onChange={(e) => set({ duration: e.target.value })}
            aria-invalid={Boolean(errors.duration_minutes)}
            aria-describedby={described('duration_minutes')}
            className={`${FIELD} font-normal tabular-nums`}
          />
          {error('duration_minutes')}
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {T.priceFull}
          <input
            value={draft.full}
            inputMode="numeric"
            onChange={(e) => set({ full: e.target.value })}
            aria-invalid={Boolean(errors.price_full)}
            aria-describedby={described('price_full')}
            className={`${FIELD} font-normal tabular-nums`}
          />
          {error('price_full')}
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {T.priceClub}
          <input
            value={draft.club}
            inputMode="numeric"
            placeholder={T.noClubPrice}
            onChange={(e) => set({ club: e.target.value })}
            aria-invalid={Boolean(errors.price_club)}
            aria-describedby={described('price_club') ?? (clubEnabled ? undefined : `${id}-club-off`)}
            className={`${FIELD} font-normal tabular-nums`}
          />
          {error('price_club')}
          {!clubEnabled && (
            <span id={`${id}-club-off`} className="text-xs font-normal text-ink-soft">
              {T.clubOff}
            </span>
          )}
        </label>
      </div>
      <fieldset className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <legend className="sr-only">Запись и условия</legend>
        {PRICE_FLAGS.map((f) => (
          <label key={f.key} className="flex min-h-10 items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={draft.flags[f.key]}
              onChange={(e) => set({ flags: { ...draft.flags, [f.key]: e.target.checked } })}
              className="size-5 shrink-0 accent-brand"
            />
            {f.label}
          </label>
        ))}
      </fieldset>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={PRIMARY} disabled={busy}>
          {line ? T.save : T.add}
        </button>
        <button type="button" className={SECONDARY} onClick={onCancel} disabled={busy}>
          {T.cancel}
        </button>
      </div>
    </form>
  );
}

/** 'Услуга из справочника': a search over the catalogue's services; the choice names the line's group. */
function SynonymPicker({
  inputRef,
  chosen,
  error,
  onChoose,
}: {
  inputRef: React.RefObject<HTMLInputElement | null>;
  chosen: Synonym | null;
  error: string | undefined;
  onChoose: (s: Synonym | null) => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [found, setFound] = useState<Synonym[] | null>(null);

  useEffect(() => {
    const q = text.trim();
    if (chosen || q.length < PRICE_LIMITS.synonymQueryMin) {
      setFound(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api
        .send(cabinetPriceSynonyms, { query: { q }, signal: controller.signal })
        .then((r) => setFound(r.synonyms))
        .catch((err: unknown) => {
          if (!isApiError(err) || err.kind !== 'aborted') setFound([]);
        });
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, chosen]);

  if (chosen)
    return (
      <div className="flex flex-col gap-1 text-sm">
        <span className="font-medium">{T.service}</span>
        <div className="flex flex-wrap items-center gap-2">
          <span data-chosen-synonym={chosen.id}>
            {chosen.name} <span className="text-ink-soft">· {chosen.className}</span>
          </span>
          <button
            type="button"
            className="text-brand hover:underline"
            onClick={() => {
              onChoose(null);
              setText('');
            }}
          >
            Выбрать другую
          </button>
        </div>
      </div>
    );

  return (
    <div className="flex flex-col gap-1 text-sm">
      <label htmlFor={`${id}-q`} className="font-medium">
        {T.service}
      </label>
      <input
        id={`${id}-q`}
        ref={inputRef}
        type="search"
        value={text}
        placeholder={T.servicePlaceholder}
        autoComplete="off"
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => setText(e.target.value)}
        className={FIELD}
      />
      {error && (
        <span id={`${id}-error`} className="text-error">
          {error}
        </span>
      )}
      {found !== null && (
        <ul
          aria-label="Найденные услуги"
          className="mt-1 max-h-64 overflow-y-auto rounded-lg border border-line"
        >
          {found.length === 0 && <li className="px-3 py-2 text-ink-soft">{T.serviceNone}</li>}
          {found.map((s) => (
            <li key={s.id}>
              <button
                type="button"
                onClick={() => onChoose(s)}
                className="block w-full px-3 py-2 text-left hover:bg-canvas focus:bg-canvas"
              >
                {s.name} <span className="text-ink-soft">· {s.className}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
