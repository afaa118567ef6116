import type { AuthDialogKind } from '../../../core/auth/confirmation';
import { AUTH_DIALOGS } from '../../../core/auth/errors';
import { Modal } from '../../components/ui/modal';

const primary =
  'rounded-lg bg-brand px-5 py-2 text-sm font-medium text-white hover:bg-brand-dark focus-visible:outline-2';
const secondary = 'rounded-lg border border-line px-5 py-2 text-sm font-medium hover:bg-canvas';

interface DialogView {
  title: string;
  text?: string;
  /** Persistent dialogs cannot be dismissed: only a reload helps (login failures). */
  persistent?: boolean;
  close?: string;
  confirm?: { label: string; action: 'reload' | 'vk' | 'close' };
}

function viewOf(kind: AuthDialogKind): DialogView {
  switch (kind) {
    case 'vkAttemptsOut':
      return {
        ...AUTH_DIALOGS.vkAttemptsOut,
        confirm: { label: AUTH_DIALOGS.vkAttemptsOut.confirm, action: 'vk' },
      };
    case 'alreadySignedIn':
      return {
        title: AUTH_DIALOGS.alreadySignedIn.title,
        confirm: { label: AUTH_DIALOGS.alreadySignedIn.confirm, action: 'reload' },
      };
    case 'confirmFailed':
      return {
        ...AUTH_DIALOGS.confirmFailed,
        close: AUTH_DIALOGS.confirmFailed.close,
        confirm: { label: AUTH_DIALOGS.confirmFailed.confirm, action: 'reload' },
      };
    case 'offline':
      return { ...AUTH_DIALOGS.offline, confirm: { label: AUTH_DIALOGS.offline.confirm, action: 'close' } };
    case 'loginOffline':
      return {
        ...AUTH_DIALOGS.loginOffline,
        persistent: true,
        confirm: { label: AUTH_DIALOGS.loginOffline.confirm, action: 'reload' },
      };
    case 'loginFailed':
      return {
        ...AUTH_DIALOGS.loginFailed,
        persistent: true,
        confirm: { label: AUTH_DIALOGS.loginFailed.confirm, action: 'reload' },
      };
    case 'generic':
      return { ...AUTH_DIALOGS.generic, close: 'Закрыть', confirm: { label: 'Обновить', action: 'reload' } };
  }
}

/** The dialogs of the sign-in form (304 px wide on desktop). */
export function AuthDialog({
  kind,
  onClose,
  onVkConfirm,
}: {
  kind: AuthDialogKind | null;
  onClose: () => void;
  onVkConfirm: () => void;
}) {
  if (!kind) return null;
  const view = viewOf(kind);
  const act = (action: 'reload' | 'vk' | 'close') => {
    if (action === 'reload') window.location.reload();
    else if (action === 'vk') onVkConfirm();
    else onClose();
  };
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open && !view.persistent) onClose();
      }}
      title={view.title}
      description={view.text}
      showDescription={Boolean(view.text)}
      mobile="dialog"
      width={304}
      closeIcon={view.persistent ? 'never' : 'always'}
      footer={
        <>
          {view.close && (
            <button type="button" className={secondary} onClick={onClose}>
              {view.close}
            </button>
          )}
          {view.confirm && (
            <button type="button" className={primary} onClick={() => act(view.confirm?.action ?? 'close')}>
              {view.confirm.label}
            </button>
          )}
        </>
      }
    />
  );
}
