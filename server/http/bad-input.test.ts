/**
 * Bad input is a 4xx with `{detail}`, never a 5xx: each case here once answered 500 (a broken
 * multipart body, NUL in text PostgreSQL refuses, ids past int4, impossible dates, TRACE on a page).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_CHARACTERS_MESSAGE, UNSTORABLE_TEXT_MESSAGE } from '../../core/http/contracts';
import { buildApp } from '../app';
import { fixedClock } from '../clock';
import { reviewsWorld } from '../modules/reviews/testing';
import { injectWithCsrf } from '../testing/csrf';
import { testPages } from '../testing/pages';
import { signedInAs } from '../testing/session';

const w = reviewsWorld();
const { ids } = w;
const NUL = 'Врач не принимает\u0000 по этому адресу';
const BIG_ID = 2_147_483_648;

/** A 400 that names the control characters, under the field's name. */
function expectControlRefusal(res: { statusCode: number; json: () => unknown }, field: string) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ code: 'bad_request', errors: { [field]: CONTROL_CHARACTERS_MESSAGE } });
}

describe('a broken multipart body', () => {
  const broken = {
    payload: '--XYZ\r\ngarbage\r\n',
    headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
  };

  it('is a 400 on a call of the API scope', async () => {
    for (const url of ['/ajax/mistake_reports/', '/ajax/appointment/create/', '/ajax/phone_confirmation/']) {
      const res = await injectWithCsrf(w.app, { url, ...broken });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ code: 'bad_request', detail: 'Некорректные данные формы' });
    }
  });

  it('is a 400 on the review form, which takes files', async () => {
    const patient = await signedInAs(w.app, w.db);
    const res = await patient.inject({ url: '/api/reviews/', ...broken });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'bad_request' });
  });

  it('with no part at all (only the closing boundary) is a 400 on the review form, not a 500', async () => {
    const patient = await signedInAs(w.app, w.db);
    const empty = { payload: '--XYZ--\r\n', headers: broken.headers };
    for (const url of ['/api/reviews/', '/api/reviews/?text=1&birth_date=null']) {
      const res = await patient.inject({ url, ...empty });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ code: 'bad_request' });
    }
    for (const url of ['/ajax/mistake_reports/', '/ajax/appointment/create/', '/ajax/phone_confirmation/']) {
      // A refusal of its own kind (a form without the CSRF field is a 403) or the form's 400.
      const res = await injectWithCsrf(w.app, { url, ...empty });
      expect([400, 403], url).toContain(res.statusCode);
    }
  });
});

describe('a NUL character in text', () => {
  it('is refused in a mistake report', async () => {
    const res = await injectWithCsrf(w.app, {
      url: '/ajax/mistake_reports/',
      payload: { doctor_id: ids.doctor, text: NUL },
    });
    expectControlRefusal(res, 'text');
  });

  it('is refused in a review and in an answer', async () => {
    const patient = await signedInAs(w.app, w.db);
    expectControlRefusal(
      await patient.inject({ url: '/api/reviews/', payload: w.review({ text: NUL }) }),
      'text',
    );
    const doctor = await signedInAs(w.app, w.db, { role: 'doctor', doctorId: ids.doctor });
    const answer = await doctor.inject({
      url: `/api/reviews/${ids.seeded}/replies/`,
      payload: { text: NUL },
    });
    expectControlRefusal(answer, 'text');
  });

  it('is refused in a booking’s request_key and source', async () => {
    const patient = await signedInAs(w.app, w.db);
    const body = {
      doctor_id: ids.doctor,
      lpu_id: ids.clinic,
      slot: '24.11.2026 10:00',
      last_name: 'Иванова',
      first_name: 'Анна',
      patronymic: 'Петровна',
      birth_date: '1990-05-01',
      request_key: 'key-0000\u00001',
    };
    const key = await patient.inject({ url: '/ajax/appointment/create/', payload: body });
    expectControlRefusal(key, 'request_key');
    const source = await patient.inject({
      url: '/ajax/appointment/create/',
      payload: { ...body, request_key: 'key-00001', source: 'ya\u0000' },
    });
    expectControlRefusal(source, 'source');
  });

  it('is refused in the price list’s search, the clinic doctors’ name and the staff queue’s q', async () => {
    const prices = await w.app.inject({ url: `/ajax/lpu/services/?lpu_id=${ids.clinic}&search_query=a%00b` });
    expectControlRefusal(prices, 'search_query');
    expectControlRefusal(await w.app.inject({ url: `/ajax/lpu/${ids.clinic}/doctors/?name=a%00b` }), 'name');
    expectControlRefusal(await w.staff.inject({ method: 'GET', url: '/api/staff/reviews/?q=a%00b' }), 'q');
  });
});

describe('a lone UTF-16 surrogate or a NUL anywhere in a request', () => {
  const LONE = 'Описание \ud800 клиники';

  /** The one text rule's 400, naming the field it found. */
  function expectTextRefusal(
    res: { statusCode: number; json: () => unknown },
    field: string,
    detail = UNSTORABLE_TEXT_MESSAGE,
  ) {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'bad_request', detail, errors: { [field]: detail } });
  }

  it('is refused in a JSON body before it reaches a jsonb or text column', async () => {
    const clinic = await signedInAs(w.app, w.db, { role: 'clinic', clinicId: ids.clinic });
    const about = { description: LONE, phones: ['74951234567'], website: '' };
    expectTextRefusal(
      await clinic.inject({ url: '/cabinet/ajax/clinic/about/', payload: about }),
      'description',
    );
    // Nested, in a key, and as NUL where no field schema looks.
    const nested = { ...about, description: '', phones: ['74951234567', { x: ['a\u0000b'] }] };
    expectTextRefusal(
      await clinic.inject({ url: '/cabinet/ajax/clinic/about/', payload: nested }),
      'phones',
      CONTROL_CHARACTERS_MESSAGE,
    );
    const key = await clinic.inject({
      url: '/cabinet/ajax/clinic/about/',
      headers: { 'content-type': 'application/json' },
      payload: '{"description":"","phones":["74951234567"],"website":"","\\udfff":1}',
    });
    expectTextRefusal(key, '\udfff');
  });

  it('is refused in a query, a form body and a multipart field', async () => {
    const query = await w.app.inject({ url: `/ajax/lpu/${ids.clinic}/doctors/?page=a%00b` });
    expectTextRefusal(query, 'page', CONTROL_CHARACTERS_MESSAGE);
    const form = await injectWithCsrf(w.app, {
      url: '/ajax/mistake_reports/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `doctor_id=${ids.doctor}&text=ok&extra=a%00b`,
    });
    expectTextRefusal(form, 'extra', CONTROL_CHARACTERS_MESSAGE);
    const patient = await signedInAs(w.app, w.db);
    const multipart = await patient.inject({
      url: '/api/reviews/',
      headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
      payload: '--XYZ\r\nContent-Disposition: form-data; name="extra"\r\n\r\na\u0000b\r\n--XYZ--\r\n',
    });
    expectTextRefusal(multipart, 'extra', CONTROL_CHARACTERS_MESSAGE);
  });

  it('in a path parameter is the 404 of a path that names nothing', async () => {
    const clinic = await signedInAs(w.app, w.db, { role: 'clinic', clinicId: ids.clinic });
    const res = await clinic.inject({ url: '/cabinet/ajax/clinic/promotions/a%00b/', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found', detail: 'Не найдено' });
  });
});

describe('an id past the database’s integer range', () => {
  it('is refused by the review, fake-warning and clinic calls', async () => {
    const patient = await signedInAs(w.app, w.db);
    const review = await patient.inject({ url: '/api/reviews/', payload: w.review({ doctor_id: BIG_ID }) });
    expect(review.statusCode).toBe(400);
    expect(review.json().errors).toHaveProperty('doctor_id');
    const warning = await w.staff.inject({
      url: '/api/staff/fake-warning/',
      payload: { kind: 'doctor', id: BIG_ID, warning: null },
    });
    expect(warning.statusCode).toBe(400);
    expect(warning.json().errors).toHaveProperty('id');
    const specialities = await injectWithCsrf(w.app, {
      url: '/ajax/lpus/specialities/',
      payload: { lpus: [BIG_ID] },
    });
    expect(specialities.statusCode).toBe(400);
    expect(specialities.json().detail).toBe('Некорректный идентификатор клиники');
    const rules = await w.app.inject({ url: `/ajax/lpu/${BIG_ID}/covid_rules/` });
    expect(rules.statusCode).toBe(404);
  });
});

describe('an impossible or far-off date in the slot calls', () => {
  it('is refused as a bad first day', async () => {
    for (const day of ['2026-02-30', '9999-12-31', '0000-01-01']) {
      const slots = await injectWithCsrf(w.app, {
        url: '/ajax/schedule/slots_bulk/',
        payload: {
          days: 7,
          dt_start: day,
          doctors_lpus: [{ doctor_id: ids.doctor, lpu_id: ids.clinic }],
          town_timedelta: 3,
        },
      });
      expect(slots.statusCode, day).toBe(400);
      expect(slots.json().detail, day).toBe('Не передана стартовая дата');
      const telemed = await injectWithCsrf(w.app, {
        url: '/ajax/schedule/slots_bulk/telemed/',
        payload: { days: 7, dt_start: day, doctor_id: ids.doctor, lpu_id: ids.clinic, town_timedelta: 3 },
      });
      expect(telemed.statusCode, day).toBe(400);
    }
  });
});

describe('TRACE and other methods pages do not take', () => {
  let app: FastifyInstance;
  let closePages: () => Promise<void>;

  beforeAll(async () => {
    const { pages, close } = await testPages();
    closePages = close;
    app = await buildApp({ db: w.db, clock: fixedClock('2026-11-22T09:00:00Z'), pages });
  });

  afterAll(async () => {
    await app?.close();
    await closePages?.();
  });

  it('answers 405 with Allow', async () => {
    for (const method of ['TRACE', 'OPTIONS', 'POST', 'DELETE'] as const) {
      const res = await app.inject({ method, url: '/' });
      expect(res.statusCode, method).toBe(405);
      expect(res.headers.allow, method).toBe('GET, HEAD');
      expect(res.json(), method).toMatchObject({ code: 'method_not_allowed' });
    }
  });
});
