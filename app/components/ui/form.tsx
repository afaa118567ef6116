import type { FormEvent, FormHTMLAttributes, ReactNode } from 'react';

/** What a Form needs of its call: the state `useCall` keeps (app/lib/use-call.ts). */
export interface FormCall {
  busy: boolean;
  done: boolean;
  error: string | null;
  fieldErrors: Record<string, string>;
}

export interface FormProps extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'> {
  call: FormCall;
  /** Runs the call: the browser's own submit is prevented. */
  onSubmit: () => void;
}

/**
 * A form whose submit is a call (ADR 035): the page does not reload, the browser's own checks
 * give way to the server's messages (`noValidate`), and `aria-busy` says a call is under way.
 */
export function Form({ call, onSubmit, children, ...rest }: FormProps) {
  return (
    <form
      noValidate
      aria-busy={call.busy || undefined}
      {...rest}
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}

/**
 * The outcome of a form's last call, read out when it changes: `done` after a success (e.g.
 * 'Сохранено'), else the refusal's text — unless the fields show their own messages.
 */
export function FormStatus({
  call,
  done,
  fields = 'own',
  className,
}: {
  call: FormCall;
  done?: ReactNode;
  /**
   * 'own' (the default): the fields show their messages, so a 400 that names fields is theirs.
   * 'none': the controls show none (boxes to tick, rows of times, a list of phones), so every
   * refusal is read here, a 400 that names fields too.
   */
  fields?: 'own' | 'none';
  className?: string;
}) {
  if (call.done && done) {
    return (
      <p role="status" className={`text-success${className ? ` ${className}` : ''}`}>
        {done}
      </p>
    );
  }
  if (call.error && (fields === 'none' || Object.keys(call.fieldErrors).length === 0)) {
    return (
      <p role="alert" className={`text-error${className ? ` ${className}` : ''}`}>
        {call.error}
      </p>
    );
  }
  return null;
}
