import { type ComponentProps, type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';

/** How the overlay sits on phones (below 640 px) and on wider screens. */
export type ModalMobile = 'fullscreen' | 'sheet' | 'dialog';
export type ModalDesktop = 'dialog' | 'side';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Read to screen readers when the modal opens; visually hidden unless `showDescription`. */
  description?: ReactNode;
  showDescription?: boolean;
  children?: ReactNode;
  /** Buttons pinned under the scrolling body. */
  footer?: ReactNode;
  mobile?: ModalMobile;
  desktop?: ModalDesktop;
  /** Desktop width in px: 456 for dialogs (the default), 650 or 667 for side panels. */
  width?: number;
  /** Desktop dialogs have a close icon; phone sheets may not (e.g. the preliminary-consultation sheet). */
  closeIcon?: 'always' | 'desktop' | 'never';
  /** Called when the modal closes; `preventDefault()` keeps the focus from going back to what had it when the modal opened. */
  onCloseAutoFocus?: (event: Event) => void;
  /** 'dark': light text on the night-blue of event promos (the award's Grand Prix). */
  tone?: 'light' | 'dark';
  /** False for a persistent phone sheet: only its own buttons close it (desktop still closes on Escape and outside clicks). */
  dismissOnPhone?: boolean;
}

type ModalModule = typeof import('./modal-dialog');
let loading: Promise<ModalModule> | undefined;
/** The module once it is in: a modal opened after that renders it directly, without suspending. */
let loaded: ModalModule | undefined;
/** Radix's dialog and the modal's body: fetched once, by the first modal to open or by `preloadModal`. */
const load = () => {
  loading ??= import('./modal-dialog').then((m) => {
    loaded = m;
    return m;
  });
  return loading;
};
const LazyDialog = lazy(load);
const LazyClose = lazy(() => load().then((m) => ({ default: m.ModalClose })));

/**
 * Fetches the modal's code ahead of the first open (the root calls it once the browser is idle
 * after hydration), so a tap on a phone opens a modal without waiting for the network.
 */
export function preloadModal(): Promise<unknown> {
  return load().catch(() => {
    loading = undefined;
  });
}

/**
 * The one modal of the site (docs/product/directory.md, 'Shared page widgets'), its body in
 * ./modal-dialog.tsx: Radix's dialog gives the focus trap, Escape and outside-click closing and
 * the stack. That code (about 13 KB gzipped) is not part of a page's first load: a modal that
 * has never been open renders nothing, and its first open renders the loaded body or, before
 * the preload is in, waits for it. After that the body stays mounted (the same component for
 * the modal's life), so closing returns the focus as Radix does.
 */
export function Modal(props: ModalProps) {
  const [Body, setBody] = useState<ComponentType<ModalProps> | null>(() => (props.open ? pickBody() : null));
  if (props.open && !Body) setBody(() => pickBody());
  if (!Body) return null;
  return (
    <Suspense fallback={null}>
      <Body {...props} />
    </Suspense>
  );
}

function pickBody(): ComponentType<ModalProps> {
  return loaded?.default ?? LazyDialog;
}

/** Closes the modal it is in (a Radix close part styled as a button). */
export function ModalClose(props: ComponentProps<ModalModule['ModalClose']>) {
  const Close = loaded?.ModalClose ?? LazyClose;
  return <Close {...props} />;
}
