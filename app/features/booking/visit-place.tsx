import { homeMapLink, type VisitAddress } from '../../../core/booking/home-address';
import { HOME_TEXTS } from '../../../core/booking/home-visit';

/**
 * Where the doctor goes on a home visit: the address, its district, the patient's note and, when
 * the address was placed on the map, that point on the map (the patient's, never the clinic's).
 */
export function HomeVisitPlace({ home }: { home: VisitAddress }) {
  const map = homeMapLink(home);
  return (
    <div className="mt-2" data-testid="home-address">
      <p className="font-medium">{HOME_TEXTS.where}:</p>
      <p>{home.line}</p>
      {home.district && <p className="text-ink-soft">{home.district} район</p>}
      {home.note && <p className="whitespace-pre-line text-ink-soft">{home.note}</p>}
      {map && (
        <a
          href={map}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-1 inline-flex min-h-6 items-center text-brand hover:underline"
        >
          Адрес на карте
        </a>
      )}
    </div>
  );
}
