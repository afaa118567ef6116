import { lazy, Suspense, useEffect, useState } from 'react';
import { Button } from '../../components/ui/button';

// Nothing of the map is in the page's first load: the dialog, MapLibre and the clustering
// arrive only when a visitor opens the map.
const MapDialog = lazy(() => import('./map-dialog'));

const HISTORY_KEY = 'clinicMap';

/**
 * 'Показать на карте': opens the popup map with its own history entry, so Back closes it, and
 * closing it (Esc, the close icon, 'Закрыть карту') steps that entry back.
 */
export function MapButton({
  townSlug,
  clinicIds,
  // The label is written here, not taken from core/map/rules: that module stays out of the page.
  label = 'Показать на карте',
  className = 'text-brand hover:underline',
}: {
  townSlug: string;
  clinicIds: number[];
  label?: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  // Fixed while open: a parent's re-render must not redraw the map.
  const [ids, setIds] = useState<number[]>([]);

  useEffect(() => {
    if (!open) return;
    const onPop = () => {
      if (!(window.history.state as Record<string, unknown> | null)?.[HISTORY_KEY]) setOpen(false);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [open]);

  const show = () => {
    window.history.pushState({ ...(window.history.state ?? {}), [HISTORY_KEY]: true }, '');
    setIds(clinicIds);
    setOpen(true);
  };
  const close = () => {
    if ((window.history.state as Record<string, unknown> | null)?.[HISTORY_KEY]) window.history.back();
    else setOpen(false);
  };

  return (
    <>
      <Button variant="bare" className={className} onClick={show}>
        {label}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <MapDialog townSlug={townSlug} focusIds={ids} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
