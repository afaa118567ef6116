import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { createClinic, createDoctor, createSpeciality, createTown } from '../../db/seed/factories';
import { injectWithCsrf } from '../../testing/csrf';
import { openTestDatabase } from '../../testing/database';
import { signedInAs, type TestSession } from '../../testing/session';
import { ANONYMOUS_VIEWER } from '../auth/viewer';
import { createFirstFreeService } from '../directory/first-free';
import { createListService } from '../directory/lists-service';
import { createDirectoryService } from '../directory/service';
import { createTownService } from '../towns/service';
import { createFavouritesService } from './service';

let database: Database;
let app: FastifyInstance;
let patient: TestSession;
// Each call one minute later, so "newest first" has a real order to check.
let minutes = 0;
const clock: Clock = { now: () => new Date(Date.parse('2026-11-22T09:00:00Z') + minutes++ * 60_000) };
const ids = { doctors: [] as number[], clinics: [] as number[], kazanDoctor: 0 };

const url = (type: string, id?: number | string) =>
  `/api/patient/favourites/${type}/${id === undefined ? '' : `${id}/`}`;

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  const moscow = await createTown(db, { slug: 'moskva', name: 'Москва', nameIn: 'в Москве' });
  const kazan = await createTown(db, { slug: 'kazan', name: 'Казань', nameIn: 'в Казани' });
  const therapist = await createSpeciality(db, {
    name: 'Терапевт',
    namePlural: 'Терапевты',
    translit: 'terapevt',
  });
  for (let i = 0; i < 3; i++) {
    const clinic = await createClinic(db, { townId: moscow.id, name: `Клиника «Здоровье ${i}»` });
    ids.clinics.push(clinic.id);
    const doctor = await createDoctor(db, {
      townId: moscow.id,
      specialityIds: [therapist.id],
      clinicIds: [clinic.id],
      lastName: `Терапевтов${i}`,
    });
    ids.doctors.push(doctor.id);
  }
  ids.kazanDoctor = (await createDoctor(db, { townId: kazan.id, specialityIds: [therapist.id] })).id;
  app = await buildApp({ db, clock });
  patient = await signedInAs(app, db, { role: 'patient' });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('adding and removing a favourite', () => {
  it('adds with an empty body (201), answers 200 to a repeat and shows it in the list call', async () => {
    const [d1] = ids.doctors;
    const first = await patient.inject({ url: url('doctors', d1) });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ id: d1, in_user_favourites: true });
    const again = await patient.inject({ url: url('doctors', d1) });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ id: d1, in_user_favourites: true });

    const list = await patient.inject({ url: url('doctors'), payload: [ids.doctors[1], d1] });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      { id: ids.doctors[1], in_user_favourites: false },
      { id: d1, in_user_favourites: true },
    ]);
  });

  it('accepts an empty body sent as application/json', async () => {
    const res = await patient.inject({
      url: url('lpu', ids.clinics[2]),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(201);
    await patient.inject({ method: 'DELETE', url: url('lpu', ids.clinics[2]) });
  });

  it('removes with DELETE, idempotently, and the list call then answers false', async () => {
    const d2 = ids.doctors[2];
    await patient.inject({ url: url('doctors', d2) });
    const removed = await patient.inject({ method: 'DELETE', url: url('doctors', d2) });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ id: d2, in_user_favourites: false });
    const again = await patient.inject({ method: 'DELETE', url: url('doctors', d2) });
    expect(again.statusCode).toBe(200);
    const list = await patient.inject({ url: url('doctors'), payload: { ids: [d2] } });
    expect(list.json()).toEqual([{ id: d2, in_user_favourites: false }]);
  });

  it('keeps doctors and clinics apart: the same number as a clinic is not a favourite', async () => {
    // A patient of its own, whose only favourite is the clinic, whatever other tests saved.
    const own = await signedInAs(app, database.db, { role: 'patient' });
    const [c1] = ids.clinics;
    expect((await own.inject({ url: url('lpu', c1) })).statusCode).toBe(201);
    const lpu = await own.inject({ url: url('lpu'), payload: [c1] });
    expect(lpu.json()).toEqual([{ id: c1, in_user_favourites: true }]);
    const asDoctor = await own.inject({ url: url('doctors'), payload: [c1] });
    expect(asDoctor.json()).toEqual([{ id: c1, in_user_favourites: false }]);
  });

  it("does not show one patient's favourites to another", async () => {
    const other = await signedInAs(app, database.db, { role: 'patient' });
    const list = await other.inject({ url: url('doctors'), payload: [ids.doctors[0]] });
    expect(list.json()).toEqual([{ id: ids.doctors[0], in_user_favourites: false }]);
  });
});

describe('validation', () => {
  it('answers 404 JSON for a type other than doctors or lpu', async () => {
    for (const res of [
      await patient.inject({ url: url('clinics', ids.clinics[0]) }),
      await patient.inject({ method: 'DELETE', url: url('services', 1) }),
      await patient.inject({ url: url('reviews'), payload: [1] }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Не найдено', code: 'not_found' });
    }
  });

  it('answers 400 {detail} for an id that is not a positive integer', async () => {
    for (const id of ['0', '-5', 'abc', '1.5', '99999999999']) {
      const res = await patient.inject({ url: url('doctors', id) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: 'Некорректный идентификатор', code: 'bad_request' });
    }
    const bad = await patient.inject({ url: url('doctors'), payload: [1, 0] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      detail: 'Некорректный идентификатор',
      code: 'bad_request',
      errors: { 1: 'Некорректный идентификатор' },
    });
  });

  it('refuses a list of more than 100 ids and a body that is not a list', async () => {
    const many = await patient.inject({
      url: url('doctors'),
      payload: Array.from({ length: 101 }, (_, i) => i + 1),
    });
    expect(many.statusCode).toBe(400);
    expect(many.json().detail).toBe('Не больше 100 идентификаторов за запрос');
    const hundred = await patient.inject({
      url: url('doctors'),
      payload: Array.from({ length: 100 }, (_, i) => i + 1),
    });
    expect(hundred.statusCode).toBe(200);
    expect(hundred.json()).toHaveLength(100);
    const notList = await patient.inject({ url: url('doctors'), payload: { id: 1 } });
    expect(notList.statusCode).toBe(400);
    expect(typeof notList.json().detail).toBe('string');
  });

  it('answers 404 Не найдено for a doctor or clinic that does not exist', async () => {
    for (const res of [
      await patient.inject({ url: url('doctors', 999_999) }),
      await patient.inject({ url: url('lpu', 999_999) }),
      await patient.inject({ method: 'DELETE', url: url('doctors', 999_999) }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Не найдено', code: 'not_found' });
    }
  });

  it('needs the CSRF header like every state-changing call', async () => {
    const res = await app.inject({
      method: 'POST',
      url: url('doctors', ids.doctors[0]),
      cookies: patient.cookies,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('roles', () => {
  it('asks anonymous visitors to sign in for add and remove (401)', async () => {
    for (const method of ['POST', 'DELETE'] as const) {
      const res = await injectWithCsrf(app, { method, url: url('doctors', ids.doctors[0]) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Необходимо войти в личный кабинет', code: 'unauthorized' });
    }
  });

  it('answers all false to an anonymous list call', async () => {
    const res = await injectWithCsrf(app, { url: url('doctors'), payload: [ids.doctors[0], 5] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: ids.doctors[0], in_user_favourites: false },
      { id: 5, in_user_favourites: false },
    ]);
  });

  it('refuses staff, doctor and clinic accounts with 403 on every call', async () => {
    for (const role of ['staff', 'doctor', 'clinic'] as const) {
      const work = await signedInAs(app, database.db, { role });
      for (const res of [
        await work.inject({ url: url('doctors', ids.doctors[0]) }),
        await work.inject({ method: 'DELETE', url: url('lpu', ids.clinics[0]) }),
        await work.inject({ url: url('doctors'), payload: [ids.doctors[0]] }),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ detail: 'Недоступно для рабочих аккаунтов', code: 'forbidden' });
      }
    }
  });

  it('asks a patient without a confirmed phone to sign in', async () => {
    const unconfirmed = await signedInAs(app, database.db, { role: 'patient', isRealPatient: false });
    const res = await unconfirmed.inject({ url: url('doctors', ids.doctors[0]) });
    expect(res.statusCode).toBe(401);
    const list = await unconfirmed.inject({ url: url('doctors'), payload: [ids.doctors[0]] });
    expect(list.json()).toEqual([{ id: ids.doctors[0], in_user_favourites: false }]);
  });
});

describe('the favourites page data', () => {
  it('lists saved doctors (across towns) and clinics newest first, only to patients', async () => {
    const fresh = await signedInAs(app, database.db, { role: 'patient' });
    for (const id of [ids.doctors[1], ids.kazanDoctor, ids.doctors[0]]) {
      await fresh.inject({ url: url('doctors', id) });
    }
    await fresh.inject({ url: url('lpu', ids.clinics[1]) });
    const viewer = {
      isAnonymous: false,
      isRealPatient: true,
      isStaff: false,
      isDoctor: false,
      isLpu: false,
      userPhone: '',
      medtochkaUuid: null,
      userId: fresh.userId,
      role: 'patient' as const,
      doctorId: null,
      clinicId: null,
    };
    const db = database.db;
    const service = createFavouritesService({
      db,
      clock,
      lists: createListService({
        db,
        clock,
        directory: createDirectoryService({ db, clock }),
        towns: createTownService({ db }),
        firstFree: createFirstFreeService({ db, clock }),
      }),
    });
    const page = await service.page(viewer);
    if (page.access !== 'patient') throw new Error(`access ${page.access}`);
    expect(page.doctors.map((d) => d.id)).toEqual([ids.doctors[0], ids.kazanDoctor, ids.doctors[1]]);
    expect(page.doctors[1].url).toMatch(/^\/kazan\/vrach\//);
    expect(page.clinics.map((c) => c.id)).toEqual([ids.clinics[1]]);

    expect(await service.page(ANONYMOUS_VIEWER)).toEqual({ access: 'sign-in' });
    const staff = { ...viewer, isRealPatient: false, isStaff: true, role: 'staff' as const };
    expect(await service.page(staff)).toEqual({ access: 'work-account' });
  });
});
