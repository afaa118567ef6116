import { useEffect } from 'react';
import { pageEvent } from '../../../core/stats/calls';
import { api } from '../../lib/api';

/**
 * Tells the server that a doctor's or a clinic's page was opened, that a phone number on it was
 * pressed, and how long it stayed open (docs/product/cabinet.md, 'Page effectiveness'). The page itself may come from the
 * anonymous page cache, so the count is the browser's; the server counts each visitor once a day.
 */
export function PageStatsBeacon({ kind, id }: { kind: 'doctor' | 'clinic'; id: number }) {
  // How long the page was open, from the tab history, once it is left (another page of the site
  // or the tab hidden for good): sent once.
  useEffect(() => {
    const url = `${location.pathname}${location.search}`;
    let live = true;
    let told = false;
    let leave = () => {};
    import('../promo/tab-history').then(
      ({ tabHistory }) => {
        if (!live) return;
        const off = tabHistory.onLeave(url, (record) => {
          if (told || record.difference === null) return;
          told = true;
          api.beacon(pageEvent, { kind, id: String(id), event: 'time', ms: String(record.difference) });
        });
        leave = () => {
          tabHistory.close();
          off();
        };
      },
      () => {},
    );
    return () => {
      live = false;
      leave();
    };
  }, [kind, id]);

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
