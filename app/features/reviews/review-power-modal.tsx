import { formatRub } from '../../../core/money/money';
import { REVIEW_DISCOUNT_RUB } from '../../../core/reviews/award';
import { Button } from '../../components/ui/button';
import { Modal, ModalClose } from '../../components/ui/modal';
import { useHashModal } from '../../lib/use-hash-state';
import { type ReviewableVisit, type ReviewPowerPayload, visitReviewPayload } from './review-power-payload';

const TITLE = `Дарим скидку ${formatRub(REVIEW_DISCOUNT_RUB)} за честный отзыв`;

/**
 * 'Дарим скидку 300 ₽ за честный отзыв' (docs/product/reviews.md): links to review the doctor and/or the
 * clinic, or, when the doctor works in several, a list of clinics (name, address) to choose from.
 */
export function ReviewPowerModal({
  open,
  onOpenChange,
  payload,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  payload: ReviewPowerPayload;
}) {
  const link = 'block rounded-lg border border-line px-4 py-3 font-medium text-brand hover:border-brand';
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={TITLE}
      description="За отзыв о приёме, на который вы записались через ПроДокторов, — скидка 300 ₽ на следующую запись. Она появится в «Моих записях», когда модератор проверит отзыв."
      showDescription
      mobile="fullscreen"
      desktop="dialog"
      footer={
        <ModalClose className="rounded-lg border border-line px-5 py-2.5 font-medium hover:border-brand">
          Закрыть
        </ModalClose>
      }
    >
      <div className="flex flex-col gap-2 text-sm">
        {payload.doctorReviewUrl && (
          <a href={payload.doctorReviewUrl} className={link}>
            Оставить отзыв о враче
          </a>
        )}
        {payload.lpuReviewUrl && (
          <a href={payload.lpuReviewUrl} className={link}>
            Оставить отзыв о клинике
          </a>
        )}
        {!payload.lpuReviewUrl && payload.lpuList.length > 0 && (
          <ul className="flex flex-col gap-2" aria-label="Клиники">
            {payload.lpuList.map((lpu) => (
              <li key={lpu.reviewUrl} className="rounded-lg border border-line px-4 py-3">
                <a href={lpu.reviewUrl} className="font-medium text-brand hover:underline">
                  {lpu.name}
                </a>
                <p className="text-ink-soft">{lpu.address}</p>
                {lpu.doctorPrsLandingUrl && (
                  <a href={lpu.doctorPrsLandingUrl} className="text-brand hover:underline">
                    Подробнее
                  </a>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </Modal>
  );
}

/** 'Оставить отзыв' on a past visit: opens the review-power modal (bound to the URL hash). */
export function ReviewPowerButton({ visit }: { visit: ReviewableVisit }) {
  const [open, setOpen] = useHashModal(`review-power-${visit.id}`);
  return (
    <>
      <Button onClick={() => setOpen(true)} className="mt-2 self-start">
        Оставить отзыв
      </Button>
      <ReviewPowerModal open={open} onOpenChange={setOpen} payload={visitReviewPayload(visit)} />
    </>
  );
}
