import { type ReactNode, useEffect, useState } from 'react';
import { useHashModal } from '../../lib/use-hash-state';
import type { ReviewPowerModal as ReviewPowerModalType } from './review-power-modal';
import type { ReviewPowerPayload } from './review-power-payload';

/**
 * 'Оставить отзыв' on a doctor's or clinic's page: a link to the review form that, once scripts
 * run, opens 'Дарим скидку 300 ₽ за честный отзыв' (bound to #review-power) with the doctor's
 * form and the clinics where the doctor works. The modal's chunk loads on the first pointer
 * over the link or the first click, keeping the dialog out of the page's first-load script.
 */
export function ReviewPowerLink({
  href,
  payload,
  className,
  children,
}: {
  href: string;
  payload: ReviewPowerPayload;
  className?: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useHashModal('review-power');
  const [Modal, setModal] = useState<typeof ReviewPowerModalType | null>(null);
  const load = () => {
    if (!Modal) void import('./review-power-modal').then((m) => setModal(() => m.ReviewPowerModal));
  };
  // Opened from the URL (#review-power, or back to it): the modal's chunk is needed now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: load only reads Modal
  useEffect(() => {
    if (open) load();
  }, [open]);

  return (
    <>
      <a
        href={href}
        onPointerEnter={load}
        onClick={(e) => {
          e.preventDefault();
          load();
          setOpen(true);
        }}
        aria-haspopup="dialog"
        className={className}
      >
        {children}
      </a>
      {Modal && <Modal open={open} onOpenChange={setOpen} payload={payload} />}
    </>
  );
}
