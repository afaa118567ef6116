import { describe, expect, it } from 'vitest';
import { ANONYMOUS } from '../auth/viewer';
import {
  CLUB_NEXT_CARD_PRICE,
  cardDaysLeft,
  cardEnd,
  cardIsActive,
  cardReturnUrl,
  clubAccess,
  clubLineKind,
  clubLinePrice,
  clubOffer,
  clubPercentOf,
  doctorClubPrice,
  isReceiptEmail,
  nextCardPrice,
  paymentOpen,
  serviceClubPrice,
  toRoubles,
} from './rules';

describe('the card', () => {
  it('lasts 6 months, clamped to the end of a shorter month', () => {
    expect(cardEnd(new Date('2026-11-25T16:00:00Z')).toISOString()).toBe('2027-05-25T16:00:00.000Z');
    expect(cardEnd(new Date('2026-08-31T10:00:00Z')).toISOString()).toBe('2027-02-28T10:00:00.000Z');
    expect(cardEnd(new Date('2027-08-31T10:00:00Z')).toISOString()).toBe('2028-02-29T10:00:00.000Z');
  });

  it('is active from its start until (not at) its end', () => {
    const card = { dtStart: new Date('2026-01-01T00:00:00Z'), dtEnd: new Date('2026-07-01T00:00:00Z') };
    expect(cardIsActive(card, new Date('2026-06-30T23:59:59Z'))).toBe(true);
    expect(cardIsActive(card, new Date('2026-07-01T00:00:00Z'))).toBe(false);
    expect(cardIsActive(card, new Date('2025-12-31T23:59:59Z'))).toBe(false);
  });

  it('is free the first time, 99 ₽ afterwards', () => {
    expect(nextCardPrice(0)).toBe(0);
    expect(nextCardPrice(1)).toBe(99_00);
    expect(nextCardPrice(5)).toBe(99_00);
  });
});

describe('club prices', () => {
  it('takes 30 % off a doctor appointment, the discount rounded down to a rouble', () => {
    expect(doctorClubPrice(2000_00)).toBe(1400_00);
    // 30 % of 1 555 ₽ is 466.50 ₽: the discount is 466 ₽.
    expect(doctorClubPrice(1555_00)).toBe(1089_00);
  });

  it("takes the clinic's N % off a service only in a member clinic", () => {
    expect(serviceClubPrice(1000_00, { clubEnabled: true, clubDiscountPercent: 15 })).toBe(850_00);
    expect(serviceClubPrice(1000_00, { clubEnabled: false, clubDiscountPercent: 15 })).toBeNull();
    expect(serviceClubPrice(1000_00, { clubEnabled: true, clubDiscountPercent: 0 })).toBeNull();
  });
});

describe('the offer', () => {
  it('a member: half the club price now, the rest in the clinic, no card', () => {
    expect(clubOffer({ fullPrice: 2000_00, clubPrice: 1400_00, inClub: true, nextCardPrice: 99_00 })).toEqual(
      {
        couponPrice: 700_00,
        lpuPrice: 700_00,
        cardPrice: 0,
        totalPrice: 1400_00,
        prepayment: 700_00,
        discount: 600_00,
        cardLifetimeMonths: 6,
      },
    );
  });

  it('a non-member buying the next card: the card is prepaid with the coupon, the halving floors to a rouble', () => {
    const offer = clubOffer({ fullPrice: 1555_00, clubPrice: 1089_00, inClub: false, nextCardPrice: 99_00 });
    expect(offer.couponPrice).toBe(544_00);
    expect(offer.lpuPrice).toBe(545_00);
    expect(offer.cardPrice).toBe(99_00);
    expect(offer.totalPrice).toBe(1188_00);
    expect(offer.prepayment).toBe(643_00);
    expect(offer.discount).toBe(466_00);
  });

  it('a newcomer gets the first card free', () => {
    const offer = clubOffer({ fullPrice: 1000_00, clubPrice: 700_00, inClub: false, nextCardPrice: 0 });
    expect(offer).toMatchObject({
      couponPrice: 350_00,
      cardPrice: 0,
      totalPrice: 700_00,
      prepayment: 350_00,
    });
  });

  it('is whole roubles on the wire', () => {
    expect(toRoubles(CLUB_NEXT_CARD_PRICE)).toBe(99);
  });
});

describe('payment window', () => {
  it('is open for 20 minutes', () => {
    const at = new Date('2026-11-25T10:00:00Z');
    expect(paymentOpen(at, new Date('2026-11-25T10:19:59Z'))).toBe(true);
    expect(paymentOpen(at, new Date('2026-11-25T10:20:00Z'))).toBe(false);
  });
});

describe('the return URL', () => {
  const origin = 'https://prodoctorov.example';
  it('keeps our own pages, drops the slot and adds the request id', () => {
    expect(
      cardReturnUrl(
        'https://prodoctorov.example/moskva/vrach/1/?slot=2026-11-26T10:00&isRedirectViaBanner=1',
        origin,
        7,
      ),
    ).toBe('https://prodoctorov.example/moskva/vrach/1/?isRedirectViaBanner=1&card_request_id=7');
    expect(cardReturnUrl('/moskva/', origin, 8)).toBe(
      'https://prodoctorov.example/moskva/?card_request_id=8',
    );
  });

  it('refuses any other origin', () => {
    expect(cardReturnUrl('https://evil.example/', origin, 1)).toBeNull();
    expect(cardReturnUrl('//evil.example/x', origin, 1)).toBeNull();
    expect(cardReturnUrl('http://prodoctorov.example/', origin, 1)).toBeNull();
    expect(cardReturnUrl('javascript:alert(1)', origin, 1)).toBeNull();
  });

  it('refuses a path that names a host once its dot segments are resolved', () => {
    for (const raw of [
      '/..//evil.example',
      '/%2e%2e//evil.example',
      '/.%2e//evil.example',
      '/moskva/../..//evil.example',
      'https://prodoctorov.example/..//evil.example',
    ])
      expect(cardReturnUrl(raw, origin, 1), raw).toBeNull();
    expect(cardReturnUrl('/moskva/../spb/', origin, 2)).toBe(
      'https://prodoctorov.example/spb/?card_request_id=2',
    );
  });
});

describe('who may use it', () => {
  it('patients, not work accounts; anonymous visitors sign in first', () => {
    expect(clubAccess(ANONYMOUS)).toBe('sign-in');
    expect(clubAccess({ ...ANONYMOUS, isAnonymous: false, isRealPatient: true })).toBe('patient');
    expect(clubAccess({ ...ANONYMOUS, isAnonymous: false, isDoctor: true })).toBe('work-account');
    expect(clubAccess({ ...ANONYMOUS, isAnonymous: false, isLpu: true })).toBe('work-account');
    expect(clubAccess({ ...ANONYMOUS, isAnonymous: false, isStaff: true })).toBe('work-account');
  });

  it('receipt e-mails', () => {
    expect(isReceiptEmail('a@b.ru')).toBe(true);
    expect(isReceiptEmail('a@b')).toBe(false);
    expect(isReceiptEmail('a b@c.ru')).toBe(false);
  });
});

describe('a card about to end', () => {
  const now = new Date('2026-11-27T12:00:00Z');
  it('counts whole days left, rounded up, within the 14-day notice', () => {
    expect(cardDaysLeft('2026-12-01T10:00:00Z', now)).toBe(4);
    expect(cardDaysLeft('2026-11-27T12:30:00Z', now)).toBe(1);
    expect(cardDaysLeft('2026-12-11T12:00:00Z', now)).toBe(14);
  });
  it('says nothing earlier, and nothing once it has ended', () => {
    expect(cardDaysLeft('2026-12-11T12:00:01Z', now)).toBeNull();
    expect(cardDaysLeft('2026-11-27T12:00:00Z', now)).toBeNull();
    expect(cardDaysLeft('2026-11-01T00:00:00Z', now)).toBeNull();
  });
});

describe('the one club rule (issue 46)', () => {
  const club = { clubEnabled: true, clubDiscountPercent: 16 };

  it('takes 30 % off a consultation and the clinic’s own percent off a service', () => {
    expect(clubPercentOf('consultation', club)).toBe(30);
    expect(clubPercentOf('service', club)).toBe(16);
    expect(clubLinePrice({ kind: 'consultation', fullPrice: 4500 }, club)).toBe(3150);
    expect(clubLinePrice({ kind: 'service', fullPrice: 4500 }, club)).toBe(3780);
    // The discount is rounded down to a whole rouble: 16 % of 1 234 ₽ is 197.44 ₽ → 197 ₽ off.
    expect(clubLinePrice({ kind: 'service', fullPrice: 1234 }, club)).toBe(1037);
    // The same consultation on the doctor card (doctorClubPrice, kopecks) and in the price list.
    expect(clubLinePrice({ kind: 'consultation', fullPrice: 4500 }, club)).toBe(
      doctorClubPrice(4500_00) / 100,
    );
  });

  it('gives no club price outside the club, nor where the clinic gives none', () => {
    const out = { clubEnabled: false, clubDiscountPercent: 16 };
    expect(clubPercentOf('consultation', out)).toBeNull();
    expect(clubLinePrice({ kind: 'consultation', fullPrice: 4500 }, out)).toBeNull();
    const noServices = { clubEnabled: true, clubDiscountPercent: 0 };
    expect(clubPercentOf('service', noServices)).toBeNull();
    expect(clubPercentOf('consultation', noServices)).toBe(30);
    expect(clubLinePrice({ kind: 'service', fullPrice: 4500, hasClubPrice: false }, club)).toBeNull();
  });

  it("reads a line's kind from its service's visit type", () => {
    expect(clubLineKind('clinic')).toBe('consultation');
    expect(clubLineKind('home')).toBe('service');
    expect(clubLineKind(null)).toBe('service');
  });
});
