import { describe, expect, it } from 'vitest';
import { CLUB_TEXTS } from '../../../core/club/rules';
import { bookingFixture, PUBLIC_URL } from '../booking/booking-fixture';

/**
 * The club's `return_url`s (a card's payment, a coupon's prepayment) must stay on the site once
 * their dot segments are resolved (issue 48): '/..//evil.example' is '//evil.example'.
 */
const t = bookingFixture();

const LEAVING = [
  '/..//evil.example',
  '/%2e%2e//evil.example/x',
  '/.%2e//evil.example',
  '/moskva/../..//evil.example',
  `${PUBLIC_URL}/..//evil.example`,
];

describe('club return URLs', () => {
  it('a card request refuses each with 400 under return_url', async () => {
    const s = await t.patient();
    for (const return_url of LEAVING) {
      const res = await s.inject({
        url: '/club/ajax/card/request/',
        payload: { return_url, receipt_email: 'p@example.ru' },
      });
      expect(res.statusCode, return_url).toBe(400);
      expect(res.json()).toMatchObject({
        detail: CLUB_TEXTS.badReturnUrl,
        errors: { return_url: CLUB_TEXTS.badReturnUrl },
      });
    }
  });

  it('a coupon request refuses each with 400 before holding the slot', async () => {
    const s = await t.patient();
    const spot = await t.doctor();
    for (const return_url of LEAVING) {
      const res = await s.inject({
        url: '/club/ajax/coupon_request/',
        payload: {
          booking: t.form(spot, { slot: '23.11.2026 10:00' }),
          receipt_email: 'p@example.ru',
          return_url,
        },
      });
      expect(res.statusCode, return_url).toBe(400);
      expect(res.json().detail).toBe(CLUB_TEXTS.badReturnUrl);
    }
  });
});
