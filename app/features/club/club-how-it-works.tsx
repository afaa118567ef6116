import { useState } from 'react';
import { CLUB_CARD_TERM_MONTHS } from '../../../core/club/rules';
import { CLUB_SCREEN_TEXTS as T } from '../../../core/club/texts';
import { formatLongDate } from '../../../core/dates/zoned';
import { formatRub } from '../../../core/money/money';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { LazyClubInfoModal } from './club-overlays';
import { useClubData } from './use-club-data';

export interface ClubHowItWorksProps {
  /** The line's regular and club prices, whole roubles. */
  fullPrice: number;
  clubPrice: number;
  onClose: () => void;
}

/**
 * 'Как работает клубная цена': a bottom sheet on phones, a dialog on desktop, with the line's
 * price as the patient would pay it: the regular price, six months of club access (free for the
 * first card), the club discount and the total.
 */
export default function ClubHowItWorks({ fullPrice, clubPrice, onClose }: ClubHowItWorksProps) {
  const club = useClubData();
  const [more, setMore] = useState(false);
  const inClub = club?.is_in_club === true;
  // Members pay nothing more; the others the next card, which is free the first time.
  const cardPrice = inClub ? 0 : (club?.next_club_card_price ?? 0);
  const rows: [string, string][] = [
    ['Обычная цена', formatRub(fullPrice)],
    [
      `Доступ к клубу на ${CLUB_CARD_TERM_MONTHS} месяцев`,
      cardPrice === 0 ? 'в подарок' : formatRub(cardPrice),
    ],
    ['Клубная скидка', `−${formatRub(fullPrice - clubPrice)}`],
  ];
  const dateEnd = club?.club_card?.dt_end;
  return (
    <>
      <Modal
        open={!more}
        onOpenChange={(open) => {
          if (!open) onClose();
        }}
        title={T.howItWorks}
        mobile="sheet"
        desktop="dialog"
        footer={<Button onClick={onClose}>Понятно</Button>}
      >
        <dl className="divide-y divide-line" data-testid="club-breakdown">
          {rows.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-3 py-2">
              <dt className="text-ink-soft">{label}</dt>
              <dd className={value === 'в подарок' ? 'font-medium text-success' : 'font-medium'}>{value}</dd>
            </div>
          ))}
          <div className="flex justify-between gap-3 py-2 text-lg font-semibold">
            <dt>Итого</dt>
            <dd>{formatRub(clubPrice + cardPrice)}</dd>
          </div>
        </dl>
        {inClub && dateEnd && (
          <p className="mt-3 rounded-lg bg-success-soft px-3 py-2 text-success">
            Вы в клубе до {formatLongDate(dateEnd, Intl.DateTimeFormat().resolvedOptions().timeZone)}
          </p>
        )}
        <Button variant="link" className="mt-3 underline" onClick={() => setMore(true)}>
          {T.moreAboutClub}
        </Button>
      </Modal>
      {more && <LazyClubInfoModal mode="club" onClose={onClose} />}
    </>
  );
}
