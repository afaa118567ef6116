import { useState } from 'react';
import { logout } from '../../../core/auth/calls';
import { api } from '../../lib/api';

export const WORK_ACCOUNT_TEXTS = {
  why: 'Вы вошли как врач или клиника: с рабочего аккаунта нельзя записаться на приём или оставить заявку.',
  what: 'Чтобы записаться как пациент, выйдите и войдите по своему номеру телефона.',
  button: 'Выйти и войти как пациент',
  failed: 'Не получилось выйти. Проверьте соединение и попробуйте снова.',
} as const;

/**
 * What a work account (a doctor's or a clinic's) reads where patients book: why it cannot, and
 * one button that signs it out and opens the patient's sign-in, coming back to this page.
 */
export function WorkAccountNotice({ title, loginHref }: { title: string; loginHref: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function leave() {
    setBusy(true);
    setError('');
    try {
      await api.send(logout, {});
    } catch {
      setError(WORK_ACCOUNT_TEXTS.failed);
      setBusy(false);
      return;
    }
    // Straight to the patient's sign-in (not the chooser), then back here.
    const next = new URL(loginHref, window.location.origin);
    next.searchParams.set('kind', 'patient');
    window.location.assign(`${next.pathname}${next.search}`);
  }

  return (
    <div className="flex flex-col items-start gap-2" role="status">
      <p className="font-medium">{title}</p>
      <p className="text-sm text-ink-soft">
        {WORK_ACCOUNT_TEXTS.why} {WORK_ACCOUNT_TEXTS.what}
      </p>
      <button
        type="button"
        onClick={leave}
        disabled={busy}
        className="rounded-lg border border-brand px-4 py-2 font-medium text-brand hover:bg-brand-soft disabled:opacity-60"
      >
        {WORK_ACCOUNT_TEXTS.button}
      </button>
      {error && (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}
