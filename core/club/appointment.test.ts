import { describe, expect, it } from 'vitest';
import {
  COUPON_STATUS_ORDER,
  couponErrorText,
  couponSecondsLeft,
  formatCouponCountdown,
  stepForCoupon,
} from './appointment';

describe('booking at the club price', () => {
  it('gives 20 minutes to prepay, counting down to zero', () => {
    const created = '2026-11-25T10:00:00Z';
    expect(couponSecondsLeft(created, new Date('2026-11-25T10:00:00Z'))).toBe(1200);
    expect(couponSecondsLeft(created, new Date('2026-11-25T10:19:59.500Z'))).toBe(1);
    expect(couponSecondsLeft(created, new Date('2026-11-25T10:25:00Z'))).toBe(0);
    expect(formatCouponCountdown(1200)).toBe('20:00');
    expect(formatCouponCountdown(65)).toBe('01:05');
    expect(formatCouponCountdown(-3)).toBe('00:00');
  });

  it('maps every coupon status to a step, reload to none', () => {
    expect(COUPON_STATUS_ORDER.map((s) => [s, stepForCoupon(s)])).toEqual([
      ['created', 'paymentStart'],
      ['canceled', 'failed'],
      ['succeeded', 'succeeded'],
      ['waiting_for_confirmation', 'appointmentProgress'],
      ['expired', 'failed'],
      ['payment', 'paymentStart'],
      ['reload', null],
    ]);
  });

  it('words the coupon refusals', () => {
    expect(couponErrorText('timed_out')).toBe('Истекло время для оплаты.');
    expect(couponErrorText('already_paid')).toBe('Купон уже оплачен.');
    expect(couponErrorText('appointment_canceled')).toBe('Запись отменена. Попробуйте записаться заново.');
    expect(couponErrorText('other', 'Сервер сказал')).toBe('Сервер сказал');
    expect(couponErrorText(undefined)).toBe('Ошибка. Попробуйте перезагрузить страницу.');
  });
});
