import type { VisitHome } from '../../../core/booking/home-address';
import { visitWindow } from '../../../core/booking/home-visit';

/**
 * A home visit in the clinic's lists: where the doctor goes (district, note) and, when the
 * clinic works with a window, when to arrive. Only the visit's clinic and doctor get it.
 */
export function ReceptionHome({ home, startsAt, tz }: { home: VisitHome; startsAt: string; tz: string }) {
  const { address, windowMinutes } = home;
  return (
    <div className="text-sm" data-testid="visit-home-address">
      <p>
        <span className="font-medium">На дому: </span>
        {address.line}
        {address.district && <span className="text-ink-soft"> ({address.district} район)</span>}
      </p>
      {windowMinutes && <p className="text-ink-soft">Приехать {visitWindow(startsAt, windowMinutes, tz)}</p>}
      {address.note && <p className="whitespace-pre-line text-ink-soft">{address.note}</p>}
    </div>
  );
}
