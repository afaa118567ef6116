import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import { metroStations } from '../../db/schema/towns';
import { createClinic, createTown } from '../../db/seed/factories';
import { injectWithCsrf } from '../../testing/csrf';
import { openTestDatabase } from '../../testing/database';
import { addressWords, parseCoordinates } from './service';

let database: Database;
let app: FastifyInstance;
const clock = { now: () => new Date('2026-11-22T09:00:00Z') };
const clinic = { lat: 55.75, lon: 37.62 };

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  const town = await createTown(db, { slug: 'moskva', name: 'Москва', lat: 55.75, lon: 37.62 });
  const [station] = await db
    .insert(metroStations)
    .values({ townId: town.id, name: 'Сокол', slug: 'sokol' })
    .returning();
  await createClinic(db, {
    townId: town.id,
    name: 'Клиника А',
    street: 'Тверская улица',
    house: '7',
    lat: 55.75,
    lon: 37.62,
    metroId: station.id,
  });
  await createClinic(db, {
    townId: town.id,
    name: 'Клиника Б',
    street: 'Тверская улица',
    house: '9',
    lat: 55.76,
    lon: 37.6,
    metroId: station.id,
  });
  await createClinic(db, {
    townId: town.id,
    name: 'Клиника В',
    street: 'Арбат',
    house: '1',
    lat: 55.74,
    lon: 37.64,
  });
  app = await buildApp({ db, clock });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const route = (body: unknown) =>
  injectWithCsrf(app, { method: 'POST', url: '/api/map/route/', payload: body as object });

describe('the town map', () => {
  it('gives pins, the area our clinics cover and metro stations placed among their clinics', async () => {
    const response = await app.inject({ url: '/api/map/towns/moskva/' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.provider).toBe('dev');
    expect(body.clinics).toHaveLength(3);
    expect(body.clinics[0]).toMatchObject({ name: 'Клиника А', address: 'Тверская улица, 7' });
    expect(body.clinics[0].href).toMatch(/^\/moskva\/lpu\//);
    expect(body.area).toHaveLength(4);
    expect(body.metro).toHaveLength(1);
    expect(body.metro[0].name).toBe('Сокол');
    expect(body.metro[0].lat).toBeCloseTo(55.755, 6);
    expect(body.metro[0].lon).toBeCloseTo(37.61, 6);
  });

  it('an unknown or malformed town is a 404', async () => {
    expect((await app.inject({ url: '/api/map/towns/nowhere/' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/map/towns/%00/' })).statusCode).toBe(404);
  });
});

describe('addresses from our own data', () => {
  it('suggests at most two places, every word matching', async () => {
    const response = await app.inject({ url: '/api/map/suggest/?town=moskva&q=тверская' });
    expect(response.statusCode).toBe(200);
    expect(response.json().items.map((i: { title: string }) => i.title)).toEqual([
      'Тверская улица, 7',
      'Тверская улица, 9',
    ]);
  });

  it('geocodes a metro station and refuses what we do not know', async () => {
    const found = await app.inject({ url: '/api/map/geocode/?town=moskva&q=м. Сокол' });
    expect(found.json().title).toBe('м. Сокол');
    expect(found.json().lat).toBeCloseTo(55.755, 6);
    const missing = await app.inject({ url: '/api/map/geocode/?town=moskva&q=Невский проспект' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe('Адрес не найден');
  });

  it('reads typed coordinates and words', () => {
    expect(parseCoordinates('55.7, 37.6')).toMatchObject({ lat: 55.7, lon: 37.6 });
    expect(parseCoordinates('Тверская 7')).toBeNull();
    expect(addressWords('Тверская ул., 7Ё')).toEqual(['тверская', 'ул', '7е']);
  });
});

describe('routes', () => {
  it('draws an approximate straight line with links to Yandex Maps and 2GIS', async () => {
    const response = await route({ from: { lat: 55.8, lon: 37.6 }, to: clinic, mode: 'car' });
    expect(response.statusCode).toBe(200);
    const { routes, links } = response.json();
    expect(routes).toHaveLength(1);
    expect(routes[0]).toMatchObject({ mode: 'car', approximate: true });
    expect(routes[0].line).toEqual([
      [37.6, 55.8],
      [37.62, 55.75],
    ]);
    expect(links.yandex).toContain('rtext=55.8,37.6~55.75,37.62');
  });

  it('refuses a departure 150 km away', async () => {
    const response = await route({
      from: { lat: 55.75 + 150 / 111.2, lon: 37.62 },
      to: clinic,
      mode: 'transit',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe('Слишком далеко от клиники');
  });

  it.each([
    ['no body', undefined],
    ['garbage', 'x'],
    ['a bad mode', { from: clinic, to: clinic, mode: 'plane' }],
    ['out of range', { from: { lat: 200, lon: 0 }, to: clinic, mode: 'car' }],
  ])('%s is a 4xx with a detail', async (_name, body) => {
    const response = await route(body);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().detail).toEqual(expect.any(String));
  });
});
