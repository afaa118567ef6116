import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moscowTime } from '../../../core/promo/award-phase';
import type { AwardYearBody } from '../../../core/promo/contracts';
import { buildApp } from '../../app';
import { fixedClock } from '../../clock';
import type { Database } from '../../db/client';
import { injectWithCsrf } from '../../testing/csrf';
import { openTestDatabase } from '../../testing/database';
import { signedInAs, type TestSession } from '../../testing/session';
import { defaultAwardYear } from './award-defaults';
import { addDefaultAwardYears, createPromoService } from './service';

let database: Database;
let app: FastifyInstance;
let staff: TestSession;
const URL_2026 = '/ajax/promo/award/2026/';
const APP_STORES = { appStore: 'https://apps.apple.com/x', googlePlay: 'https://play.google.com/x' };

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp({ db: database.db, clock: fixedClock('2026-11-20T09:00:00Z') });
  staff = await signedInAs(app, database.db, { role: 'staff' });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** The default 2026 year with the announcement retitled, as a staff form would send it. */
function body2026(): AwardYearBody {
  const year = defaultAwardYear(2026);
  return {
    ...year,
    content: { ...year.content, announce: { ...year.content.announce, title: 'Премия 2026' } },
  };
}

describe('PUT /ajax/promo/award/{year}/', () => {
  it('refuses anonymous visitors, patients and doctors', async () => {
    const anonymous = await injectWithCsrf(app, { method: 'PUT', url: URL_2026, payload: body2026() });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({
      code: 'unauthorized',
      detail: 'Раздел только для сотрудников ПроДокторов',
    });
    for (const role of ['patient', 'doctor'] as const) {
      const session = await signedInAs(app, database.db, { role });
      const res = await session.inject({ method: 'PUT', url: URL_2026, payload: body2026() });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'forbidden',
        detail: 'Раздел только для сотрудников ПроДокторов',
      });
    }
  });

  it("saves a staff member's year and reads it back", async () => {
    const res = await staff.inject({ method: 'PUT', url: URL_2026, payload: body2026() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      year: 2026,
      starts: { grand_prix_broadcast: '2026-11-16T16:00:00.000Z', ends: '2026-11-30T21:00:00.000Z' },
      content: { announce: { title: 'Премия 2026' }, grand_prix_registration: { dark: true } },
    });
    const read = await staff.inject({ method: 'GET', url: URL_2026 });
    expect(read.statusCode).toBe(200);
    expect(read.json().content.announce.title).toBe('Премия 2026');
  });

  it('refuses phases out of order with the reason', async () => {
    const body = body2026();
    const res = await staff.inject({
      method: 'PUT',
      url: URL_2026,
      payload: { ...body, starts: { ...body.starts, results: body.starts.ends } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/один за другим/);
  });

  it('refuses a button that does not lead to an https site, a script URL among them', async () => {
    const body = body2026();
    for (const href of ['http://award.example/', 'javascript:alert(1)']) {
      const content = { ...body.content, results: { ...body.content.results, button_href: href } };
      const res = await staff.inject({ method: 'PUT', url: URL_2026, payload: { ...body, content } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'bad_request' });
      expect(res.json().detail).toBeTruthy();
    }
  });

  it('refuses a body without content, an empty title and a calendar of another year', async () => {
    const body = body2026();
    const missing = await staff.inject({ method: 'PUT', url: URL_2026, payload: { starts: body.starts } });
    expect(missing.statusCode).toBe(400);
    const content = { ...body.content, announce: { ...body.content.announce, title: '   ' } };
    const empty = await staff.inject({ method: 'PUT', url: URL_2026, payload: { ...body, content } });
    expect(empty.statusCode).toBe(400);
    const other = await staff.inject({ method: 'PUT', url: '/ajax/promo/award/2027/', payload: body });
    expect(other.statusCode).toBe(400);
    expect(other.json().detail).toBe('Анонс премии 2027 года должен начинаться в 2027 году');
  });

  it('answers 404 for a malformed or missing year', async () => {
    expect((await staff.inject({ method: 'GET', url: '/ajax/promo/award/abc/' })).statusCode).toBe(404);
    const missing = await staff.inject({ method: 'GET', url: '/ajax/promo/award/2031/' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('not_found');
  });
});

describe('the award banner of a page', () => {
  const promo = () =>
    createPromoService({ db: database.db, clock: fixedClock('2026-11-20T09:00:00Z'), appStores: APP_STORES });

  it('shows the phase in force in Moscow with its content', async () => {
    const service = promo();
    const registration = await service.awardBanner(moscowTime(2026, 11, 16, 18, 59));
    expect(registration).toMatchObject({ year: 2026, phase: 'grand_prix_registration' });
    expect(registration?.content.dark).toBe(true);
    expect((await service.awardBanner(moscowTime(2026, 11, 16, 19)))?.phase).toBe('grand_prix_broadcast');
    expect((await service.awardBanner(moscowTime(2026, 3, 5)))?.content.title).toBe('Премия 2026');
    expect(await service.awardBanner(moscowTime(2026, 12, 1))).toBeNull();
  });

  it('shows nothing for a year nobody set up', async () => {
    expect(await promo().awardBanner(moscowTime(2035, 11, 5))).toBeNull();
  });

  it("adds the default years at start without overwriting the staff's", async () => {
    expect(await addDefaultAwardYears(database.db, moscowTime(2026, 6, 1))).toEqual([2027]);
    expect(await addDefaultAwardYears(database.db, moscowTime(2026, 6, 1))).toEqual([]);
    const service = promo();
    expect((await service.awardBanner(moscowTime(2026, 3, 5)))?.content.title).toBe('Премия 2026');
    expect((await service.awardBanner(moscowTime(2027, 11, 3)))?.content.title).toBe(
      'Итоги премии ПроДокторов 2027',
    );
  });
});
