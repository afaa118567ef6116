import { useState } from 'react';
import { CLUB_SCREEN_TEXTS as T } from '../../../core/club/texts';
import { formatRub } from '../../../core/money/money';
import { Button } from '../../components/ui/button';
import { LazyClubHowItWorks } from './club-overlays';
import { ClubPriceButton } from './club-price-button';

/**
 * A price-list line's prices in a member clinic. With the club switch on the club price leads
 * and the regular one is struck through; off, the regular price leads and the club price follows.
 * The club price opens the card widget; the ⓘ beside it tells how the club price is made.
 */
export function ClubLinePrice({
  full,
  club,
  clubOn,
  discountPercent,
  continueTo,
}: {
  full: number;
  club: number;
  clubOn: boolean;
  discountPercent: number | null;
  /** The line's booking, which 'Продолжить' carries on to after joining from this price. */
  continueTo?: () => void;
}) {
  const [how, setHow] = useState(false);
  const clubButton = (className: string) => (
    <ClubPriceButton className={className} detail={{ discountPercent, continueTo }}>
      {formatRub(club)} в клубе
    </ClubPriceButton>
  );
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-2 sm:flex-col sm:items-end">
      {clubOn ? (
        <>
          {clubButton('font-semibold text-accent')}
          <s className="text-sm text-muted">{formatRub(full)}</s>
        </>
      ) : (
        <>
          <span className="font-semibold">{formatRub(full)}</span>
          {clubButton('text-sm text-accent')}
        </>
      )}
      <Button
        variant="link"
        aria-label={T.howItWorks}
        aria-haspopup="dialog"
        onClick={() => setHow(true)}
        // 24 px tall at least (WCAG 2.2 target size), though its text is small.
        className="inline-flex min-h-6 items-center text-xs"
      >
        {T.howItWorks}
      </Button>
      {how && <LazyClubHowItWorks fullPrice={full} clubPrice={club} onClose={() => setHow(false)} />}
    </span>
  );
}
