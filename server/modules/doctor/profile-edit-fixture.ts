import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { buildApp } from '../../app';
import { fixedClock } from '../../clock';
import type { Database } from '../../db/client';
import { createClinic, createDoctor, createTown } from '../../db/seed/factories';
import { openTestDatabase } from '../../testing/database';
import { openPageBuild } from '../../testing/pages';
import { signedInAs, type TestSession } from '../../testing/session';

// The world the doctor's profile tests share (profile-edit.test.ts, own-phone.test.ts): Moscow, a
// clinic with a doctor (signed in) and his colleague, another clinic's doctor, staff.

export const URL = '/cabinet/ajax/profile/';
export const PHOTO_URL = '/cabinet/ajax/profile/photo/';
export const QUEUE_URL = '/api/staff/profiles/';
export const decision = (id: number) => `/api/staff/profiles/${id}/decision/`;
export const doctorPath = (d: { id: number; slug: string }) => `/moskva/vrach/${d.id}-${d.slug}/`;

export const form = {
  about: 'Лечу гипертонию и аритмии. Веду пациентов после инфаркта.',
  education: [{ year: 2004, institution: 'РНИМУ им. Н. И. Пирогова', speciality: 'Лечебное дело' }],
  courses: [{ year: 2022, title: 'Кардиология: новые рекомендации' }],
  careerStartYear: 2006,
  category: 'highest',
  categoryExpiresOn: '2029-05-01',
  licenseNumber: 'ЛО-77-01-012345',
};

export interface ProfileWorld {
  database: Database;
  pages: Awaited<ReturnType<typeof openPageBuild>>;
  app: FastifyInstance;
  doctor: { id: number; slug: string };
  colleague: { id: number; slug: string };
  stranger: { id: number; slug: string };
  clinicId: number;
  otherClinicId: number;
  /** The doctor, signed in. */
  me: TestSession;
  staff: TestSession;
}

/** A new world: its own database, the page build and the app on 5 November 2026. */
export async function openProfileWorld(): Promise<ProfileWorld> {
  const database = await openTestDatabase();
  const town = await createTown(database.db, { slug: 'moskva', name: 'Москва' });
  const clinic = await createClinic(database.db, { townId: town.id });
  const otherClinic = await createClinic(database.db, { townId: town.id });
  const doctor = await createDoctor(database.db, {
    townId: town.id,
    clinicIds: [clinic.id],
    about: 'Старый текст о враче.',
    category: 'none',
  });
  const colleague = await createDoctor(database.db, { townId: town.id, clinicIds: [clinic.id] });
  const stranger = await createDoctor(database.db, { townId: town.id, clinicIds: [otherClinic.id] });
  const pages = await openPageBuild();
  const app = await buildApp({
    db: database.db,
    clock: fixedClock('2026-11-05T09:00:00Z'),
    pages: { build: pages.build, mode: 'test' },
    pageCacheTtlMs: 60_000,
    uploadsDir: path.join(await mkdtemp(path.join(os.tmpdir(), 'profile-test-')), 'review-documents'),
  });
  const me = await signedInAs(app, database.db, { role: 'doctor', doctorId: doctor.id });
  const staff = await signedInAs(app, database.db, { role: 'staff' });
  return {
    database,
    pages,
    app,
    doctor,
    colleague,
    stranger,
    clinicId: clinic.id,
    otherClinicId: otherClinic.id,
    me,
    staff,
  };
}

export async function closeProfileWorld(w: Partial<ProfileWorld>) {
  await w.app?.close();
  await w.pages?.close();
  await w.database?.close();
}

/** A multipart photo form as the browser sends it. */
export async function photoForm(data: Buffer, fileName = 'photo.jpg', fields: Record<string, string> = {}) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.set(k, v);
  fd.set('photo', new Blob([new Uint8Array(data)]), fileName);
  const body = new Response(fd);
  return {
    payload: Buffer.from(await body.arrayBuffer()),
    headers: { 'content-type': body.headers.get('content-type') as string },
  };
}

/** A 1200 × 900 JPEG turned by its EXIF orientation, with the camera and a copyright in its EXIF. */
export const cameraJpeg = () =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 200, g: 120, b: 90 } } })
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'Secret Camera Owner', Make: 'PhoneCo' } } })
    .toBuffer();
