/**
 * The doctor's profile in the cabinet: a doctor (or his clinic) sends changes, they wait for
 * staff, and only an approval puts them — and the re-encoded photo — on the public page. An
 * Ультима doctor's own phone is in own-phone.test.ts.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { cabinetAudit } from '../../db/schema/cabinet';
import { doctors } from '../../db/schema/doctors';
import { doctorProfileChanges } from '../../db/schema/profile';
import { signedInAs, type TestSession } from '../../testing/session';
import {
  cameraJpeg,
  closeProfileWorld,
  decision,
  doctorPath,
  form,
  openProfileWorld,
  PHOTO_URL,
  type ProfileWorld,
  photoForm,
  QUEUE_URL,
  URL,
} from './profile-edit-fixture';

let database: Database;
let pages: ProfileWorld['pages'];
let app: FastifyInstance;
let doctor: ProfileWorld['doctor'];
let colleague: ProfileWorld['colleague'];
let stranger: ProfileWorld['stranger'];
let clinicId: number;
let otherClinicId: number;
let me: TestSession;
let staff: TestSession;

beforeAll(async () => {
  ({ database, pages, app, doctor, colleague, stranger, clinicId, otherClinicId, me, staff } =
    await openProfileWorld());
}, 120_000);

afterAll(() => closeProfileWorld({ app, pages, database }));

const page = async (url: string) => {
  const res = await app.inject({ url });
  expect(res.statusCode, url).toBe(200);
  return { body: res.body, cache: res.headers['x-page-cache'] };
};

describe("the doctor's profile", () => {
  it('is for the doctor himself and his clinics only', async () => {
    expect((await app.inject({ url: URL })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: URL, payload: form })).statusCode).toBe(403); // no CSRF token
    const patient = await signedInAs(app, database.db, {});
    const refused = await patient.inject({ method: 'GET', url: URL });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('Профиль врача меняет сам врач или его клиника');
    expect((await patient.inject({ url: URL, payload: form })).statusCode).toBe(403);
    expect((await staff.inject({ method: 'GET', url: URL })).statusCode).toBe(403);

    const own = await me.inject({ method: 'GET', url: URL });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({
      doctor: { id: doctor.id },
      doctors: [],
      pending: null,
      lastDecision: null,
    });
    expect(own.json().current.about).toBe('Старый текст о враче.');
    expect((await me.inject({ method: 'GET', url: `${URL}?doctor=${colleague.id}` })).statusCode).toBe(404);
    expect((await me.inject({ url: URL, payload: { ...form, doctor_id: colleague.id } })).statusCode).toBe(
      404,
    );

    const clinic = await signedInAs(app, database.db, { role: 'clinic', clinicId });
    const first = await clinic.inject({ method: 'GET', url: URL });
    expect(first.statusCode).toBe(200);
    expect(
      first
        .json()
        .doctors.map((d: { id: number }) => d.id)
        .sort(),
    ).toEqual([doctor.id, colleague.id].sort());
    expect((await clinic.inject({ method: 'GET', url: `${URL}?doctor=${stranger.id}` })).statusCode).toBe(
      404,
    );
    expect((await clinic.inject({ url: URL, payload: { ...form, doctor_id: stranger.id } })).statusCode).toBe(
      404,
    );
    const none = await clinic.inject({ url: URL, payload: form });
    expect(none.statusCode).toBe(400);
    expect(none.json().detail).toBe('Выберите врача');

    expect((await app.inject({ url: QUEUE_URL })).statusCode).toBe(401);
    expect((await me.inject({ method: 'GET', url: QUEUE_URL })).statusCode).toBe(403);
    expect((await me.inject({ url: decision(1), payload: { decision: 'approve' } })).statusCode).toBe(403);
  }, 60_000);

  it('refuses garbage with a reason', async () => {
    const bad = [
      {},
      { ...form, about: 5 },
      { ...form, education: [{ year: 1800, institution: 'МГУ', speciality: '' }] },
      { ...form, education: 'МГУ' },
      { ...form, category: 'best' },
      { ...form, categoryExpiresOn: '2029-02-30' },
      { ...form, careerStartYear: '2006' },
      { ...form, courses: [{ year: 2020, title: '' }] },
      { ...form, about: 'x'.repeat(4001) },
    ];
    for (const payload of bad) {
      const res = await me.inject({ url: URL, payload });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(typeof res.json().detail).toBe('string');
    }
    const future = await me.inject({ url: URL, payload: { ...form, careerStartYear: 2027 } });
    expect(future.statusCode).toBe(400);
    expect(future.json().detail).toBe('Год не может быть позже текущего');
    const same = (await me.inject({ method: 'GET', url: URL })).json().current;
    const nothing = await me.inject({ url: URL, payload: { ...same, photo: undefined } });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().detail).toBe('Вы ничего не изменили');
    expect((await staff.inject({ url: decision(1), payload: { decision: 'maybe' } })).statusCode).toBe(400);
    expect((await staff.inject({ method: 'GET', url: `${QUEUE_URL}?status=all` })).statusCode).toBe(400);
  });

  it('waits for staff, and an approval puts the text and the re-encoded photo on the page', async () => {
    const before = await page(doctorPath(doctor));
    expect(before.body).toContain('Старый текст о враче.');
    expect((await page(doctorPath(doctor))).cache).toBe('hit');

    const sent = await me.inject({ url: URL, payload: form });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().pending.changes.map((c: { field: string }) => c.field)).toEqual([
      'about',
      'education',
      'courses',
      'careerStartYear',
      'category',
      'categoryExpiresOn',
      'licenseNumber',
    ]);
    expect(sent.json().form.about).toBe(form.about);
    expect(sent.json().current.about).toBe('Старый текст о враче.');

    // Uploads: checked by their bytes, whatever the name says; too big is refused.
    const text = await me.inject({
      url: PHOTO_URL,
      ...(await photoForm(Buffer.from('not a photo at all'), 'me.jpg')),
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().detail).toBe('Загрузите фотографию в формате JPEG, PNG или WebP');
    const gif = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#888' } })
      .gif()
      .toBuffer();
    expect((await me.inject({ url: PHOTO_URL, ...(await photoForm(gif, 'me.png')) })).json().detail).toBe(
      'Загрузите фотографию в формате JPEG, PNG или WebP',
    );
    const huge = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(10 * 1024 * 1024 + 10, 1)]);
    const tooBig = await me.inject({ url: PHOTO_URL, ...(await photoForm(huge)) });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().detail).toBe('Фотография больше 10 МБ: уменьшите её и загрузите снова');
    const empty = await me.inject({ url: PHOTO_URL, ...(await photoForm(Buffer.alloc(0))) });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toBe('Выберите файл с фотографией');
    expect(
      (await app.inject({ method: 'POST', url: PHOTO_URL, ...(await photoForm(await cameraJpeg())) }))
        .statusCode,
    ).toBe(403);

    const input = await cameraJpeg();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const uploaded = await me.inject({ url: PHOTO_URL, ...(await photoForm(input)) });
    expect(uploaded.statusCode).toBe(201);
    const pending = uploaded.json().pending;
    // The photo joins the fields still waiting: the older change is withdrawn, not lost.
    expect(pending.changes.map((c: { field: string }) => c.field)).toContain('about');
    expect(pending.changes.map((c: { field: string }) => c.field)).toContain('photo');
    expect(pending.photoUrl).toBe(`/cabinet/ajax/profile/changes/${pending.id}/photo/`);
    const rows = await database.db
      .select({ status: doctorProfileChanges.status })
      .from(doctorProfileChanges)
      .where(eq(doctorProfileChanges.doctorId, doctor.id));
    expect(rows.map((r) => r.status).sort()).toEqual(['pending', 'withdrawn']);

    // The pending photo: re-encoded (WebP, upright, inside 600 × 800, no EXIF), shown to its doctor only.
    const preview = await me.inject({ method: 'GET', url: pending.photoUrl });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/webp');
    expect(preview.headers['cache-control']).toBe('private, no-store');
    const meta = await sharp(preview.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([600, 800]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation ?? 1).toBe(1);
    expect(preview.rawPayload.includes(Buffer.from('Secret Camera Owner'))).toBe(false);
    expect((await app.inject({ url: pending.photoUrl })).statusCode).toBe(401);
    const other = await signedInAs(app, database.db, { role: 'doctor', doctorId: colleague.id });
    expect((await other.inject({ method: 'GET', url: pending.photoUrl })).statusCode).toBe(404);
    const strangersClinic = await signedInAs(app, database.db, { role: 'clinic', clinicId: otherClinicId });
    expect((await strangersClinic.inject({ method: 'GET', url: pending.photoUrl })).statusCode).toBe(404);
    expect((await staff.inject({ method: 'GET', url: pending.photoUrl })).statusCode).toBe(200);

    // Nothing is public yet.
    const still = await page(doctorPath(doctor));
    expect(still.cache).toBe('hit');
    const [row] = await database.db.select().from(doctors).where(eq(doctors.id, doctor.id));
    expect(row.about).toBe('Старый текст о враче.');
    expect(row.photoUrl).toBeNull();

    // Staff see it in the queue, before → after, and approve it.
    const queue = await staff.inject({ method: 'GET', url: QUEUE_URL });
    expect(queue.statusCode).toBe(200);
    const item = queue.json().items.find((i: { id: number }) => i.id === pending.id);
    expect(item.doctor.url).toBe(doctorPath(doctor));
    expect(item.changes.find((c: { field: string }) => c.field === 'about')).toMatchObject({
      before: 'Старый текст о враче.',
      after: form.about,
    });
    expect(item.changes.find((c: { field: string }) => c.field === 'category')).toMatchObject({
      before: expect.any(String),
      after: 'Высшая категория',
    });
    expect(queue.json().pendingCount).toBe(1);
    const approved = await staff.inject({ url: decision(pending.id), payload: { decision: 'approve' } });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().status).toBe('approved');
    const photoUrl = approved.json().photoUrl as string;
    expect(photoUrl).toMatch(/^\/media\/doctors\/[0-9a-f]{32}\.webp$/);

    const after = await page(doctorPath(doctor));
    expect(after.cache).toBe('miss');
    expect(after.body).toContain(form.about);
    expect(after.body).toContain(`src="${photoUrl}"`);
    expect(after.body).not.toContain('Старый текст о враче.');
    const served = await app.inject({ url: photoUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['set-cookie']).toBeUndefined();
    expect(served.rawPayload.equals(preview.rawPayload)).toBe(true);
    expect(
      (await app.inject({ url: '/media/doctors/0123456789abcdef0123456789abcdef.webp' })).statusCode,
    ).toBe(404);
    expect((await app.inject({ url: '/media/doctors/..%2F..%2Fetc.webp' })).statusCode).toBe(404);

    // Once: a second decision is a 409, and nothing is applied twice.
    const twice = await staff.inject({ url: decision(pending.id), payload: { decision: 'approve' } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe('Это изменение уже рассмотрено');
    expect(
      (await staff.inject({ url: decision(pending.id), payload: { decision: 'reject', reason: 'нет' } }))
        .statusCode,
    ).toBe(409);
    expect(
      (await staff.inject({ url: decision(999_999), payload: { decision: 'approve' } })).statusCode,
    ).toBe(404);

    const audit = await database.db
      .select()
      .from(cabinetAudit)
      .where(and(eq(cabinetAudit.targetId, doctor.id), eq(cabinetAudit.action, 'doctor.profile.approved')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      userId: staff.userId,
      targetType: 'doctors',
      before: { about: 'Старый текст о враче.', photo: null },
      after: { about: form.about, photo: photoUrl, category: 'highest' },
    });
    const mine = await me.inject({ method: 'GET', url: URL });
    expect(mine.json()).toMatchObject({ pending: null, lastDecision: { status: 'approved' } });
    expect(mine.json().current.photo).toBe(photoUrl);
    const history = await staff.inject({ method: 'GET', url: `${QUEUE_URL}?status=decided` });
    expect(history.json().items.map((i: { id: number }) => i.id)).toContain(pending.id);
  }, 60_000);

  it('lets a clinic edit its own doctor; staff reject with a reason; the doctor reads it', async () => {
    const clinic = await signedInAs(app, database.db, { role: 'clinic', clinicId });
    const current = (await clinic.inject({ method: 'GET', url: `${URL}?doctor=${colleague.id}` })).json()
      .current;
    const sent = await clinic.inject({
      url: URL,
      payload: {
        ...current,
        photo: undefined,
        about: 'Принимает взрослых и детей с 12 лет.',
        doctor_id: colleague.id,
      },
    });
    expect(sent.statusCode).toBe(201);
    const id = sent.json().pending.id;
    const png = await sharp({ create: { width: 300, height: 300, channels: 4, background: '#3a7' } })
      .png()
      .toBuffer();
    const photo = await clinic.inject({
      url: PHOTO_URL,
      ...(await photoForm(png, 'x.png', { doctor_id: String(colleague.id) })),
    });
    expect(photo.statusCode).toBe(201);
    const newer = photo.json().pending.id;
    expect(newer).not.toBe(id);
    expect((await staff.inject({ url: decision(id), payload: { decision: 'approve' } })).statusCode).toBe(
      409,
    );

    const noReason = await staff.inject({ url: decision(newer), payload: { decision: 'reject' } });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().detail).toBe('Укажите причину отказа');
    const rejected = await staff.inject({
      url: decision(newer),
      payload: { decision: 'reject', reason: 'На фото не видно лица' },
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', reason: 'На фото не видно лица' });
    const colleagueSession = await signedInAs(app, database.db, { role: 'doctor', doctorId: colleague.id });
    const seen = (await colleagueSession.inject({ method: 'GET', url: URL })).json();
    expect(seen).toMatchObject({
      pending: null,
      lastDecision: { status: 'rejected', reason: 'На фото не видно лица' },
    });
    const [row] = await database.db.select().from(doctors).where(eq(doctors.id, colleague.id));
    expect(row.about).not.toBe('Принимает взрослых и детей с 12 лет.');
    expect(row.photoUrl).toBeNull();
    expect(
      (await database.db.select().from(cabinetAudit).where(eq(cabinetAudit.targetId, colleague.id))).map(
        (a) => a.action,
      ),
    ).toEqual([
      'doctor.profile.submitted',
      'doctor.profile.withdrawn',
      'doctor.profile.submitted',
      'doctor.profile.rejected',
    ]);
  }, 60_000);
});
