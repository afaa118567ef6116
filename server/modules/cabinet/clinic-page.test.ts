/**
 * 'Доступная среда': a clinic sets it in its cabinet; its page and the list filter 'Вход без
 * ступенек' show it at once, through the anonymous page cache. Nobody else may set it.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { fixedClock } from '../../clock';
import type { Database } from '../../db/client';
import { cabinetAudit } from '../../db/schema/cabinet';
import { clinics } from '../../db/schema/clinics';
import { createClinic, createDoctor, createTown } from '../../db/seed/factories';
import { openTestDatabase } from '../../testing/database';
import { openPageBuild } from '../../testing/pages';
import { signedInAs } from '../../testing/session';

let database: Database;
let pages: Awaited<ReturnType<typeof openPageBuild>>;
let app: FastifyInstance;
let ours: { id: number; slug: string };
let other: { id: number; slug: string };
let doctorId: number;

beforeAll(async () => {
  database = await openTestDatabase();
  const town = await createTown(database.db, { slug: 'moskva', name: 'Москва' });
  ours = await createClinic(database.db, { townId: town.id, accessibility: [] });
  other = await createClinic(database.db, { townId: town.id, accessibility: [] });
  doctorId = (await createDoctor(database.db, { townId: town.id, clinicIds: [ours.id] })).id;
  pages = await openPageBuild();
  app = await buildApp({
    db: database.db,
    clock: fixedClock('2026-11-05T09:00:00Z'),
    pages: { build: pages.build, mode: 'test' },
    pageCacheTtlMs: 60_000,
  });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await pages?.close();
  await database?.close();
});

const page = async (url: string) => {
  const res = await app.inject({ url });
  expect(res.statusCode, url).toBe(200);
  return { body: res.body, cache: res.headers['x-page-cache'] };
};
const clinicPath = (c: { id: number; slug: string }) => `/moskva/lpu/${c.id}-${c.slug}/`;
const listed = (body: string) => [...body.matchAll(/data-lpu-id="(\d+)"/g)].map((m) => Number(m[1]));

describe("a clinic's accessibility", () => {
  it('is set by the clinic alone, and its page and the list filter show it at once', async () => {
    const before = await page(clinicPath(ours));
    expect(before.body).toContain('Доступная среда');
    expect(before.body).toContain('Клиника пока не рассказала о доступности.');
    expect((await page(clinicPath(ours))).cache).toBe('hit');
    const none = await page('/moskva/lpu/?bez_stupenek=1');
    expect(none.body).toContain('Ни одна клиника города пока не указала вход без ступенек.');

    const url = '/cabinet/ajax/clinic/accessibility/';
    expect((await app.inject({ method: 'POST', url, payload: { features: [] } })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const patient = await signedInAs(app, database.db, {});
    expect((await patient.inject({ url, payload: { features: ['lift'] } })).statusCode).toBe(403);
    const doctor = await signedInAs(app, database.db, { role: 'doctor', doctorId });
    const refused = await doctor.inject({ url, payload: { features: ['lift'] } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('Страницу клиники меняет клиника: войдите как клиника');

    const clinic = await signedInAs(app, database.db, { role: 'clinic', clinicId: ours.id });
    for (const payload of [{ features: ['elevator'] }, { features: 'lift' }, {}, { features: [1] }]) {
      const bad = await clinic.inject({ url, payload });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof bad.json().detail).toBe('string');
    }
    expect((await clinic.inject({ url, payload: { features: ['elevator'] } })).json().detail).toBe(
      'Выберите из списка',
    );
    const saved = await clinic.inject({ url, payload: { features: ['lift', 'step_free', 'lift'] } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ features: ['step_free', 'lift'] });
    expect((await clinic.inject({ method: 'GET', url })).json()).toEqual({ features: ['step_free', 'lift'] });

    // The cached page was dropped: the next visitor reads the new list.
    const after = await page(clinicPath(ours));
    expect(after.cache).toBe('miss');
    expect(after.body).toContain('Вход без ступенек или с пандусом');
    expect(after.body).toContain('Лифт или подъёмник на этажи приёма');
    expect(after.body).not.toContain('Клиника пока не рассказала о доступности.');
    expect(listed((await page('/moskva/lpu/?bez_stupenek=1')).body)).toEqual([ours.id]);
    expect(listed((await page('/moskva/lpu/')).body).sort()).toEqual([ours.id, other.id].sort());

    // The other clinic is untouched; the change is in the audit log.
    const [row] = await database.db.select().from(clinics).where(eq(clinics.id, other.id));
    expect(row.accessibility).toEqual([]);
    const audit = await database.db.select().from(cabinetAudit).where(eq(cabinetAudit.targetId, ours.id));
    expect(audit.filter((a) => a.action === 'clinic.accessibility').map((a) => a.after)).toEqual([
      { accessibility: ['step_free', 'lift'] },
    ]);
  }, 120_000);
});
