import { useId } from 'react';
import { CLUB_SCREEN_TEXTS as T } from '../../../core/club/texts';
import { couponBreakdown, couponBreakdownRows, VISIT_MONEY_TEXTS } from '../../../core/club/visit-money';
import { isValidClubEmail } from '../../../core/club/widget';
import { LEGAL_URLS } from '../../../core/legal/urls';
import { useClubData } from './use-club-data';

export interface ClubBookingChoice {
  on: boolean;
  email: string;
  /** Shown once the patient tried to book with a wrong address. */
  touched: boolean;
}

export const NO_CLUB_BOOKING: ClubBookingChoice = { on: false, email: '', touched: false };

/** Whether the choice may be sent: off, or on with a receipt address. */
export const clubBookingReady = (c: ClubBookingChoice) => !c.on || isValidClubEmail(c.email);

/**
 * 'Записаться по клубной цене' on the booking form: the patient prepays half the club price (a
 * non-refundable coupon, plus the card for a patient not in the club) within 20 minutes and pays
 * the rest in the clinic. The receipt goes to the e-mail given here.
 */
export function ClubBookingOption({
  clubPrice,
  amounts = null,
  value,
  onChange,
}: {
  clubPrice: string;
  /** The regular and club prices in roubles: the breakdown shown before the checkout. */
  amounts?: { full: number; club: number } | null;
  value: ClubBookingChoice;
  onChange: (value: ClubBookingChoice) => void;
}) {
  const ids = { email: useId(), error: useId(), breakdown: useId() };
  const clubData = useClubData();
  // What the patient pays now and at the clinic: the coupon, and the card for a patient not in
  // the club (free the first time), by the club's own maths (core/club/visit-money.ts).
  const breakdown =
    amounts &&
    couponBreakdown({
      fullPrice: amounts.full,
      clubPrice: amounts.club,
      inClub: clubData?.is_in_club === true,
      nextCardPrice: clubData?.is_in_club ? 0 : (clubData?.next_club_card_price ?? 0),
    });
  const invalid = value.on && value.touched && !isValidClubEmail(value.email);
  return (
    <fieldset className="rounded-xl border border-accent/30 bg-accent-soft/60 p-4" data-testid="club-booking">
      <legend className="sr-only">Клубная цена</legend>
      <label className="flex items-start gap-2">
        <input
          type="checkbox"
          checked={value.on}
          onChange={(e) => onChange({ ...value, on: e.target.checked })}
          className="mt-1 size-4 accent-brand"
        />
        <span>
          <span className="font-medium">Записаться по клубной цене {clubPrice}</span>
          <span className="block text-sm text-ink-soft">
            Половину клубной цены вы оплачиваете на сайте в течение 20 минут — это невозвратный купон,
            остальное — в клинике.
          </span>
        </span>
      </label>
      {clubData?.is_in_club && !value.on && (
        <p className="mt-2 text-sm" data-testid="member-price">
          {VISIT_MONEY_TEXTS.memberAtClinic}: <span className="font-semibold">{clubPrice}</span> — покажите
          клубную карту администратору.
        </p>
      )}
      {breakdown && (
        <section className="mt-3" aria-labelledby={ids.breakdown}>
          <h3 id={ids.breakdown} className="text-sm font-semibold">
            {VISIT_MONEY_TEXTS.breakdownTitle}
          </h3>
          <dl className="mt-1 divide-y divide-line/60 text-sm" data-testid="club-booking-breakdown">
            {couponBreakdownRows(breakdown).map(([label, amount]) => (
              <div
                key={label}
                className={`flex justify-between gap-3 py-1 ${label === VISIT_MONEY_TEXTS.payNow ? 'font-semibold' : ''}`}
              >
                <dt className="text-ink-soft">{label}</dt>
                <dd className="font-medium">{amount}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-1 text-xs text-ink-soft">{VISIT_MONEY_TEXTS.couponTerms}</p>
        </section>
      )}
      {value.on && (
        <div className="mt-3 flex flex-col gap-1">
          <label htmlFor={ids.email} className="text-sm font-medium">
            Email для чека
          </label>
          <input
            id={ids.email}
            type="email"
            inputMode="email"
            autoComplete="email"
            maxLength={254}
            value={value.email}
            onChange={(e) => onChange({ ...value, email: e.target.value })}
            onBlur={() => onChange({ ...value, touched: true })}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? ids.error : undefined}
            className="w-full rounded-lg border border-line bg-surface px-3 py-2.5 text-base aria-[invalid=true]:border-error"
          />
          {invalid && (
            <p id={ids.error} className="text-sm text-error">
              {T.emailInvalid}
            </p>
          )}
          <p className="text-xs text-muted">
            Оплачивая купон, вы принимаете{' '}
            <a
              href={LEGAL_URLS['club-offer']}
              target="_blank"
              rel="noopener"
              className="text-brand underline"
            >
              оферту на покупку купона
            </a>{' '}
            и{' '}
            <a
              href={LEGAL_URLS['club-rules']}
              target="_blank"
              rel="noopener"
              className="text-brand underline"
            >
              правила клуба
            </a>
            .
          </p>
        </div>
      )}
    </fieldset>
  );
}
