import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { misApiKeys } from '../../db/schema/mis';
import { bookingFixture } from '../booking/booking-fixture';
import { misHelpers, week } from './mis-fixture';

/** Scoped, labelled keys (docs/product/mis-api.md, 'Keys'): a key does only what it was issued for. */
const t = bookingFixture();
const { clinicAccount, call, push, feed } = misHelpers(t);

const issue = async (clinicId: number, payload: unknown) =>
  (await clinicAccount(clinicId)).inject({ url: '/cabinet/ajax/mis-keys/', payload: payload as object });

describe('scoped keys', () => {
  it('a key without appointments:read gets 403 naming the scope on the change feed', {
    timeout: 60_000,
  }, async () => {
    const spot = await t.doctor();
    const made = await issue(spot.lpu_id, { label: '  Расписание из МИС  ', scopes: ['slots'] });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().key).toMatchObject({ label: 'Расписание из МИС', scopes: ['slots'], full: false });
    const key = made.json().secret;

    const refused = await feed(key);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('У ключа нет доступа «appointments:read»');
    const relink = await call(key, 'PUT', `/api/mis/v1/doctors/${spot.doctor_id}/`, { mis_id: 'd-1' });
    expect(relink.statusCode).toBe(403);
    expect(relink.json().detail).toBe('У ключа нет доступа «doctors»');
    const cancel = await t.app.inject({
      method: 'POST',
      url: '/api/mis/v1/appointments/1/cancel/',
      headers: { authorization: `Bearer ${key}` },
      payload: { reason: 'Врач заболел', idempotency_key: 'k1' },
    });
    expect(cancel.statusCode).toBe(403);
    expect(cancel.json().detail).toBe('У ключа нет доступа «appointments:write»');

    // What it holds works; reading the doctors needs no scope.
    expect((await call(key, 'GET', '/api/mis/v1/doctors/')).statusCode).toBe(200);
    const pushed = await push(key, { ...week, doctors: [{ doctor_id: spot.doctor_id, slots: [] }] });
    expect(pushed.statusCode, pushed.body).toBe(200);

    const reader = (await issue(spot.lpu_id, { label: 'Записи', scopes: ['appointments:read'] })).json()
      .secret;
    expect((await feed(reader)).statusCode).toBe(200);
    expect((await push(reader, { ...week, doctors: [] })).statusCode).toBe(403);
  });

  it('are issued with a label and at least one known scope', async () => {
    const { lpu_id } = await t.closedDoctor();
    for (const [payload, detail] of [
      [{ scopes: ['slots'] }, 'Укажите название ключа'],
      [{ label: '   ', scopes: ['slots'] }, 'Укажите название ключа'],
      [{ label: 'x'.repeat(81), scopes: ['slots'] }, 'Название не длиннее 80 символов'],
      [{ label: 'МИС', scopes: [] }, 'Выберите хотя бы один доступ'],
      [{ label: 'МИС' }, 'Выберите хотя бы один доступ'],
      [{ label: 'МИС', scopes: ['everything'] }, 'Неизвестный доступ'],
    ] as const) {
      const res = await issue(lpu_id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.body, JSON.stringify(payload)).toContain(detail);
    }
  });

  it('a key made before scopes keeps working as a full key and is listed as one', async () => {
    const spot = await t.doctor();
    const made = (await issue(spot.lpu_id, { label: 'Старый', scopes: ['slots'] })).json();
    await t.db.update(misApiKeys).set({ scopes: null, label: null }).where(eq(misApiKeys.id, made.key.id));
    expect((await feed(made.secret)).statusCode).toBe(200);
    const list = await (await clinicAccount(spot.lpu_id)).inject({
      method: 'GET',
      url: '/cabinet/ajax/mis-keys/',
    });
    expect(list.json().keys.find((k: { id: number }) => k.id === made.key.id)).toMatchObject({
      label: null,
      full: true,
      scopes: ['slots', 'doctors', 'appointments:read', 'appointments:write'],
    });
  });
});
