import * as Dialog from '@radix-ui/react-dialog';
import { useLayoutEffect, useRef } from 'react';
import type { ModalDesktop, ModalMobile, ModalProps } from './modal';

const onPhone = () => typeof window !== 'undefined' && window.matchMedia('(max-width: 639px)').matches;

const MOBILE: Record<ModalMobile, string> = {
  fullscreen: 'inset-0',
  // A bottom sheet is at most 80vh tall.
  sheet: 'inset-x-0 bottom-0 max-h-[80vh] rounded-t-[var(--radius-card)]',
  dialog: 'inset-x-4 top-1/2 max-h-[85vh] -translate-y-1/2 rounded-[var(--radius-card)]',
};

const DESKTOP: Record<ModalDesktop, string> = {
  dialog:
    'sm:inset-auto sm:left-1/2 sm:top-1/2 sm:max-h-[85vh] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-[var(--radius-card)]',
  side: 'sm:inset-y-0 sm:left-auto sm:right-0 sm:bottom-0 sm:top-0 sm:max-h-none sm:translate-y-0 sm:rounded-none',
};

/** The modal as `Modal` shows it once opened (its props and variants are documented there). */
export default function ModalDialog({
  open,
  onOpenChange,
  title,
  description,
  showDescription = false,
  children,
  footer,
  mobile = 'fullscreen',
  desktop = 'dialog',
  width = 456,
  closeIcon = 'always',
  onCloseAutoFocus,
  tone = 'light',
  dismissOnPhone = true,
}: ModalProps) {
  const dark = tone === 'dark';
  // Radix gives the focus back to its own Trigger part, which our callers do not use: left to
  // itself the focus would fall to the page on close. So the modal keeps what had the focus when
  // it opened (before Radix moves it inside; child effects run after this layout effect) and
  // returns it there, unless the caller chose another place.
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement && document.activeElement !== document.body)
      opener.current = document.activeElement;
  }, [open]);
  const returnFocus = (event: Event) => {
    onCloseAutoFocus?.(event);
    if (event.defaultPrevented) return;
    event.preventDefault();
    if (opener.current?.isConnected) opener.current.focus();
  };
  const keep = (event: Event) => {
    if (!dismissOnPhone && onPhone()) event.preventDefault();
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[1000] bg-ink/40" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          onInteractOutside={keep}
          onEscapeKeyDown={keep}
          style={{ '--modal-width': `${width}px` } as React.CSSProperties}
          className={`fixed z-[1000] flex flex-col shadow-xl ${dark ? 'bg-[#101c3a] text-white' : 'bg-surface'} outline-none sm:w-[var(--modal-width)] sm:max-w-[calc(100vw-2rem)] ${MOBILE[mobile]} ${DESKTOP[desktop]}`}
        >
          <div className="flex items-start justify-between gap-3 px-4 pt-4 sm:px-6 sm:pt-5">
            <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
            {closeIcon !== 'never' && (
              <Dialog.Close
                aria-label="Закрыть"
                className={`-mr-2 rounded-md px-2 py-0.5 text-2xl leading-none ${dark ? 'text-white/80 hover:bg-white/10' : 'text-muted hover:bg-canvas'} ${closeIcon === 'desktop' ? 'hidden sm:block' : ''}`}
              >
                ×
              </Dialog.Close>
            )}
          </div>
          {description ? (
            <Dialog.Description className={showDescription ? 'px-4 pt-1 text-ink-soft sm:px-6' : 'sr-only'}>
              {description}
            </Dialog.Description>
          ) : (
            <Dialog.Description className="sr-only">{title}</Dialog.Description>
          )}
          <div className="min-h-0 flex-1 overflow-y-auto px-4 py-3 sm:px-6">{children}</div>
          {footer && (
            <div
              className={`flex flex-wrap justify-end gap-2 border-t px-4 py-3 sm:px-6 ${dark ? 'border-white/15' : 'border-line'}`}
            >
              {footer}
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Closes the modal it is in (a Radix close part styled as a button). */
export const ModalClose = Dialog.Close;
