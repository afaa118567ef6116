import { useEffect, useId, useState } from 'react';
import { profileEmail, profileEmailConfirm, profileNotifications } from '../../../core/profile/calls';
import type { Profile } from '../../../core/profile/contracts';
import { Button } from '../../components/ui/button';
import { Field, INPUT } from '../../components/ui/field';
import { Form, FormStatus } from '../../components/ui/form';
import { useCall } from '../../lib/use-call';

/**
 * 'Контакты' and 'Уведомления' of the profile. The phone is the account itself (a new one means
 * signing in with it); the e-mail changes once its link is opened, signed in as this patient; the
 * e-mail copies of visit messages are a choice, the SMS is not.
 */
export function ContactsPanel({
  profile,
  onChange,
  emailToken,
}: {
  profile: Profile;
  onChange: (next: Profile) => void;
  /** The confirmation link's token (`?email_token=`), opened on arrival. */
  emailToken: string | null;
}) {
  const [email, setEmail] = useState(profile.email ?? '');
  const save = useCall(profileEmail);
  const confirm = useCall(profileEmailConfirm);
  const notify = useCall(profileNotifications);
  const headingId = useId();
  const notifyHeadingId = useId();
  const disabled = profile.deleting_since !== null;

  // The link from the letter, confirmed once the page is in the browser. A timer, not a flag: a
  // development remount (StrictMode) cancels the first timer before any call leaves.
  const runConfirm = confirm.run;
  useEffect(() => {
    if (!emailToken) return;
    const timer = window.setTimeout(() => {
      void runConfirm({ body: { token: emailToken } }).then((outcome) => {
        if (outcome.ok) {
          onChange(outcome.reply);
          setEmail(outcome.reply.email ?? '');
        }
        window.history.replaceState(null, '', '/profile/');
      });
    }, 0);
    return () => window.clearTimeout(timer);
  }, [emailToken, runConfirm, onChange]);

  async function submit() {
    const outcome = await save.run({ body: { email } });
    if (outcome.ok) onChange(outcome.reply);
  }

  return (
    <>
      <section aria-labelledby={headingId} className="card mt-6 p-4 sm:p-5">
        <h2 id={headingId} className="text-lg font-semibold">
          Контакты
        </h2>
        <dl className="mt-2">
          <dt className="text-sm text-ink-soft">Телефон</dt>
          <dd className="font-medium" data-testid="profile-phone">
            {profile.phone}
          </dd>
        </dl>
        <p className="text-sm text-ink-soft">
          Номер телефона — это ваш вход на сайт. Чтобы сменить его, войдите с новым номером.
        </p>
        {confirm.done && (
          <p role="status" className="mt-3 text-success">
            Адрес {profile.email} подтверждён.
          </p>
        )}
        <FormStatus call={confirm} className="mt-3" />
        <Form
          call={save}
          onSubmit={() => void submit()}
          className="mt-4 flex flex-col gap-3"
          aria-label="Электронная почта"
        >
          <Field
            label="Электронная почта"
            error={save.fieldErrors.email}
            hint={
              profile.pending_email
                ? `Мы отправили ссылку на ${profile.pending_email}. Откройте её, чтобы подтвердить адрес.`
                : profile.email
                  ? 'Адрес подтверждён.'
                  : 'Необязательно. Пришлём ссылку, чтобы подтвердить адрес.'
            }
          >
            {(control) => (
              <input
                {...control}
                name="email"
                type="email"
                autoComplete="email"
                inputMode="email"
                value={email}
                disabled={disabled}
                onChange={(e) => {
                  setEmail(e.target.value);
                  save.reset();
                }}
                className={`${INPUT} text-base sm:max-w-sm`}
              />
            )}
          </Field>
          <FormStatus call={save} className="text-sm" />
          <Button
            type="submit"
            variant="secondary"
            busy={save.busy}
            disabled={disabled}
            className="self-start"
          >
            {profile.email || profile.pending_email ? 'Сменить адрес' : 'Подтвердить адрес'}
          </Button>
        </Form>
      </section>

      <section aria-labelledby={notifyHeadingId} className="card mt-6 p-4 sm:p-5">
        <h2 id={notifyHeadingId} className="text-lg font-semibold">
          Уведомления
        </h2>
        <p className="mt-1 text-sm text-ink">
          СМС о записи, её переносе или отмене и напоминания о приёме приходят всегда: без них запись не
          работает. Отключить их нельзя.
        </p>
        <label className="mt-3 flex min-h-9 items-start gap-3">
          <input
            type="checkbox"
            className="mt-0.5 size-5 accent-brand"
            checked={profile.notify_email}
            disabled={notify.busy || !profile.email || disabled}
            onChange={async (e) => {
              const outcome = await notify.run({ body: { email: e.currentTarget.checked } });
              if (outcome.ok) onChange(outcome.reply);
            }}
          />
          <span>
            Присылать подтверждения записи и напоминания ещё и на почту
            {!profile.email && (
              <span className="block text-sm text-ink-soft">
                Сначала подтвердите адрес электронной почты.
              </span>
            )}
          </span>
        </label>
        <FormStatus call={notify} fields="none" className="mt-2 text-sm" done="Сохранено" />
      </section>
    </>
  );
}
