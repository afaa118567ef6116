/**
 * The scans for the 'Документы проверены' marks: the doctor (or his clinic) sends a diploma or a
 * certificate, only his side and staff ever get the file, and staff accepting it sets the mark
 * the doctor page's badge reads.
 */
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { type Clock, fixedClock } from '../../clock';
import type { Database } from '../../db/client';
import { cabinetAudit } from '../../db/schema/cabinet';
import { doctors } from '../../db/schema/doctors';
import { doctorDocuments } from '../../db/schema/profile';
import { createClinic, createDoctor, createTown } from '../../db/seed/factories';
import { openTestDatabase } from '../../testing/database';
import { openPageBuild } from '../../testing/pages';
import { signedInAs, type TestSession } from '../../testing/session';
import { createDirectoryService } from '../directory/service';
import { createTownService } from '../towns/service';
import { createDoctorService } from './service';

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

describe("the doctor's documents", () => {
  it('are for the doctor himself and his clinics only', async () => {
    expect((await app.inject({ url: URL })).statusCode).toBe(401);
    const pdf = await scanForm(PDF, 'diploma.pdf', { kind: 'education' });
    expect((await app.inject({ method: 'POST', url: URL, ...pdf })).statusCode).toBe(403); // no CSRF token
    const patient = await signedInAs(app, database.db, {});
    const refused = await patient.inject({ method: 'GET', url: URL });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('Профиль врача меняет сам врач или его клиника');
    expect((await patient.inject({ url: URL, ...pdf })).statusCode).toBe(403);
    expect((await staff.inject({ url: URL, ...pdf })).statusCode).toBe(403);

    const own = await me.inject({ method: 'GET', url: URL });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(own.json().slots).toEqual([
      { kind: 'education', label: 'Диплом о базовом образовании', confirmed: false, document: null },
      { kind: 'category', label: 'Сертификат категории', confirmed: false, document: null },
      { kind: 'science', label: 'Диплом о научной степени', confirmed: false, document: null },
    ]);
    expect((await me.inject({ method: 'GET', url: `${URL}?doctor=${colleague.id}` })).statusCode).toBe(404);
    const forColleague = await scanForm(PDF, 'd.pdf', { kind: 'education', doctor_id: String(colleague.id) });
    expect((await me.inject({ url: URL, ...forColleague })).statusCode).toBe(404);

    const clinic = await signedInAs(app, database.db, { role: 'clinic', clinicId });
    const forStranger = await scanForm(PDF, 'd.pdf', { kind: 'education', doctor_id: String(stranger.id) });
    expect((await clinic.inject({ url: URL, ...forStranger })).statusCode).toBe(404);
    expect((await clinic.inject({ method: 'GET', url: `${URL}?doctor=${stranger.id}` })).statusCode).toBe(
      404,
    );
    const noDoctor = await clinic.inject({ url: URL, ...pdf });
    expect(noDoctor.statusCode).toBe(400);
    expect(noDoctor.json().detail).toBe('Выберите врача');

    expect((await app.inject({ url: QUEUE_URL })).statusCode).toBe(401);
    expect((await me.inject({ method: 'GET', url: QUEUE_URL })).statusCode).toBe(403);
    expect((await me.inject({ url: decision(1), payload: { decision: 'accept' } })).statusCode).toBe(403);
    const none = await database.db.select().from(doctorDocuments);
    expect(none).toEqual([]);
  }, 60_000);

  it('refuses what is not a scan, by its bytes', async () => {
    const text = await me.inject({
      url: URL,
      ...(await scanForm(Buffer.from('<html><script>alert(1)</script></html>'), 'diploma.pdf', {
        kind: 'education',
      })),
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().detail).toBe('Загрузите скан в формате PDF, JPEG, PNG или WebP');
    const renamed = await me.inject({
      url: URL,
      ...(await scanForm(Buffer.from('Диплом: выдан в 2004 году'), 'diploma.jpg', { kind: 'education' })),
    });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().detail).toBe('Загрузите скан в формате PDF, JPEG, PNG или WebP');
    const gif = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#888' } })
      .gif()
      .toBuffer();
    expect(
      (await me.inject({ url: URL, ...(await scanForm(gif, 'scan.png', { kind: 'education' })) })).statusCode,
    ).toBe(400);
    const kind = await me.inject({ url: URL, ...(await scanForm(PDF, 'd.pdf', { kind: 'passport' })) });
    expect(kind.statusCode).toBe(400);
    expect(kind.json().detail).toBe('Выберите вид документа');
    const empty = await me.inject({
      url: URL,
      ...(await scanForm(Buffer.alloc(0), 'd.pdf', { kind: 'education' })),
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toBe('Выберите файл со сканом документа');
    const huge = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024, 0x20)]);
    const tooBig = await me.inject({ url: URL, ...(await scanForm(huge, 'd.pdf', { kind: 'education' })) });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().detail).toBe('Файл больше 10 МБ: уменьшите его и загрузите снова');
    expect(await database.db.select().from(doctorDocuments)).toEqual([]);
  });

  it('keeps a PDF as sent and serves it only to the doctor, his clinic and staff', async () => {
    const sent = await me.inject({
      url: URL,
      ...(await scanForm(PDF, 'diploma.pdf', { kind: 'education' })),
    });
    expect(sent.statusCode).toBe(201);
    const slot = slotOf(sent.json(), 'education');
    expect(slot.document).toMatchObject({ status: 'pending', statusText: 'На проверке', format: 'pdf' });
    const fileUrl = slot.document?.fileUrl as string;
    expect(fileUrl).toBe(`/cabinet/ajax/profile/documents/${slot.document?.id}/file/`);

    const mine = await me.inject({ method: 'GET', url: fileUrl });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.headers['content-disposition']).toBe('inline');
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.headers['x-content-type-options']).toBe('nosniff');
    expect(mine.rawPayload.equals(PDF)).toBe(true);
    const clinic = await signedInAs(app, database.db, { role: 'clinic', clinicId });
    expect((await clinic.inject({ method: 'GET', url: fileUrl })).statusCode).toBe(200);
    const byStaff = await staff.inject({ method: 'GET', url: fileUrl });
    expect(byStaff.statusCode).toBe(200);
    expect(byStaff.rawPayload.equals(PDF)).toBe(true);

    const refusedTo = [
      await app.inject({ url: fileUrl }),
      await (await signedInAs(app, database.db, {})).inject({ method: 'GET', url: fileUrl }),
      await (await signedInAs(app, database.db, { role: 'doctor', doctorId: colleague.id })).inject({
        method: 'GET',
        url: fileUrl,
      }),
      await (await signedInAs(app, database.db, { role: 'clinic', clinicId: otherClinicId })).inject({
        method: 'GET',
        url: fileUrl,
      }),
    ];
    expect(refusedTo.map((r) => r.statusCode)).toEqual([401, 404, 404, 404]);
    for (const r of refusedTo) expect(r.rawPayload.includes(Buffer.from('%PDF-'))).toBe(false);
    expect(
      (await me.inject({ method: 'GET', url: '/cabinet/ajax/profile/documents/999999/file/' })).statusCode,
    ).toBe(404);
  });

  it('re-encodes a photographed certificate without its EXIF; a newer scan withdraws the pending one', async () => {
    const first = await me.inject({
      url: URL,
      ...(await scanForm(PDF, 'certificate.pdf', { kind: 'category' })),
    });
    const older = slotOf(first.json(), 'category').document?.id as number;
    const input = await cameraJpeg();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const sent = await me.inject({
      url: URL,
      ...(await scanForm(input, 'IMG_0001.JPG', { kind: 'category' })),
    });
    expect(sent.statusCode).toBe(201);
    const doc = slotOf(sent.json(), 'category').document;
    expect(doc).toMatchObject({ status: 'pending', format: 'image' });
    expect(doc?.id).not.toBe(older);
    // The older one is kept, withdrawn; the diploma of the other kind still waits.
    const rows = await database.db
      .select({ id: doctorDocuments.id, kind: doctorDocuments.kind, status: doctorDocuments.status })
      .from(doctorDocuments)
      .where(eq(doctorDocuments.doctorId, doctor.id));
    expect(rows.find((r) => r.id === older)?.status).toBe('withdrawn');
    expect(
      rows
        .filter((r) => r.status === 'pending')
        .map((r) => r.kind)
        .sort(),
    ).toEqual(['category', 'education']);

    const served = await me.inject({ method: 'GET', url: doc?.fileUrl as string });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    // Upright (the EXIF said 'turn right') and fitted into 2000 × 2000.
    expect([meta.width, meta.height]).toEqual([1467, 2000]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation ?? 1).toBe(1);
    expect(served.rawPayload.includes(Buffer.from('Secret Camera Owner'))).toBe(false);

    // Withdrawn by the doctor: kept, and the slot shows what was there before (nothing).
    const withdrawn = await me.inject({ url: withdrawUrl(doc?.id as number), payload: {} });
    expect(withdrawn.statusCode).toBe(200);
    expect(slotOf(withdrawn.json(), 'category').document).toBeNull();
    const again = await me.inject({ url: withdrawUrl(doc?.id as number), payload: {} });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('Документ уже не на проверке');
    const other = await signedInAs(app, database.db, { role: 'doctor', doctorId: colleague.id });
    const education = (await me.inject({ method: 'GET', url: URL })).json();
    const diploma = slotOf(education, 'education').document?.id as number;
    expect((await other.inject({ url: withdrawUrl(diploma), payload: {} })).statusCode).toBe(404);
    const [kept] = await database.db
      .select()
      .from(doctorDocuments)
      .where(eq(doctorDocuments.id, doc?.id as number));
    expect(kept).toMatchObject({ status: 'withdrawn', decidedBy: me.userId });
  });

  it('staff accept a diploma: the mark is set, the doctor page shows the badge at once, once only', async () => {
    const before = await page(doctorPath(doctor));
    expect(before.body).not.toContain('Документы проверены');
    expect((await page(doctorPath(doctor))).cache).toBe('hit');
    expect(await pageDocuments(doctor.id)).toMatchObject({ isEducationConfirmed: false });

    const queue = await staff.inject({ method: 'GET', url: QUEUE_URL });
    expect(queue.statusCode).toBe(200);
    expect(queue.json().pendingCount).toBe(1);
    const [item] = queue.json().items;
    expect(item).toMatchObject({
      kind: 'education',
      label: 'Диплом о базовом образовании',
      status: 'pending',
      format: 'pdf',
      authorRole: 'doctor',
      doctor: { id: doctor.id, url: doctorPath(doctor) },
    });
    expect(item.doctor.name).toEqual(expect.any(String));

    const accepted = await staff.inject({ url: decision(item.id), payload: { decision: 'accept' } });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ id: item.id, status: 'accepted', statusText: 'Принят' });
    const [row] = await database.db.select().from(doctors).where(eq(doctors.id, doctor.id));
    expect(row).toMatchObject({
      educationConfirmed: true,
      categoryConfirmed: false,
      scienceConfirmed: false,
    });
    expect(await pageDocuments(doctor.id)).toMatchObject({
      isEducationConfirmed: true,
      isCategoryConfirmed: false,
      isScienceConfirmed: false,
    });
    const after = await page(doctorPath(doctor));
    expect(after.cache).toBe('miss');
    expect(after.body).toContain('Документы проверены');

    const twice = await staff.inject({ url: decision(item.id), payload: { decision: 'accept' } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe('Этот документ уже рассмотрен');
    const late = await staff.inject({
      url: decision(item.id),
      payload: { decision: 'reject', reason: 'Нет печати' },
    });
    expect(late.statusCode).toBe(409);
    expect((await staff.inject({ url: decision(999_999), payload: { decision: 'accept' } })).statusCode).toBe(
      404,
    );
    expect(slotOf((await me.inject({ method: 'GET', url: URL })).json(), 'education')).toMatchObject({
      confirmed: true,
      document: { status: 'accepted', statusText: 'Принят' },
    });

    const audit = await database.db
      .select()
      .from(cabinetAudit)
      .where(and(eq(cabinetAudit.targetId, doctor.id), eq(cabinetAudit.action, 'doctor.document.accepted')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      userId: staff.userId,
      targetType: 'doctors',
      before: { document: item.id, kind: 'education', status: 'pending', educationConfirmed: false },
      after: { document: item.id, kind: 'education', status: 'accepted', educationConfirmed: true },
    });
    const history = await staff.inject({ method: 'GET', url: `${QUEUE_URL}?status=decided` });
    expect(history.json().items.map((i: { id: number }) => i.id)).toEqual([item.id]);
    expect((await staff.inject({ method: 'GET', url: QUEUE_URL })).json()).toMatchObject({
      items: [],
      pendingCount: 0,
    });
  });

  it("lets a clinic send its doctor's certificate; staff reject it with a reason and nothing is set", async () => {
    const clinic = await signedInAs(app, database.db, { role: 'clinic', clinicId });
    const sent = await clinic.inject({
      url: URL,
      ...(await scanForm(PDF, 'cert.pdf', { kind: 'category', doctor_id: String(colleague.id) })),
    });
    expect(sent.statusCode).toBe(201);
    const id = slotOf(sent.json(), 'category').document?.id as number;
    const noReason = await staff.inject({ url: decision(id), payload: { decision: 'reject' } });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().detail).toBe('Укажите причину отказа');
    const rejected = await staff.inject({
      url: decision(id),
      payload: { decision: 'reject', reason: 'Срок действия сертификата истёк' },
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', authorRole: 'clinic' });
    const colleagueSession = await signedInAs(app, database.db, { role: 'doctor', doctorId: colleague.id });
    expect(
      slotOf((await colleagueSession.inject({ method: 'GET', url: URL })).json(), 'category'),
    ).toMatchObject({
      confirmed: false,
      document: {
        status: 'rejected',
        statusText: 'Отклонён: Срок действия сертификата истёк',
      },
    });
    const [row] = await database.db.select().from(doctors).where(eq(doctors.id, colleague.id));
    expect(row.categoryConfirmed).toBe(false);
    expect(
      (
        await database.db
          .select({ action: cabinetAudit.action, after: cabinetAudit.after })
          .from(cabinetAudit)
          .where(and(eq(cabinetAudit.targetId, colleague.id), like(cabinetAudit.action, 'doctor.document.%')))
      ).map((a) => a.action),
    ).toEqual(['doctor.document.submitted', 'doctor.document.rejected']);
  });
});
