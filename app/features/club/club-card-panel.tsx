import { useState } from 'react';
import { cardDaysLeft } from '../../../core/club/rules';
import { CLUB_SCREEN_TEXTS as T } from '../../../core/club/texts';
import { formatLongDate } from '../../../core/dates/zoned';
import { plural } from '../../../core/text/plural';
import { BUTTON_VARIANTS, Button } from '../../components/ui/button';
import { openClubWidget } from './club-events';
import { LazyClubInfoModal } from './club-overlays';
import { useClubData } from './use-club-data';

const zone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The club card in the patient's profile: a member sees the card's dates and opens it to show
 * the clinic's administrator, and is told when it ends within two weeks; a former member is told
 * when it ended and may renew it; the others may get one (the widget, as from a banner).
 */
export function ClubCardPanel() {
  const club = useClubData();
  const [info, setInfo] = useState(false);
  if (!club) return null;
  const card = club.is_in_club ? club.club_card : null;
  // Read in the browser after the club data call, so the server's render never disagrees.
  const daysLeft = card ? cardDaysLeft(card.dt_end, new Date()) : null;
  const ended = card ? null : club.last_card_end;
  return (
    <section aria-labelledby="club-card" className="card mt-6 p-4 sm:p-5" data-testid="club-card-panel">
      <h2 id="club-card" className="text-lg font-semibold">
        Клубная карта
      </h2>
      {card ? (
        <>
          <p className="mt-1 text-ink">
            Вы в клубе до <span className="font-semibold">{formatLongDate(card.dt_end, zone())}</span>
          </p>
          <p className="text-sm text-muted">Действует с {formatLongDate(card.dt_start, zone())}</p>
          {daysLeft !== null && (
            <p className="mt-1 text-sm font-medium text-warning" role="status">
              Карта закончится через {plural(daysLeft, ['день', 'дня', 'дней'])}. Её можно будет продлить
              здесь же.
            </p>
          )}
          <p className="mt-1 text-sm text-ink-soft">{T.inClubHint}</p>
        </>
      ) : ended ? (
        <p className="mt-1 text-ink">
          {T.cardEnded} <span className="font-semibold">{formatLongDate(ended, zone())}</span>. Продлите её,
          чтобы снова получать клубную цену.
        </p>
      ) : (
        <p className="mt-1 text-ink-soft">{T.notInClub}</p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {card ? (
          <a href={card.mt_link} className={BUTTON_VARIANTS.primary}>
            {T.openCard}
          </a>
        ) : (
          <Button onClick={() => openClubWidget({ viaBanner: true })}>
            {ended ? T.renewCard : T.confirmationTitle}
          </Button>
        )}
        <Button variant="secondary" onClick={() => setInfo(true)}>
          {T.moreAboutClub}
        </Button>
      </div>
      {info && <LazyClubInfoModal mode="club" onClose={() => setInfo(false)} />}
    </section>
  );
}
