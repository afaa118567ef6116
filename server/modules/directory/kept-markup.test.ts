/**
 * A list document sends the cards' display fields and the links to narrower lists once, in the
 * HTML (ADR 022); a client navigation's data request gets them whole.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doctorsUrl } from '../../../core/directory/list-urls';
import { buildApp } from '../../app';
import { fixedClock } from '../../clock';
import type { Database } from '../../db/client';
import { createClinic, createDoctor, createSpeciality, createTown } from '../../db/seed/factories';
import { openTestDatabase } from '../../testing/database';
import { testPages } from '../../testing/pages';

let database: Database;
let app: FastifyInstance;
let closePages: () => Promise<void>;
let list: string;
let doctorName: string;
const CLINIC = 'Клиника «Сохранённая разметка»';

/** The loader data a document carries: React Router's stream script(s). */
const loaderData = (html: string) =>
  [...html.matchAll(/streamController\.enqueue\((".*?")\);<\/script>/gs)]
    .map((m) => JSON.parse(m[1]) as string)
    .join('');

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  const town = await createTown(db);
  const speciality = await createSpeciality(db);
  const clinic = await createClinic(db, { townId: town.id, name: CLINIC });
  const doctor = await createDoctor(db, {
    townId: town.id,
    clinicIds: [clinic.id],
    specialityIds: [speciality.id],
  });
  doctorName = `${doctor.lastName} ${doctor.firstName}`;
  const built = await testPages();
  closePages = built.close;
  app = await buildApp({ db, clock: fixedClock('2026-11-23T09:00:00Z'), pages: built.pages });
  await app.ready();
  list = doctorsUrl(town.slug);
});

afterAll(async () => {
  await app?.close();
  await closePages?.();
  await database?.close();
});

describe('a doctor list', () => {
  it('as a document: the card’s clinic and the speciality links are in the HTML, not in the loader data', async () => {
    const res = await app.inject({ method: 'GET', url: list });
    expect(res.statusCode).toBe(200);
    const data = loaderData(res.body);
    expect(data).toContain('"loaderData"');
    const body = res.body.replace(/<script\b[^>]*>.*?<\/script>/gs, '');
    expect(body).toContain(CLINIC);
    expect(body).toContain('id="specs-h"');
    expect(data).not.toContain(CLINIC);
    // Nor the doctor's name: the page's ItemList needs only the card's URL.
    expect(body).toContain(doctorName);
    expect(data).not.toContain(doctorName);
    expect(data).not.toContain('"specialities"');
    // What the browser's controls use is sent: the card is marked kept.
    expect(data).toContain('"kept"');
    expect(data).toContain('"prices"');
  });

  it('as a client navigation’s data: everything, for the browser to render', async () => {
    const res = await app.inject({ method: 'GET', url: `${list}_.data` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(CLINIC);
    expect(res.body).toContain('"specialities"');
    expect(res.body).not.toContain('"kept"');
  });
});
