import type { ButtonHTMLAttributes } from 'react';
import { useHydrated } from '../../lib/use-hydrated';

/**
 * The looks a button has (ADR 035): `primary` (the form's one main action), `secondary` (a plain
 * bordered one), `small` (a bordered one in a row of actions), `danger` (it deletes or cancels
 * something for good), `link` (reads as text), `chip` (a rounded filter or tab), `bare` (no look of
 * its own: the caller's `className` is all of it, for a button drawn like nothing else).
 */
export const BUTTON_VARIANTS = {
  primary: 'rounded-lg bg-brand px-4 py-2 font-medium text-white hover:bg-brand-dark',
  secondary: 'rounded-lg border border-line px-3 py-2 font-medium text-ink hover:bg-canvas',
  small: 'rounded-lg border border-line px-3 py-1.5 text-sm hover:bg-canvas',
  danger: 'rounded-lg bg-error px-4 py-2 font-medium text-white hover:opacity-90',
  link: 'text-brand underline-offset-2 hover:underline',
  chip: 'rounded-full border border-line px-3 py-1.5 text-sm hover:bg-canvas',
  bare: '',
} as const;

export type ButtonVariant = keyof typeof BUTTON_VARIANTS;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** Its call is under way: disabled, and `aria-busy` says why. */
  busy?: boolean;
  /**
   * The button works without a script (the submit of a form with an `action` that the server
   * answers, an HTML `popovertarget`): it is enabled in the server's HTML too.
   */
  worksWithoutScript?: boolean;
}

/**
 * A button that cannot swallow a tap: until its page (or its late section) has hydrated, a
 * button whose work is a script's is disabled, so the tap waits for a button that works instead
 * of doing nothing (tests/e2e/hydration-gates.spec.ts reads the pages with scripts off).
 * `type` is 'button' unless said: a button in a form submits only when it is meant to.
 */
export function Button({
  variant = 'primary',
  busy = false,
  worksWithoutScript = false,
  disabled = false,
  type = 'button',
  className,
  ...rest
}: ButtonProps) {
  const hydrated = useHydrated();
  return (
    <button
      type={type}
      disabled={disabled || busy || (!worksWithoutScript && !hydrated)}
      aria-busy={busy || undefined}
      className={
        variant === 'bare'
          ? className
          : `${BUTTON_VARIANTS[variant]} disabled:opacity-50${className ? ` ${className}` : ''}`
      }
      {...rest}
    />
  );
}
