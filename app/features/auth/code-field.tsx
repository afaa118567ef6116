import { CODE_LENGTH } from '../../../core/auth/confirmation';
import type { AuthFieldProps } from './field-props';

export interface CodeFieldProps extends AuthFieldProps {
  label: string;
}

/** The 4-digit confirmation code; the browser may offer it from the SMS. */
export function CodeField({
  id,
  label,
  value,
  onChange,
  error,
  errorId,
  disabled,
  inputRef,
}: CodeFieldProps) {
  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        name="code"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={CODE_LENGTH}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={disabled}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? errorId : undefined}
        className="mt-1 w-32 rounded-lg border border-line bg-surface px-3 py-2.5 text-center text-lg tracking-[0.5em] outline-none focus:border-brand aria-[invalid=true]:border-error disabled:bg-canvas"
      />
    </div>
  );
}
