/** The sign-in codes' refusals (flow B), each with its code and text. */
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/auth';
import { expectError, sessionCookie, setUpAuthApp } from './testing';

const t = setUpAuthApp();
const { advance, post, newPhone, requestCode, confirm, lastCode, wrongCode, signIn } = t;

describe('code request errors (flow B)', () => {
  it.each([
    ['not a number', 'abc'],
    ['too short', '7916123'],
    ['a Russian landline (must begin with 9)', '74951234567'],
    ['no phone at all', undefined],
  ])('invalid: %s', async (_label, phone) => {
    expectError(await requestCode(phone as string), 400, 'invalid', 'Некорректный номер телефона');
  });

  it('error_fields for an unknown confirmation_flow', async () => {
    const res = await requestCode(newPhone(), { confirmation_flow: 'telegram' });
    expectError(res, 400, 'error_fields', 'Неверно заполненное поле');
  });

  it('error_limit with waiting_time when a code is asked again within 30 s', async () => {
    const phone = newPhone();
    await requestCode(phone);
    advance(10_000);
    const res = await requestCode(phone);
    expectError(res, 429, 'error_limit', 'Достигнут лимит сообщений на заданный номер');
    expect(res.json().waiting_time).toBe(20);
    advance(20_000);
    expect((await requestCode(phone)).statusCode).toBe(200);
  });

  it('the first two codes of an hour come by call, then by SMS; hourly and daily limits follow', async () => {
    const phone = newPhone();
    const methods: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await requestCode(phone);
      expect(res.statusCode).toBe(200);
      methods.push(res.json().code);
      advance(31_000);
    }
    expect(methods).toEqual(['call', 'call', 'sms', 'sms', 'sms']);
    const hourly = await requestCode(phone);
    expectError(hourly, 429, 'error_limit', 'Достигнут лимит сообщений на заданный номер');
    expect(hourly.json().waiting_time).toBeGreaterThan(3000);
    advance(3600_000);
    for (let i = 0; i < 4; i++) {
      expect((await requestCode(phone)).statusCode).toBe(200);
      advance(31_000);
    }
    // 10 a day: the eleventh is refused until tomorrow.
    advance(3600_000);
    const daily = await requestCode(phone);
    expectError(daily, 429, 'error_limit_total', 'Отправить новый код можно через сутки');
  });

  it('deleting_in_progress blocks a phone whose profile is being deleted', async () => {
    const phone = newPhone();
    await t.database.db.insert(users).values({ phone, role: 'patient', deletingSince: t.clock.now() });
    const res = await requestCode(phone);
    expectError(
      res,
      403,
      'deleting_in_progress',
      'С этого номера пока нельзя записаться на приём или оставить отзыв',
    );
  });

  it('per IP: a burst from one address is stopped', async () => {
    const ip = '192.0.2.77';
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await requestCode(newPhone(), {}, { ip })).statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    const res = await requestCode(newPhone(), {}, { ip });
    expectError(res, 429, 'error_limit', 'Достигнут лимит сообщений на заданный номер');
  });
});

describe('code confirm errors (flow B)', () => {
  it('error_code is worded by method: call, SMS, VK', async () => {
    const phone = newPhone();
    const call = await requestCode(phone);
    expect(call.json().code).toBe('call');
    expectError(await confirm(phone, wrongCode(phone)), 400, 'error_code', 'Неверные цифры');

    const sms = newPhone();
    await post('/services/sso/phone_login/', { phone: sms.slice(1) });
    expectError(await confirm(sms, wrongCode(sms)), 400, 'error_code', 'Неверный СМС код');

    const vk = newPhone();
    expect((await requestCode(vk, { confirmation_flow: 'vk' })).json().code).toBe('vk');
    expectError(await confirm(vk, wrongCode(vk)), 400, 'error_code', 'Неверный код');
  });

  it('obsolete after 5 minutes, worded for a call or an SMS', async () => {
    const phone = newPhone();
    await requestCode(phone);
    const code = lastCode(phone);
    advance(5 * 60_000 + 1);
    expectError(await confirm(phone, code), 404, 'obsolete', 'Эти цифры устарели. Повторите запрос');

    const sms = newPhone();
    await post('/services/sso/phone_login/', { phone: sms.slice(1) });
    const smsCode = lastCode(sms);
    advance(5 * 60_000 + 1);
    expectError(await confirm(sms, smsCode), 404, 'obsolete', 'Этот код устарел, нужно получить новый');
  });

  it('attempts_out after 5 wrong tries, and then even the right code fails', async () => {
    const phone = newPhone();
    await requestCode(phone);
    const right = lastCode(phone);
    for (let i = 0; i < 4; i++)
      expect((await confirm(phone, wrongCode(phone))).json().code).toBe('error_code');
    expectError(
      await confirm(phone, wrongCode(phone)),
      429,
      'attempts_out',
      'Слишком много попыток. Повторите запрос',
    );
    expectError(await confirm(phone, right), 429, 'attempts_out', 'Слишком много попыток. Повторите запрос');
  });

  it('parallel guesses never get more than 5 tries on one code', async () => {
    const phone = newPhone();
    await requestCode(phone);
    const wrong = wrongCode(phone);
    const results = await Promise.all(Array.from({ length: 12 }, () => confirm(phone, wrong)));
    const codes = results.map((r) => r.json().code);
    expect(codes.filter((c) => c === 'error_code').length).toBeLessThanOrEqual(4);
    expect(codes.every((c) => c === 'error_code' || c === 'attempts_out')).toBe(true);
  });

  it('error_fields for a code that is not 4 digits or a bad service_id', async () => {
    const phone = newPhone();
    await requestCode(phone);
    expectError(await confirm(phone, '12a4'), 400, 'error_fields', 'Неверно заполненное поле');
    expectError(
      await confirm(phone, lastCode(phone), 'not-a-uuid'),
      400,
      'error_fields',
      'Неверно заполненное поле',
    );
  });

  it('invalid phone at confirm', async () => {
    expectError(await confirm('7000', '1234'), 400, 'invalid', 'Некорректный номер телефона');
  });

  it('user_has_phone when the signed-in user confirms their own phone again', async () => {
    const phone = newPhone();
    const cookie = sessionCookie(await signIn(phone))?.value ?? '';
    advance(31_000);
    await requestCode(phone);
    const res = await confirm(phone, lastCode(phone), null, { cookies: { sessionid: cookie } });
    expectError(res, 409, 'user_has_phone', 'Вы уже авторизованы. Пожалуйста, обновите страницу');
  });

  it('VK attempts run out: attempts_exceeded, then the code goes by call or SMS', async () => {
    const phone = newPhone();
    for (let i = 0; i < 3; i++) {
      const res = await requestCode(phone, { confirmation_flow: 'vk' });
      expect(res.json()).toMatchObject({ code: 'vk', attempts_exceeded: false });
      advance(31_000);
    }
    const out = await requestCode(phone, { confirmation_flow: 'vk' });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ code: 'vk', service_id: null, attempts_exceeded: true });
    const fallback = await requestCode(phone);
    expect(fallback.statusCode).toBe(200);
    expect(['call', 'sms']).toContain(fallback.json().code);
  });
});
