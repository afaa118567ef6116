import { useEffect, useRef, useState } from 'react';
import { cabinetPriceSynonyms } from '../../../core/cabinet/calls';
import type { CabinetPriceLine, SynonymOptions } from '../../../core/cabinet/price-contracts';
import { PRICE_FLAGS, PRICE_LIMITS, PRICE_TEXTS as T } from '../../../core/cabinet/prices';
import { VISIT_PRICE_TEXTS } from '../../../core/cabinet/visit-prices';
import { Button } from '../../components/ui/button';
import { Field, INPUT } from '../../components/ui/field';
import { Form, type FormCall } from '../../components/ui/form';
import { api, isAborted } from '../../lib/api';

/** The fields the form marks with their messages (a refusal of another one is the status line's). */
const LINE_FIELDS = ['synonym_id', 'name', 'duration_minutes', 'price_full', 'price_club'] as const;

/** A line's call as the list's status line reads it: messages of fields not shown are its own. */
export function lineStatus(call: FormCall): FormCall {
  const shown = LINE_FIELDS.filter((field) => call.fieldErrors[field]);
  return shown.length === Object.keys(call.fieldErrors).length ? call : { ...call, fieldErrors: {} };
}

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
 * duration, both prices and the four switches. The call's field messages show by their fields.
 */
export function PriceLineForm({
  line,
  call,
  clubEnabled,
  onSubmit,
  onCancel,
}: {
  /** The line changed, or null for a new one. */
  line: CabinetPriceLine | null;
  /** The add or the change call (its busy flag and field messages). */
  call: FormCall;
  clubEnabled: boolean;
  onSubmit: (draft: LineDraft, synonym: Synonym | null) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState<LineDraft>(() => draftOf(line));
  const [synonym, setSynonym] = useState<Synonym | null>(null);
  const firstRef = useRef<HTMLInputElement>(null);
  const errors = call.fieldErrors;

  useEffect(() => {
    firstRef.current?.focus();
  }, []);

  const set = (change: Partial<LineDraft>) => setDraft((d) => ({ ...d, ...change }));
  const number = (label: string, field: string, key: 'duration' | 'full' | 'club', hint?: string) => (
    <Field label={label} error={errors[field]} hint={hint}>
      {(control) => (
        <input
          {...control}
          value={draft[key]}
          inputMode="numeric"
          placeholder={key === 'club' ? T.noClubPrice : undefined}
          // A doctor's visit is priced in 'Стоимость приёма врачей' (ADR 039), not here.
          readOnly={key !== 'duration' && line?.visitPrice === true}
          onChange={(e) => {
            const value = e.target.value;
            setDraft((d) => ({ ...d, [key]: value }));
          }}
          className={`${INPUT} tabular-nums`}
        />
      )}
    </Field>
  );

  return (
    <Form
      call={call}
      onSubmit={() => onSubmit(draft, synonym)}
      className="flex flex-col gap-3"
      data-price-form={line ? line.id : 'new'}
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
      <Field label={T.name} error={errors.name}>
        {(control) => (
          <input
            {...control}
            ref={line === null ? undefined : firstRef}
            value={draft.name}
            maxLength={PRICE_LIMITS.nameMax}
            onChange={(e) => set({ name: e.target.value })}
            className={INPUT}
          />
        )}
      </Field>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {number(T.durationLabel, 'duration_minutes', 'duration')}
        {number(
          T.priceFull,
          'price_full',
          'full',
          line?.visitPrice ? VISIT_PRICE_TEXTS.linePrice : undefined,
        )}
        {number(T.priceClub, 'price_club', 'club', clubEnabled ? undefined : T.clubOff)}
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
        <Button type="submit" busy={call.busy}>
          {line ? T.save : T.add}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={call.busy}>
          {T.cancel}
        </Button>
      </div>
    </Form>
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
          if (!isAborted(err)) setFound([]);
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
          <Button
            variant="link"
            onClick={() => {
              onChoose(null);
              setText('');
            }}
          >
            Выбрать другую
          </Button>
        </div>
      </div>
    );

  return (
    <div className="flex flex-col gap-1 text-sm">
      <Field label={T.service} error={error}>
        {(control) => (
          <input
            {...control}
            ref={inputRef}
            type="search"
            value={text}
            placeholder={T.servicePlaceholder}
            autoComplete="off"
            onChange={(e) => setText(e.target.value)}
            className={INPUT}
          />
        )}
      </Field>
      {found !== null && (
        <ul
          aria-label="Найденные услуги"
          className="mt-1 max-h-64 overflow-y-auto rounded-lg border border-line"
        >
          {found.length === 0 && <li className="px-3 py-2 text-ink-soft">{T.serviceNone}</li>}
          {found.map((s) => (
            <li key={s.id}>
              <Button
                variant="bare"
                onClick={() => onChoose(s)}
                className="block w-full px-3 py-2 text-left hover:bg-canvas focus:bg-canvas"
              >
                {s.name} <span className="text-ink-soft">· {s.className}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
