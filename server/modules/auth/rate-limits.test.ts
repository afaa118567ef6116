/** Brute force and SMS pumping: what the limits hold against. */
import { describe, expect, it } from 'vitest';
import { expectError, setUpAuthApp } from './testing';

const t = setUpAuthApp();
const { advance, post, newPhone, requestCode, confirm, lastCode, wrongCode, eventsOf } = t;

describe('brute force and SMS pumping', () => {
  it('10,000 wrong codes from many IPs never sign in, and the phone locks for a day', async () => {
    const phone = newPhone();
    await requestCode(phone);
    const right = lastCode(phone);
    const wrong = wrongCode(phone);
    const tally = new Map<string, number>();
    for (let i = 0; i < 10_000; i++) {
      const res = await post(
        '/services/sso/confirmation/confirm/',
        { phone, code: wrong, service_id: null },
        { query: 'client_id=portal', ip: `100.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
      );
      expect(res.statusCode).not.toBe(200);
      const code = res.json().code;
      tally.set(code, (tally.get(code) ?? 0) + 1);
    }
    // 4 wrong, then the code is spent; 15 failures a day lock the phone.
    expect(tally.get('error_code')).toBe(4);
    expect(tally.get('attempts_out')).toBe(11);
    expect(tally.get('too_many_requests')).toBe(10_000 - 15);
    const locked = await confirm(phone, right);
    expectError(
      locked,
      429,
      'too_many_requests',
      'Подтвердить этот номер можно через сутки. Было слишком много попыток',
    );
    expectError(
      await requestCode(phone),
      429,
      'too_many_requests',
      'Подтвердить этот номер можно через сутки. Было слишком много попыток',
    );
    expect(await eventsOf(phone)).toContain('phone_locked');
    // A day later the phone may try again.
    advance(24 * 3600_000);
    expect((await requestCode(phone)).statusCode).toBe(200);
  }, 120_000);

  it('codes to many numbers of one country prefix stop at its daily cap', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const azerbaijan = `99450${String(1_000_000 + i * 37).padStart(7, '0')}`;
      statuses.push((await requestCode(azerbaijan)).statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
    const capped = await requestCode('994501999999');
    expectError(capped, 429, 'error_limit_total', 'Отправить новый код можно через сутки');
    // Russian numbers have their own, far larger cap.
    expect((await requestCode(newPhone())).statusCode).toBe(200);
  });
});
