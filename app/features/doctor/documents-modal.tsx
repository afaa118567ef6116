import type { RefObject } from 'react';
import type { DoctorDocuments } from '../../../core/doctor/contracts';
import { type DocumentTone, documentsView } from '../../../core/doctor/documents';
import { Button } from '../../components/ui/button';
import { Modal, ModalClose } from '../../components/ui/modal';

const TONE: Record<DocumentTone, { icon: string; className: string }> = {
  ok: { icon: '✓', className: 'bg-success-soft text-success' },
  warning: { icon: '!', className: 'bg-accent-soft text-warning' },
  expired: { icon: '×', className: 'bg-error-soft text-error' },
};

/**
 * The documents-verified modal, loaded by the badge on first use:
 * the licence or documents title, a row per confirmed document, and 'Хорошо'.
 */
export function DocumentsModal({
  open,
  onOpenChange,
  documents,
  today,
  categoryName,
  trigger,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  documents: DoctorDocuments;
  today: string;
  categoryName: string | null;
  /** The badge: focus returns to it. */
  trigger: RefObject<HTMLButtonElement | null>;
}) {
  const view = documentsView(documents, today, categoryName);
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      // A tap does not focus the button on every phone: return focus to it explicitly.
      onCloseAutoFocus={(e) => {
        e.preventDefault();
        trigger.current?.focus();
      }}
      title={view.title}
      description={view.licenseNumber ? `Лицензия № ${view.licenseNumber}` : undefined}
      showDescription
      mobile="sheet"
      footer={
        <ModalClose asChild>
          <Button className="text-sm">{view.closeLabel}</Button>
        </ModalClose>
      }
    >
      {view.rows.length === 0 ? (
        <p className="text-ink-soft">Редакция сверила данные врача с официальными документами.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {view.rows.map((row) => (
            <li key={row.kind} className="flex gap-3">
              <span
                aria-hidden="true"
                className={`flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-sm font-bold ${TONE[row.tone].className}`}
              >
                {TONE[row.tone].icon}
              </span>
              <span>
                <span className="block font-medium">{row.title}</span>
                {row.note && (
                  <span className={`block text-sm ${row.tone === 'expired' ? 'text-error' : 'text-muted'}`}>
                    {row.note}
                  </span>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
