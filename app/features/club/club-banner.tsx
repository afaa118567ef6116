import { useEffect, useState } from 'react';
import { initialClubSwitch } from '../../../core/club/price-display';
import { clubDiscountText, CLUB_SCREEN_TEXTS as T } from '../../../core/club/texts';
import { Button } from '../../components/ui/button';
import { onClubUpdate, openClubWidget } from './club-events';
import { LazyClubInfoModal } from './club-overlays';
import { useClubData } from './use-club-data';

/**
 * The club price banner above a member clinic's prices: members read 'Клубная цена / На все
 * услуги клиники' and open the club's information; the others read who the price is for and
 * open the card widget (as from a banner: other buttons on its first and last steps).
 * Disabled, as the switch, until hydrated: on a clinic page the price list hydrates after the
 * page (ADR 021), and an earlier click would do nothing.
 */
export function ClubPriceBanner({ discountPercent }: { discountPercent: number }) {
  const club = useClubData();
  const [info, setInfo] = useState(false);
  const member = club?.is_in_club === true;
  const title = member ? T.memberBannerTitle : T.guestBannerTitle;
  const subtitle = member ? T.memberBannerSubtitle : clubDiscountText(discountPercent || null);
  return (
    <>
      <Button
        variant="bare"
        data-club-banner={member ? 'member' : 'guest'}
        aria-haspopup="dialog"
        onClick={() => (member ? setInfo(true) : openClubWidget({ viaBanner: true, discountPercent }))}
        className="flex w-full items-center gap-3 rounded-[var(--radius-card)] bg-accent-soft px-4 py-3 text-left hover:bg-accent-soft/70"
      >
        <span className="shrink-0 rounded-md bg-accent px-2 py-1 text-sm font-bold text-white">
          -{discountPercent}%
        </span>
        <span className="min-w-0 flex-1">
          <span className="block font-semibold text-ink">{title}</span>
          <span className="block text-sm text-ink-soft">{subtitle}</span>
        </span>
        {member ? (
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 shrink-0 text-accent" fill="none">
            <circle cx="12" cy="12" r="9.5" stroke="currentColor" strokeWidth="1.8" />
            <path d="M12 11v6M12 7.2v.1" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        ) : (
          <span aria-hidden="true" className="text-xl text-accent">
            ›
          </span>
        )}
      </Button>
      {info && (
        <LazyClubInfoModal mode="services" discountPercent={discountPercent} onClose={() => setInfo(false)} />
      )}
    </>
  );
}

/**
 * The club discount switch: club prices or the regular ones. Its badge is the clinic's
 * discount; the price list rewrites its links with club_switch_on while it is on.
 */
export function ClubSwitch({
  on,
  onChange,
  discountPercent,
}: {
  on: boolean;
  onChange: (on: boolean) => void;
  discountPercent: number;
}) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: its control is the switch, a Button (<button role="switch">)
    <label className="inline-flex cursor-pointer items-center gap-2 text-sm font-medium">
      <Button
        variant="bare"
        role="switch"
        aria-checked={on}
        aria-label={T.memberBannerTitle}
        onClick={() => onChange(!on)}
        className={`relative h-6 w-10 shrink-0 rounded-full transition-colors ${on ? 'bg-accent' : 'bg-line'}`}
      >
        <span
          aria-hidden="true"
          className={`absolute top-0.5 size-5 rounded-full bg-white shadow transition-all ${on ? 'left-[1.125rem]' : 'left-0.5'}`}
        />
      </Button>
      <span aria-hidden="true">{T.memberBannerTitle}</span>
      <span className="rounded-md bg-accent-soft px-1.5 py-0.5 text-xs font-bold text-accent">
        -{discountPercent}%
      </span>
    </label>
  );
}

/** The switch's state: on by default (the club tab leads on a clinic page), on again when the patient joins. */
export function useClubSwitch(search: string): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => initialClubSwitch(search));
  useEffect(() => onClubUpdate((update) => update.isInClub && setOn(true)), []);
  return [on, setOn];
}
