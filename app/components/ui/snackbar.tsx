import { useEffect, useSyncExternalStore } from 'react';

export interface SnackbarMessage {
  text: string;
  /** One action button, e.g. 'Отменить' after removing a favourite, 'Перейти' after adding. */
  action?: { label: string; onClick: () => void };
  /** Milliseconds on screen; 4 s by default, longer with an action. */
  duration?: number;
}

interface Shown extends SnackbarMessage {
  id: number;
}

let current: Shown | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/**
 * Shows a toast (e.g. 'Добавлено в избранное' with 'Перейти', 'Ссылка скопирована'…). One at
 * a time: a new message replaces the one on screen. Callable from any handler, no provider.
 */
export function showSnackbar(message: SnackbarMessage) {
  current = { ...message, id: nextId++ };
  emit();
}

export function hideSnackbar() {
  current = null;
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Rendered once by the root layout; a polite live region so screen readers hear the toast. */
export function SnackbarHost() {
  const message = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );

  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(
      () => {
        if (current?.id === message.id) hideSnackbar();
      },
      message.duration ?? (message.action ? 6000 : 4000),
    );
    return () => clearTimeout(timer);
  }, [message]);

  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-[1100] flex justify-center px-4"
    >
      {message && (
        <div className="pointer-events-auto flex max-w-md items-center gap-4 rounded-lg bg-ink px-4 py-3 text-sm text-white shadow-lg">
          <span>{message.text}</span>
          {message.action && (
            <button
              type="button"
              onClick={() => {
                hideSnackbar();
                message.action?.onClick();
              }}
              className="font-semibold text-brand-soft underline-offset-2 hover:underline"
            >
              {message.action.label}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
