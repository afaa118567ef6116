import { useId, useRef, useState } from 'react';
import { cabinetUploadClinicImage } from '../../../core/cabinet/calls';
import { CLINIC_MEDIA_TEXTS as T } from '../../../core/clinic/media';
import { api, isApiError, SERVER_ERROR } from '../../lib/api';
import { SECONDARY } from './clinic-page-form';

/** The refusal a media call answered, in the person's words. */
export const problemOf = (err: unknown) => (isApiError(err) ? err.detail : SERVER_ERROR);

const SMALL =
  'rounded-lg border border-line px-2.5 py-1.5 text-sm font-medium hover:bg-canvas disabled:opacity-40';

/** 'Выше' / 'Ниже' for one item of an ordered list; an end's button is disabled. */
export function MoveButtons({
  name,
  first,
  last,
  busy,
  onMove,
}: {
  /** What the item is called, for the buttons' accessible names. */
  name: string;
  first: boolean;
  last: boolean;
  busy: boolean;
  onMove: (direction: 'up' | 'down') => void;
}) {
  return (
    <>
      <button
        type="button"
        className={SMALL}
        disabled={busy || first}
        aria-label={`${T.moveUp}: ${name}`}
        onClick={() => onMove('up')}
      >
        ↑ {T.moveUp}
      </button>
      <button
        type="button"
        className={SMALL}
        disabled={busy || last}
        aria-label={`${T.moveDown}: ${name}`}
        onClick={() => onMove('down')}
      >
        ↓ {T.moveDown}
      </button>
    </>
  );
}

/** 'Убрать' that asks first, in place: the question and 'Убрать' / 'Отмена'. */
export function RemoveButton({
  name,
  question,
  busy,
  onRemove,
}: {
  name: string;
  question: string;
  busy: boolean;
  onRemove: () => void;
}) {
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <button
        type="button"
        className={`${SMALL} text-error`}
        disabled={busy}
        aria-label={`${T.remove}: ${name}`}
        onClick={() => setAsking(true)}
      >
        {T.remove}
      </button>
    );
  return (
    <fieldset aria-label={question} className="flex flex-wrap items-center gap-2">
      <span className="text-sm">{question}</span>
      <button
        type="button"
        className={`${SMALL} border-error text-error`}
        disabled={busy}
        // biome-ignore lint/a11y/noAutofocus: the question replaces the button that had the focus
        autoFocus
        onClick={() => {
          setAsking(false);
          onRemove();
        }}
      >
        {T.remove}
      </button>
      <button type="button" className={SMALL} onClick={() => setAsking(false)}>
        {T.cancel}
      </button>
    </fieldset>
  );
}

/**
 * A form's optional image (a licence's scan, a piece of equipment's picture): chosen, it is
 * uploaded at once and shown; the form then sends its address.
 */
export function ImageField({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string;
  value: string | null;
  onChange: (src: string | null) => void;
  disabled: boolean;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function upload(file: File) {
    setBusy(true);
    setError(null);
    const body = new FormData();
    body.set('image', file);
    try {
      onChange((await api.send(cabinetUploadClinicImage, { body, timeoutMs: 60_000 })).src);
    } catch (err) {
      setError(problemOf(err));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={`${id}-file`} className="text-sm text-ink-soft">
        {label}
      </label>
      <div className="flex flex-wrap items-center gap-3">
        {value && (
          <img src={value} alt={label} className="h-20 w-20 rounded-lg border border-line object-cover" />
        )}
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          disabled={disabled || busy}
          className="max-w-full text-sm"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            if (file) void upload(file);
          }}
        />
        {value && (
          <button
            type="button"
            className={SECONDARY}
            disabled={disabled || busy}
            onClick={() => onChange(null)}
          >
            {T.imageRemove}
          </button>
        )}
      </div>
      <p className="text-sm text-ink-soft">{busy ? T.photoUploading : T.photoHint}</p>
      {error && (
        <p role="alert" className="text-error">
          {error}
        </p>
      )}
    </div>
  );
}
