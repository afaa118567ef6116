import { Modal, ModalClose } from '../../components/ui/modal';

/** The preliminary-consultation notice's words (docs/product/schedule-and-booking.md). */
export const PRELIMINARY_TEXTS = {
  title: 'Сначала нужно проконсультироваться с врачом',
  text: 'Он соберёт анамнез, проверит наличие показаний и противопоказаний и уже после этого назначит процедуру.',
  confirm: 'Записаться к врачу',
  cancel: 'Отменить',
} as const;

/**
 * The notice before a slot of a service that needs a doctor's consultation first (a
 * colonoscopy, a treadmill test): a bottom sheet on phones, a dialog with a close icon on
 * desktop. Escape, an outside click and 'Отменить' close it; only 'Записаться к врачу' leads on.
 * Body scrolling is locked while it is open (the dialog's scroll lock).
 */
export function PreliminarySheet({
  open,
  onConfirm,
  onClose,
}: {
  open: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={PRELIMINARY_TEXTS.title}
      mobile="sheet"
      desktop="dialog"
      closeIcon="desktop"
      footer={
        <>
          <ModalClose className="rounded-lg border border-line px-5 py-2.5 font-medium hover:bg-canvas">
            {PRELIMINARY_TEXTS.cancel}
          </ModalClose>
          <button
            type="button"
            onClick={onConfirm}
            className="rounded-lg bg-brand px-5 py-2.5 font-medium text-white hover:bg-brand-dark"
          >
            {PRELIMINARY_TEXTS.confirm}
          </button>
        </>
      }
    >
      <div className="flex flex-col items-center gap-3 text-center">
        {/* The illustration: a stethoscope. */}
        <svg viewBox="0 0 64 64" width="72" height="72" aria-hidden="true" className="text-brand">
          <circle cx="32" cy="32" r="30" className="fill-brand-soft" />
          <path
            d="M22 14v12a10 10 0 0 0 20 0V14M32 36v6a8 8 0 0 0 16 0v-4"
            fill="none"
            stroke="currentColor"
            strokeWidth="3.5"
            strokeLinecap="round"
          />
          <circle cx="48" cy="35" r="4" fill="none" stroke="currentColor" strokeWidth="3.5" />
        </svg>
        <p className="text-ink">{PRELIMINARY_TEXTS.text}</p>
      </div>
    </Modal>
  );
}
