import type { ReactNode } from 'react';
import { type ClubOpenDetail, openClubWidget } from './club-events';

/**
 * A club price ('1 750 ₽ в клубе') the patient can click: it opens the club card widget. Looks
 * like the text it replaces; only the events module comes with it, the widget loads on click.
 */
export function ClubPriceButton({
  children,
  className,
  detail,
}: {
  children: ReactNode;
  className: string;
  detail?: ClubOpenDetail;
}) {
  return (
    <button
      type="button"
      data-club-price=""
      aria-haspopup="dialog"
      className={`dotted-button ${className}`}
      onClick={() => openClubWidget(detail)}
    >
      {children}
    </button>
  );
}
