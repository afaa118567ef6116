import type { ReactNode } from 'react';
import type { ClashingVisit, OfferedSlot } from '../../../core/booking/contracts';
import { formatSlotShort } from '../../../core/schedule/day-tabs';
import { Button } from '../../components/ui/button';

/**
 * The time is gone (a refused booking, hold or move): the heading the caller words, the server's
 * reason and the nearest free times, each a button that chooses it; or the patient's own visit in
 * the way (the server's words name it), with a link to its page. One piece for the booking form
 * and the move of a visit.
 */
export function TimeGoneNotice({
  heading,
  detail,
  alternatives,
  clash = null,
  onChoose,
  className,
}: {
  heading: ReactNode;
  detail: string;
  alternatives: OfferedSlot[];
  clash?: ClashingVisit | null;
  onChoose: (slot: OfferedSlot) => void;
  className?: string;
}) {
  return (
    <div className={className} role="alert">
      {heading}
      <p className="mt-1 text-sm">{detail}</p>
      {clash?.url && (
        <a href={clash.url} className="mt-2 inline-block text-sm text-brand underline">
          Посмотреть запись
        </a>
      )}
      {alternatives.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Ближайшее свободное время">
          {alternatives.map((s) => (
            <li key={s.slot}>
              <Button variant="small" onClick={() => onChoose(s)}>
                {formatSlotShort(s.day, s.time)}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
