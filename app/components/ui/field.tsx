import { type ReactNode, useId } from 'react';

/** The look of a text box, a select or a text area. */
export const INPUT =
  'w-full rounded-lg border border-line bg-surface px-3 py-2 outline-none focus:border-brand aria-[invalid=true]:border-error disabled:opacity-50';

/** What a control inside a Field takes: its id, and the hint and message that describe it. */
export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  label: ReactNode;
  /** A line under the control that helps fill it in. */
  hint?: ReactNode;
  /** The field's message from a refusal (`useCall(…).fieldErrors[name]`) or the form's own check. */
  error?: string;
  className?: string;
  /** The control, given the props that tie it to the label, the hint and the message. */
  children: (control: ControlProps) => ReactNode;
}

/**
 * A labelled control (ADR 035): the label names it, the hint and the message describe it, and a
 * message marks it invalid, so a screen reader reads all three and the border turns red.
 *
 *   <Field label="Телефон" error={save.fieldErrors.phone}>
 *     {(control) => <input {...control} className={INPUT} value={phone} onChange={…} />}
 *   </Field>
 */
export function Field({ label, hint, error, className, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`flex flex-col gap-1${className ? ` ${className}` : ''}`}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="text-sm text-ink-soft">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}
