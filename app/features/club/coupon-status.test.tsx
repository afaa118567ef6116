// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COUPON_ERRORS } from '../../../core/club/appointment';
import type { CouponRequestReply } from '../../../core/club/contracts';
import { CouponStatus } from './coupon-status';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const COUPON: CouponRequestReply = {
  id: 8,
  lifeTime: 1200,
  price: 1750,
  fullPrice: 2500,
  dateCreated: '2026-11-20T10:00:00Z',
  clubCouponPrice: 875,
  clubLpuPrice: 875,
  cardPrice: 0,
  clubCardLifetimeMonths: 12,
  email: 'a@b.ru',
  paymentStatus: 'created',
  totalPrice: 1750,
  prepayment: 875,
  discount: 750,
  appointment_id: 42,
  return_url: '/appointment/new/?doctor=1',
  error: null,
};

describe('CouponStatus', () => {
  it('says why the coupon can no longer be paid when the payment is refused', async () => {
    const fetchStub = vi.fn(async (url: string) =>
      url.endsWith('/payment_status/')
        ? Response.json(COUPON)
        : Response.json({ detail: 'x', code: 'timed_out' }, { status: 409 }),
    );
    vi.stubGlobal('fetch', fetchStub);
    render(<CouponStatus id={8} />);
    const pay = await screen.findByRole('button', { name: /Оплатить/ });
    await act(async () => fireEvent.click(pay));
    expect(fetchStub.mock.calls.at(-1)?.[0]).toBe('/club/ajax/coupon_request/8/payment/');
    expect(screen.getByRole('alert').textContent).toContain(COUPON_ERRORS.timed_out);
  });
});
