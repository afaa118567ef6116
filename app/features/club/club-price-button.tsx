import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { type ClubOpenDetail, openClubWidget } from './club-events';

/**
 * A club price ('1 750 ₽ в клубе') the patient can click: it opens the club card widget. Looks
 * like the text it replaces; only the events module comes with it, the widget loads on click.
 * Disabled until its part of the page has hydrated (a section below the fold hydrates after the
 * page, ADR 021): a click before that would do nothing.
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
    <Button
      variant="bare"
      data-club-price=""
      aria-haspopup="dialog"
      className={`dotted-button ${className}`}
      onClick={() => openClubWidget(detail)}
    >
      {children}
    </Button>
  );
}
