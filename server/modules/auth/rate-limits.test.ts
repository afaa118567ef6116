/** Brute force, lockout abuse and SMS pumping: what the limits hold against. */
import { describe, expect, it } from 'vitest';
import { expectError, setUpAuthApp } from './testing';

const t = setUpAuthApp();
const { advance, newPhone, newIp, requestCode, confirm, lastCode, wrongCode, eventsOf } = t;

const TOO_MANY = 'Подтвердить этот номер можно через сутки. Было слишком много попыток';
const ATTEMPTS_OUT = 'Слишком много попыток. Повторите запрос';

/** The owner asks for a code and confirms it with its service_id, as the site's form does. */
async function ownerSignsIn(phone: string, ip = newIp()) {
  const requested = await requestCode(phone, {}, { ip });
  expect(requested.statusCode).toBe(200);
  const confirmed = await confirm(phone, lastCode(phone), requested.json().service_id, { ip });
  expect(confirmed.statusCode).toBe(200);
  expect(confirmed.json().authorization_code).toEqual(expect.any(String));
}

describe('lockout abuse: strangers cannot keep the owner from signing in', () => {
  it('15 anonymous checks of 0000 with no code sent leave the phone free', async () => {
    const phone = newPhone();
    for (let i = 0; i < 15; i++) {
      const res = await confirm(phone, '0000');
      expect(res.json().code).toBe('obsolete');
    }
    // From one address too: it is that address that runs out, not the phone.
    const ip = newIp();
    for (let i = 0; i < 15; i++) await confirm(phone, '0000', null, { ip });
    expectError(await confirm(phone, '0000', null, { ip }), 429, 'too_many_requests', TOO_MANY);
    await ownerSignsIn(phone);
    expect(await eventsOf(phone)).not.toContain('phone_locked');
  });

  it('an address that fails 10 checks for a phone is refused for it; the owner elsewhere is not', async () => {
    const phone = newPhone();
    const attacker = newIp();
    await requestCode(phone);
    const statuses: string[] = [];
    for (let i = 0; i < 10; i++)
      statuses.push((await confirm(phone, wrongCode(phone), null, { ip: attacker })).json().code);
    // 4 wrong, the 5th burns the code, then no live code is left to guess at.
    expect(statuses).toEqual([...Array(4).fill('error_code'), ...Array(6).fill('attempts_out')]);
    expectError(
      await confirm(phone, wrongCode(phone), null, { ip: attacker }),
      429,
      'too_many_requests',
      TOO_MANY,
    );
    expect(await eventsOf(phone)).toContain('requester_refused');
    advance(31_000);
    await ownerSignsIn(phone);
    // The attacker stays refused for this phone for the day, even with the right code…
    advance(31_000);
    await requestCode(phone);
    expectError(
      await confirm(phone, lastCode(phone), null, { ip: attacker }),
      429,
      'too_many_requests',
      TOO_MANY,
    );
    // …and may try again tomorrow.
    advance(24 * 3600_000);
    expect((await confirm(phone, '0000', null, { ip: attacker })).json().code).toBe('obsolete');
  });

  it('an address that fails 50 checks in a day is refused for every phone', async () => {
    const attacker = newIp();
    for (let i = 0; i < 50; i++)
      expect((await confirm(newPhone(), '0000', null, { ip: attacker })).statusCode).toBe(404);
    const fresh = newPhone();
    expectError(await confirm(fresh, '0000', null, { ip: attacker }), 429, 'too_many_requests', TOO_MANY);
    await ownerSignsIn(fresh);
  });

  it('wrong codes from thousands of addresses never sign in: each code burns after 5, the owner asks for a new one', async () => {
    const phone = newPhone();
    await requestCode(phone);
    const right = lastCode(phone);
    const wrong = wrongCode(phone);
    const tally = new Map<string, number>();
    for (let i = 0; i < 500; i++) {
      const res = await confirm(phone, wrong, null, {
        ip: `100.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      });
      expect(res.statusCode).not.toBe(200);
      const code = res.json().code;
      tally.set(code, (tally.get(code) ?? 0) + 1);
    }
    expect(tally.get('error_code')).toBe(4);
    expect(tally.get('attempts_out')).toBe(500 - 4);
    expectError(await confirm(phone, right), 429, 'attempts_out', ATTEMPTS_OUT);
    advance(31_000);
    await ownerSignsIn(phone);
  }, 120_000);

  it('15 wrong guesses guard the phone: codes must be named and take one try, and the owner still signs in', async () => {
    const phone = newPhone();
    const stranger = (i: number) => `198.51.${Math.floor(i / 250)}.${(i % 250) + 1}`;
    let guess = 0;
    // Three of the owner's codes burnt by strangers: 15 wrong guesses at live codes.
    for (let n = 0; n < 3; n++) {
      await requestCode(phone);
      for (let i = 0; i < 5; i++) await confirm(phone, wrongCode(phone), null, { ip: stranger(guess++) });
      advance(31_000);
    }
    expect(await eventsOf(phone)).toContain('phone_guarded');

    const requested = await requestCode(phone);
    const serviceId = requested.json().service_id;
    // A check that does not name the code cannot touch it…
    for (let i = 0; i < 20; i++)
      expectError(
        await confirm(phone, wrongCode(phone), null, { ip: stranger(guess++) }),
        429,
        'attempts_out',
        ATTEMPTS_OUT,
      );
    // …the owner's code takes one try: a slip burns it…
    expectError(await confirm(phone, wrongCode(phone), serviceId), 429, 'attempts_out', ATTEMPTS_OUT);
    advance(31_000);
    // …and a new one signs in. No answer to anyone ever said the phone was locked.
    await ownerSignsIn(phone);
    expect(await eventsOf(phone)).not.toContain('phone_locked');
  });
});

describe('SMS pumping: the daily cap of a country', () => {
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

  it('one address gets a twentieth of a country cap; the rest stays for everybody', async () => {
    // Armenia falls under the default cap of 300: one address may have 15 codes sent there a day.
    const pumper = newIp();
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++)
      statuses.push(
        (await requestCode(`37491${String(100_000 + i).padStart(6, '0')}`, {}, { ip: pumper })).statusCode,
      );
    expect(statuses).toEqual([...Array(15).fill(200), ...Array(10).fill(429)]);
    expectError(
      await requestCode('37477123456', {}, { ip: pumper }),
      429,
      'error_limit_total',
      'Отправить новый код можно через сутки',
    );
    // Everybody else still gets codes to Armenia.
    expect((await requestCode('37477123457')).statusCode).toBe(200);
    expect((await requestCode('37477123458')).statusCode).toBe(200);
  });
});
