import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';

const loadDialog = () => import('./mistake-report-dialog');
const MistakeReportDialog = lazy(() => loadDialog().then((m) => ({ default: m.MistakeReportDialog })));

/**
 * 'Сообщить об ошибке' on a doctor's (doctorId) or clinic's (lpuId) page: a
 * popup holding a form. The popup's code loads on the first click, or as the pointer or
 * focus reaches the button, so the page's first load stays small; once loaded it stays
 * mounted, keeping an unsent draft.
 */
export function MistakeReport({ doctorId, lpuId }: { doctorId?: number; lpuId?: number }) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  // Set on the press (Button takes no ref): the popup gives the focus back to it.
  const trigger = useRef<HTMLButtonElement | null>(null);
  return (
    <>
      <Button
        variant="bare"
        aria-haspopup="dialog"
        onPointerEnter={loadDialog}
        onFocus={loadDialog}
        onClick={(event) => {
          trigger.current = event.currentTarget;
          setUsed(true);
          setOpen(true);
        }}
        className="text-sm text-ink-soft underline decoration-dotted underline-offset-4 hover:text-brand"
      >
        Сообщить об ошибке
      </Button>
      {used && (
        <Suspense fallback={null}>
          <MistakeReportDialog
            open={open}
            onOpenChange={setOpen}
            doctorId={doctorId}
            lpuId={lpuId}
            trigger={trigger}
          />
        </Suspense>
      )}
    </>
  );
}
