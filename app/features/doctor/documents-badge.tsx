import { lazy, Suspense, useRef, useState } from 'react';
import type { DoctorDocuments } from '../../../core/doctor/contracts';
import { showsVerifiedBadge } from '../../../core/doctor/documents';
import { Button } from '../../components/ui/button';

const loadModal = () => import('./documents-modal');
const DocumentsModal = lazy(() => loadModal().then((m) => ({ default: m.DocumentsModal })));

/**
 * The 'Документы проверены' badge near the doctor's name, shown when something is confirmed
 * and nothing its modal lists has expired (`showsVerifiedBadge`); it opens the documents modal, whose code loads on first use. `today` is the
 * town's date from the loader, so server and browser agree on which certificates expired.
 */
export function DocumentsBadge({
  documents,
  today,
  categoryName,
}: {
  documents: DoctorDocuments;
  today: string;
  categoryName: string | null;
}) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  // Set on the press (Button takes no ref): the modal gives the focus back to it.
  const trigger = useRef<HTMLButtonElement | null>(null);
  if (!showsVerifiedBadge(documents, today)) return null;
  return (
    <>
      <Button
        variant="bare"
        aria-haspopup="dialog"
        onPointerEnter={loadModal}
        onFocus={loadModal}
        onClick={(event) => {
          trigger.current = event.currentTarget;
          setUsed(true);
          setOpen(true);
        }}
        className="inline-flex items-center gap-1.5 rounded-full bg-success-soft px-3 py-1 text-sm font-medium text-success hover:ring-1 hover:ring-success"
      >
        <svg viewBox="0 0 16 16" className="h-4 w-4" aria-hidden="true">
          <path
            fill="currentColor"
            d="M8 1 2.5 3v4.2c0 3.4 2.3 6.5 5.5 7.8 3.2-1.3 5.5-4.4 5.5-7.8V3L8 1Zm-1 9.6L4.4 8l1-1L7 8.6l3.6-3.6 1 1L7 10.6Z"
          />
        </svg>
        Документы проверены
      </Button>
      {used && (
        <Suspense fallback={null}>
          <DocumentsModal
            open={open}
            onOpenChange={setOpen}
            documents={documents}
            today={today}
            categoryName={categoryName}
            trigger={trigger}
          />
        </Suspense>
      )}
    </>
  );
}
