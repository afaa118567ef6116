/**
 * Caps on the forms anyone can fill in (core/http/write-limits.ts, issue 48): mistake reports,
 * reviews and club coupon requests, per address key (an IPv6 client by its /64) and, signed
 * in, per account; a clear 429 {detail} in Russian past them.
 */
import { describe, expect, it } from 'vitest';
import { WRITE_LIMITS } from '../../core/http/write-limits';
import { bookingFixture, START } from '../modules/booking/booking-fixture';
import { csrfToken } from '../testing/csrf';

const t = bookingFixture();
let seq = 0;
/** A fresh address in a /64 of its own, or in `net` when given. */
const newAddress = (net = `2001:db8:${(++seq).toString(16)}:1`) => `${net}::${(++seq).toString(16)}`;

async function anonymous(url: string, payload: object, remoteAddress: string) {
  const token = await csrfToken(t.app);
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    cookies: { csrftoken: token },
    headers: { 'x-csrftoken': token },
    remoteAddress,
  });
}

const HOUR = 3600_000;
const later = (hours: number) => new Date(START.getTime() + hours * HOUR);

describe('mistake reports', () => {
  const limit = WRITE_LIMITS.mistakeReport;
  const report = (doctor_id: number) => ({
    doctor_id,
    text: 'Врач больше не принимает в этой клинике',
    contact: '',
  });

  it(`take ${limit.perAddress} an hour from one address key, then 429`, async () => {
    const { doctor_id } = await t.doctor();
    await t.at(later(1), async () => {
      const net = '2001:db8:feed:1';
      for (let i = 0; i < limit.perAddress; i++)
        expect(
          (await anonymous('/ajax/mistake_reports/', report(doctor_id), newAddress(net))).statusCode,
        ).toBe(201);
      const refused = await anonymous('/ajax/mistake_reports/', report(doctor_id), newAddress(net));
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ detail: limit.text, code: 'too_many_requests' });
      // Another client is not held by it.
      expect((await anonymous('/ajax/mistake_reports/', report(doctor_id), newAddress())).statusCode).toBe(
        201,
      );
    });
    // The next hour the address may report again.
    await t.at(later(2.1), async () => {
      const res = await anonymous('/ajax/mistake_reports/', report(doctor_id), newAddress('2001:db8:feed:1'));
      expect(res.statusCode).toBe(201);
    });
  });

  it(`take ${limit.perAccount} an hour from one account, whatever its addresses`, async () => {
    const { doctor_id } = await t.doctor();
    const s = await t.patient();
    await t.at(later(3), async () => {
      for (let i = 0; i < limit.perAccount; i++)
        expect(
          (
            await s.inject({
              url: '/ajax/mistake_reports/',
              payload: report(doctor_id),
              remoteAddress: newAddress(),
            })
          ).statusCode,
        ).toBe(201);
      const refused = await s.inject({
        url: '/ajax/mistake_reports/',
        payload: report(doctor_id),
        remoteAddress: newAddress(),
      });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().detail).toBe(limit.text);
    });
  });
});

describe('reviews', () => {
  const limit = WRITE_LIMITS.review;

  it(`take ${limit.perAccount} attempts a day from one account, then 429`, async () => {
    const s = await t.patient();
    await t.at(later(4), async () => {
      // Incomplete forms: refused by the service, but each is an attempt.
      for (let i = 0; i < limit.perAccount; i++)
        expect(
          (await s.inject({ url: '/api/reviews/', payload: {}, remoteAddress: newAddress() })).statusCode,
        ).toBe(400);
      const refused = await s.inject({ url: '/api/reviews/', payload: {}, remoteAddress: newAddress() });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ detail: limit.text, code: 'too_many_requests' });
    });
  });

  it(`take ${limit.perAddress} attempts a day from one address key`, async () => {
    await t.at(later(5), async () => {
      const net = '2001:db8:beef:1';
      for (let i = 0; i < limit.perAddress; i++)
        expect((await anonymous('/api/reviews/', {}, newAddress(net))).statusCode).not.toBe(429);
      expect((await anonymous('/api/reviews/', {}, newAddress(net))).statusCode).toBe(429);
    });
  });
});

describe('club coupon requests', () => {
  const limit = WRITE_LIMITS.couponRequest;

  it(`take ${limit.perAccount} an hour from one account, then 429`, async () => {
    const spot = await t.doctor();
    const s = await t.patient();
    const request = () =>
      s.inject({
        url: '/club/ajax/coupon_request/',
        payload: {
          booking: t.form(spot, { slot: '23.11.2026 10:00' }),
          receipt_email: 'p@example.ru',
          // Refused by the service (a foreign return URL) after the attempt is counted.
          return_url: 'https://evil.example/',
        },
        remoteAddress: newAddress(),
      });
    await t.at(later(6), async () => {
      for (let i = 0; i < limit.perAccount; i++) expect((await request()).statusCode).toBe(400);
      const refused = await request();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ detail: limit.text, code: 'too_many_requests' });
    });
  });

  it(`take ${limit.perAddress} an hour from one address key`, async () => {
    const spot = await t.doctor();
    const net = '2001:db8:c0:1';
    await t.at(later(7), async () => {
      for (let i = 0; i <= limit.perAddress; i++) {
        const s = await t.patient();
        const res = await s.inject({
          url: '/club/ajax/coupon_request/',
          payload: {
            booking: t.form(spot, { slot: '23.11.2026 10:00' }),
            receipt_email: 'p@example.ru',
            return_url: 'https://evil.example/',
          },
          remoteAddress: newAddress(net),
        });
        expect(res.statusCode, `request ${i + 1}`).toBe(i < limit.perAddress ? 400 : 429);
      }
    });
  });
});
