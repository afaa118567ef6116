/**
 * The world of the doctor's documents tests (documents.test.ts, documents-review.test.ts): a doctor
 * and a colleague at one Moscow clinic with no marks confirmed, a doctor of another clinic, the
 * doctor's and staff's sessions, the page build, uploads in a directory of the run's own; and the
 * scans and pages the tests send and read.
 */
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp } from '../../app';
import { type Clock, fixedClock } from '../../clock';
import type { Database } from '../../db/client';
import { createClinic, createDoctor, createTown } from '../../db/seed/factories';
import { openTestDatabase } from '../../testing/database';
import { openPageBuild } from '../../testing/pages';
import { signedInAs, type TestSession } from '../../testing/session';
import { createDirectoryService } from '../directory/service';
import { createTownService } from '../towns/service';
import { createDoctorService } from './service';

export function documentsFixture() {
  let database: Database;
  let pages: Awaited<ReturnType<typeof openPageBuild>>;
  let app: FastifyInstance;
  let clock: Clock;
  let doctor: { id: number; slug: string };
  let colleague: { id: number; slug: string };
  let stranger: { id: number; slug: string };
  let clinicId: number;
  let otherClinicId: number;
  let me: TestSession;
  let staff: TestSession;

  const URL = '/cabinet/ajax/profile/documents/';
  const QUEUE_URL = '/api/staff/profiles/documents/';
  const decision = (id: number) => `/api/staff/profiles/documents/${id}/decision/`;
  const withdrawUrl = (id: number) => `/cabinet/ajax/profile/documents/${id}/withdraw/`;
  const doctorPath = (d: { id: number; slug: string }) => `/moskva/vrach/${d.id}-${d.slug}/`;

  /** A small but real-looking PDF; its body holds markup that must never be served as a page. */
  const PDF = Buffer.from(
    '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% <html><script>alert(1)</script></html>\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    'latin1',
  );

  /** A multipart scan form as the browser sends it. */
  async function scanForm(data: Buffer, fileName: string, fields: Record<string, string>) {
    const fd = new FormData();
    for (const [k, v] of Object.entries(fields)) fd.set(k, v);
    fd.set('file', new Blob([new Uint8Array(data)]), fileName);
    const body = new Response(fd);
    return {
      payload: Buffer.from(await body.arrayBuffer()),
      headers: { 'content-type': body.headers.get('content-type') as string },
    };
  }

  /** A 3000 × 2200 phone photo of a certificate, turned by its EXIF, with the owner in its EXIF. */
  const cameraJpeg = () =>
    sharp({ create: { width: 3000, height: 2200, channels: 3, background: { r: 240, g: 236, b: 220 } } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'Secret Camera Owner', Make: 'PhoneCo' } } })
      .toBuffer();

  const page = async (url: string) => {
    const res = await app.inject({ url });
    expect(res.statusCode, url).toBe(200);
    return { body: res.body, cache: res.headers['x-page-cache'] };
  };

  /** The documents the doctor page's loader hands the badge and its modal. */
  async function pageDocuments(id: number) {
    const directory = createDirectoryService({ db: database.db, clock });
    const town = await createTownService({ db: database.db }).bySlug('moskva');
    if (!town) throw new Error('no town');
    const data = await createDoctorService({ db: database.db, directory }).page(town, id);
    return data?.documents;
  }

  const slotOf = (reply: { slots: { kind: string }[] }, kind: string) =>
    reply.slots.find((s) => s.kind === kind) as {
      kind: string;
      label: string;
      confirmed: boolean;
      document: { id: number; status: string; statusText: string; fileUrl: string; format: string } | null;
    };

  beforeAll(async () => {
    database = await openTestDatabase();
    const town = await createTown(database.db, { slug: 'moskva', name: 'Москва' });
    const clinic = await createClinic(database.db, { townId: town.id });
    const otherClinic = await createClinic(database.db, { townId: town.id });
    clinicId = clinic.id;
    otherClinicId = otherClinic.id;
    const unconfirmed = {
      licenseNumber: null,
      educationConfirmed: false,
      categoryConfirmed: false,
      scienceConfirmed: false,
    };
    doctor = await createDoctor(database.db, { townId: town.id, clinicIds: [clinic.id], ...unconfirmed });
    colleague = await createDoctor(database.db, { townId: town.id, clinicIds: [clinic.id], ...unconfirmed });
    stranger = await createDoctor(database.db, { townId: town.id, clinicIds: [otherClinic.id] });
    pages = await openPageBuild();
    clock = fixedClock('2026-11-05T09:00:00Z');
    app = await buildApp({
      db: database.db,
      clock,
      pages: { build: pages.build, mode: 'test' },
      pageCacheTtlMs: 60_000,
      uploadsDir: path.join(await mkdtemp(path.join(os.tmpdir(), 'documents-test-')), 'review-documents'),
    });
    me = await signedInAs(app, database.db, { role: 'doctor', doctorId: doctor.id });
    staff = await signedInAs(app, database.db, { role: 'staff' });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await pages?.close();
    await database?.close();
  });

  return {
    get database() {
      return database;
    },
    get app() {
      return app;
    },
    get doctor() {
      return doctor;
    },
    get colleague() {
      return colleague;
    },
    get stranger() {
      return stranger;
    },
    get clinicId() {
      return clinicId;
    },
    get otherClinicId() {
      return otherClinicId;
    },
    get me() {
      return me;
    },
    get staff() {
      return staff;
    },
    URL,
    QUEUE_URL,
    decision,
    withdrawUrl,
    doctorPath,
    PDF,
    scanForm,
    cameraJpeg,
    page,
    pageDocuments,
    slotOf,
  };
}
