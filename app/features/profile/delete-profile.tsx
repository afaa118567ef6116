import { useId, useRef, useState } from 'react';
import { formatLongDate } from '../../../core/dates/zoned';
import { profileDelete, profileDeleteCancel } from '../../../core/profile/calls';
import type { Profile } from '../../../core/profile/contracts';
import { DELETION_DAYS, PROFILE_TEXTS } from '../../../core/profile/rules';
import { Button } from '../../components/ui/button';
import { FormStatus } from '../../components/ui/form';
import { useCall } from '../../lib/use-call';

const ZONE = 'Europe/Moscow';

/**
 * A profile being deleted (the spec's deleting_in_progress): booking and reviews are closed, the
 * erasure date is shown, and the deletion can be cancelled until then.
 */
export function DeletingNotice({
  profile,
  onChange,
}: {
  profile: Profile;
  onChange: (next: Profile) => void;
}) {
  const cancel = useCall(profileDeleteCancel);
  if (!profile.erase_at) return null;
  return (
    <section
      role="alert"
      className="mt-6 rounded-xl border border-error/40 bg-error/5 p-4 sm:p-5"
      data-testid="deleting-notice"
    >
      <h2 className="text-lg font-semibold">{PROFILE_TEXTS.deleting}</h2>
      <p className="mt-1">{PROFILE_TEXTS.deletingDetails}</p>
      <p className="mt-1">
        Профиль будет удалён <span className="font-semibold">{formatLongDate(profile.erase_at, ZONE)}</span>.
        До этого дня удаление можно отменить.
      </p>
      <FormStatus call={cancel} fields="none" className="mt-2 text-sm" />
      <Button
        className="mt-3"
        busy={cancel.busy}
        onClick={async () => {
          const outcome = await cancel.run({});
          if (outcome.ok) onChange(outcome.reply);
        }}
      >
        Отменить удаление
      </Button>
    </section>
  );
}

/** 'Удалить профиль': what happens, then a second, explicit press. */
export function DeleteProfile({
  profile,
  onChange,
}: {
  profile: Profile;
  onChange: (next: Profile) => void;
}) {
  const [asking, setAsking] = useState(false);
  const remove = useCall(profileDelete);
  const headingId = useId();
  const confirmRef = useRef<HTMLHeadingElement>(null);
  if (profile.deleting_since) return null;
  return (
    <section aria-labelledby={headingId} className="card mt-6 p-4 sm:p-5">
      <h2 id={headingId} className="text-lg font-semibold">
        Удаление профиля
      </h2>
      <ul className="mt-2 flex list-disc flex-col gap-1 pl-5 text-sm text-ink">
        <li>
          Профиль удаляется {DELETION_DAYS} дней. Всё это время с вашего номера нельзя записаться на приём или
          оставить отзыв, а удаление можно отменить на этой странице.
        </li>
        <li>
          На других устройствах вы сразу выйдете из профиля. Войти снова с этим номером можно будет после
          удаления.
        </li>
        <li>
          Предстоящие записи остаются: если не пойдёте, отмените их сами. Те, что не отменены к дню удаления,
          отменятся, и клиника получит уведомление.
        </li>
        <li>Отзывы остаются на сайте под тем именем, с которым написаны, но больше не связаны с номером.</li>
        <li>
          Клубная карта действует до дня удаления, потом закрывается; деньги за оставшиеся дни не
          возвращаются.
        </li>
        <li>Близкие, электронная почта, избранное и данные для записи удаляются.</li>
      </ul>
      {asking ? (
        <div className="mt-4 rounded-lg border border-error/40 bg-error/5 p-4">
          <h3 ref={confirmRef} tabIndex={-1} className="font-semibold">
            Удалить профиль?
          </h3>
          <FormStatus call={remove} fields="none" className="mt-2 text-sm" />
          <div className="mt-3 flex flex-wrap gap-2">
            <Button
              variant="danger"
              busy={remove.busy}
              onClick={async () => {
                const outcome = await remove.run({});
                if (outcome.ok) {
                  onChange(outcome.reply);
                  window.scrollTo({ top: 0 });
                }
              }}
            >
              Да, удалить профиль
            </Button>
            <Button variant="secondary" onClick={() => setAsking(false)}>
              Не удалять
            </Button>
          </div>
        </div>
      ) : (
        <Button
          variant="secondary"
          className="mt-4 text-error"
          onClick={() => {
            setAsking(true);
            requestAnimationFrame(() => confirmRef.current?.focus());
          }}
        >
          Удалить профиль
        </Button>
      )}
    </section>
  );
}
