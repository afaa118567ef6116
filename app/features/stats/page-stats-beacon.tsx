import { useEffect } from 'react';
import { pageEvent } from '../../../core/stats/calls';
import { api } from '../../lib/api';

/**
 * Tells the server that a doctor's or a clinic's page was opened, and that a phone number on it
 * was pressed (docs/product/cabinet.md, 'Page effectiveness'). The page itself may come from the
 * anonymous page cache, so the count is the browser's; the server counts each visitor once a day.
 */
export function PageStatsBeacon({ kind, id }: { kind: 'doctor' | 'clinic'; id: number }) {
  useEffect(() => {
    api.beacon(pageEvent, { kind, id: String(id), event: 'view' });
    let phoneTold = false;
    const onClick = (event: MouseEvent) => {
      if (phoneTold || !(event.target instanceof Element)) return;
      if (!event.target.closest('main a[href^="tel:"]')) return;
      phoneTold = true;
      api.beacon(pageEvent, { kind, id: String(id), event: 'phone' });
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [kind, id]);
  return null;
}
