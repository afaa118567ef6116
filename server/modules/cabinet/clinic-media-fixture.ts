/**
 * The world of the clinic media tests (clinic-media.test.ts, clinic-media-records.test.ts): a Moscow
 * clinic of ours and another clinic, each with its session, the page build, uploads in a directory
 * of the run's own; and the forms, files and page reads the tests send and check.
 */
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp } from '../../app';
import { fixedClock } from '../../clock';
import type { Database } from '../../db/client';
import { cabinetAudit } from '../../db/schema/cabinet';
import { createClinic, createDoctor, createTown } from '../../db/seed/factories';
import { openTestDatabase } from '../../testing/database';
import { openPageBuild } from '../../testing/pages';
import { signedInAs, type TestSession } from '../../testing/session';

export function clinicMediaFixture() {
  let database: Database;
  let pages: Awaited<ReturnType<typeof openPageBuild>>;
  let app: FastifyInstance;
  let ours: { id: number; slug: string };
  let other: { id: number; slug: string };
  let doctorId: number;
  let clinic: TestSession;
  let stranger: TestSession;

  const MEDIA = '/cabinet/ajax/clinic/media/';
  const PHOTOS = `${MEDIA}photos/`;
  const VIDEOS = `${MEDIA}videos/`;
  const IMAGES = `${MEDIA}images/`;
  const LICENCES = `${MEDIA}licences/`;
  const EQUIPMENT = `${MEDIA}equipment/`;
  const gallery = (id: number, tail = '') => `${MEDIA}gallery/${id}/${tail}`;

  const VK = '-22822305_456239018';
  const VK_EMBED = 'https://vk.com/video_ext.php?oid=-22822305&id=456239018&hd=2';
  const RT = '0a1b2c3d4e5f60718293a4b5c6d7e8f9';

  beforeAll(async () => {
    database = await openTestDatabase();
    const town = await createTown(database.db, { slug: 'moskva', name: 'Москва' });
    ours = await createClinic(database.db, { townId: town.id });
    other = await createClinic(database.db, { townId: town.id });
    doctorId = (await createDoctor(database.db, { townId: town.id, clinicIds: [ours.id] })).id;
    pages = await openPageBuild();
    app = await buildApp({
      db: database.db,
      clock: fixedClock('2026-11-05T09:00:00Z'),
      pages: { build: pages.build, mode: 'test' },
      pageCacheTtlMs: 60_000,
      uploadsDir: path.join(await mkdtemp(path.join(os.tmpdir(), 'clinic-media-test-')), 'review-documents'),
    });
    clinic = await signedInAs(app, database.db, { role: 'clinic', clinicId: ours.id });
    stranger = await signedInAs(app, database.db, { role: 'clinic', clinicId: other.id });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await pages?.close();
    await database?.close();
  });

  /** A multipart form as the browser sends it. */
  async function form(
    field: string,
    data: Buffer,
    fileName = 'photo.jpg',
    fields: Record<string, string> = {},
  ) {
    const fd = new FormData();
    for (const [k, v] of Object.entries(fields)) fd.set(k, v);
    fd.set(field, new Blob([new Uint8Array(data)]), fileName);
    const body = new Response(fd);
    return {
      payload: Buffer.from(await body.arrayBuffer()),
      headers: { 'content-type': body.headers.get('content-type') as string },
    };
  }

  /** A 3000 × 2000 JPEG turned by its EXIF orientation, with a camera owner in its EXIF. */
  const cameraJpeg = (background = { r: 90, g: 140, b: 200 }) =>
    sharp({ create: { width: 3000, height: 2000, channels: 3, background } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'Secret Camera Owner', Make: 'PhoneCo' } } })
      .toBuffer();

  const clinicPath = (c: { id: number; slug: string }) => `/moskva/lpu/${c.id}-${c.slug}/`;
  const page = async (c: { id: number; slug: string }) => {
    const res = await app.inject({ url: clinicPath(c) });
    expect(res.statusCode).toBe(200);
    return { body: res.body, cache: res.headers['x-page-cache'] };
  };
  const auditOf = (action: string) =>
    database.db.select().from(cabinetAudit).where(eq(cabinetAudit.action, action)).orderBy(cabinetAudit.id);

  return {
    get database() {
      return database;
    },
    get app() {
      return app;
    },
    get ours() {
      return ours;
    },
    get doctorId() {
      return doctorId;
    },
    get clinic() {
      return clinic;
    },
    get stranger() {
      return stranger;
    },
    MEDIA,
    PHOTOS,
    VIDEOS,
    IMAGES,
    LICENCES,
    EQUIPMENT,
    gallery,
    VK,
    VK_EMBED,
    RT,
    form,
    cameraJpeg,
    clinicPath,
    page,
    auditOf,
  };
}
