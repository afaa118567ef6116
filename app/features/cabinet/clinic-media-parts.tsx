import { useId, useRef, useState } from 'react';
import { cabinetUploadClinicImage } from '../../../core/cabinet/calls';
import { CLINIC_MEDIA_TEXTS as T } from '../../../core/clinic/media';
import { Button } from '../../components/ui/button';
import { FormStatus } from '../../components/ui/form';
import { useCall } from '../../lib/use-call';
import { useHydrated } from '../../lib/use-hydrated';

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
      <Button
        variant="small"
        disabled={busy || first}
        aria-label={`${T.moveUp}: ${name}`}
        onClick={() => onMove('up')}
      >
        ↑ {T.moveUp}
      </Button>
      <Button
        variant="small"
        disabled={busy || last}
        aria-label={`${T.moveDown}: ${name}`}
        onClick={() => onMove('down')}
      >
        ↓ {T.moveDown}
      </Button>
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
      <Button
        variant="small"
        className="text-error"
        disabled={busy}
        aria-label={`${T.remove}: ${name}`}
        onClick={() => setAsking(true)}
      >
        {T.remove}
      </Button>
    );
  return (
    <fieldset aria-label={question} className="flex flex-wrap items-center gap-2">
      <span className="text-sm">{question}</span>
      <Button
        variant="danger"
        className="text-sm"
        disabled={busy}
        // The question replaces the button that had the focus.
        autoFocus
        onClick={() => {
          setAsking(false);
          onRemove();
        }}
      >
        {T.remove}
      </Button>
      <Button variant="small" onClick={() => setAsking(false)}>
        {T.cancel}
      </Button>
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
  // A file input is no Button: enabled once the page has hydrated, so a file chosen before is not lost.
  const hydrated = useHydrated();
  const upload = useCall(cabinetUploadClinicImage);

  async function send(file: File) {
    const body = new FormData();
    body.set('image', file);
    const outcome = await upload.run({ body, timeoutMs: 60_000 });
    if (outcome.ok) onChange(outcome.reply.src);
    if (input.current) input.current.value = '';
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
          disabled={!hydrated || disabled || upload.busy}
          className="max-w-full text-sm"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            if (file) void send(file);
          }}
        />
        {value && (
          <Button variant="secondary" disabled={disabled || upload.busy} onClick={() => onChange(null)}>
            {T.imageRemove}
          </Button>
        )}
      </div>
      <p className="text-sm text-ink-soft">{upload.busy ? T.photoUploading : T.photoHint}</p>
      <FormStatus call={upload} fields="none" />
    </div>
  );
}
