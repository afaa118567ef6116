import type { VisitAddress } from '../../../core/booking/home-address';
import { HOME_TEXTS } from '../../../core/booking/home-visit';

/** Where the doctor goes on a home visit: the address, its district and the patient's note. */
export function HomeVisitPlace({ home }: { home: VisitAddress }) {
  return (
    <div className="mt-2" data-testid="home-address">
      <p className="font-medium">{HOME_TEXTS.where}:</p>
      <p>{home.line}</p>
      {home.district && <p className="text-ink-soft">{home.district} район</p>}
      {home.note && <p className="whitespace-pre-line text-ink-soft">{home.note}</p>}
    </div>
  );
}
