import { type RefObject, useEffect, useState } from 'react';
import { slotGridColumns } from '../../../core/schedule/day-tabs';

/** Desktop from Tailwind's `md`, the breakpoint the rest of the site switches layouts at. */
export const DESKTOP_QUERY = '(min-width: 768px)';

/**
 * The slot grid's column count for the container behind `ref`, following the viewport and the
 * container's width. Null on the server and in the first render: the grid then falls back to
 * the CSS breakpoints (4 columns, 5 from md), which is the same answer below 500 px.
 */
export function useSlotColumns(ref: RefObject<HTMLElement | null>): number | null {
  const [columns, setColumns] = useState<number | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const media = window.matchMedia(DESKTOP_QUERY);
    const update = () =>
      setColumns(slotGridColumns({ desktop: media.matches, containerWidth: el.clientWidth }));
    update();
    media.addEventListener('change', update);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(el);
    return () => {
      media.removeEventListener('change', update);
      observer?.disconnect();
    };
  }, [ref]);
  return columns;
}
