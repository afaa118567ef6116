import { WORK_ACCOUNT_TITLE } from '../../../core/auth/viewer';
import { FAVOURITE_TEXTS as T } from '../../../core/favourites/favourites';
import { Modal, ModalClose } from '../../components/ui/modal';

/**
 * What a heart says to someone who cannot keep favourites: a visitor is asked to sign in
 * (docs/product/favourites.md), a work account is told it cannot.
 */
export function FavouriteDialog({
  kind,
  loginHref,
  onClose,
}: {
  kind: 'sign-in' | 'work-account';
  loginHref: string;
  onClose: () => void;
}) {
  const onOpenChange = (open: boolean) => {
    if (!open) onClose();
  };
  if (kind === 'sign-in') {
    return (
      <Modal
        open
        onOpenChange={onOpenChange}
        title={T.signInTitle}
        mobile="sheet"
        footer={
          <>
            <ModalClose className="rounded-lg px-4 py-2 font-medium text-brand hover:bg-brand-soft">
              {T.notNow}
            </ModalClose>
            <a
              href={loginHref}
              className="rounded-lg bg-brand px-4 py-2 font-medium text-white hover:bg-brand-dark"
            >
              {T.signIn}
            </a>
          </>
        }
      >
        <p className="text-ink-soft">Избранные врачи и клиники сохраняются в личном кабинете пациента.</p>
      </Modal>
    );
  }
  return (
    <Modal
      open
      onOpenChange={onOpenChange}
      title={WORK_ACCOUNT_TITLE}
      mobile="sheet"
      footer={
        <ModalClose className="rounded-lg bg-brand px-4 py-2 font-medium text-white hover:bg-brand-dark">
          Понятно
        </ModalClose>
      }
    >
      <p className="text-ink-soft">Чтобы пользоваться избранным, войдите как пациент.</p>
    </Modal>
  );
}
