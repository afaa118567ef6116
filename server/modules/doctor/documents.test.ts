/**
 * The scans for the 'Документы проверены' marks: the doctor (or his clinic) sends a diploma or a
 * certificate, checked by its bytes, and only his side and staff ever get the file. Staff's
 * decisions, which set the mark the doctor page's badge reads: documents-review.test.ts.
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { doctorDocuments } from '../../db/schema/profile';
import { signedInAs } from '../../testing/session';
import { documentsFixture } from './documents-fixture';

const t = documentsFixture();
const { URL, QUEUE_URL, decision, withdrawUrl, PDF, scanForm, cameraJpeg, slotOf } = t;

describe("the doctor's documents", () => {
  it('are for the doctor himself and his clinics only', async () => {
    expect((await t.app.inject({ url: URL })).statusCode).toBe(401);
    const pdf = await scanForm(PDF, 'diploma.pdf', { kind: 'education' });
    expect((await t.app.inject({ method: 'POST', url: URL, ...pdf })).statusCode).toBe(403); // no CSRF token
    const patient = await signedInAs(t.app, t.database.db, {});
    const refused = await patient.inject({ method: 'GET', url: URL });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('Профиль врача меняет сам врач или его клиника');
    expect((await patient.inject({ url: URL, ...pdf })).statusCode).toBe(403);
    expect((await t.staff.inject({ url: URL, ...pdf })).statusCode).toBe(403);

    const own = await t.me.inject({ method: 'GET', url: URL });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(own.json().slots).toEqual([
      { kind: 'education', label: 'Диплом о базовом образовании', confirmed: false, document: null },
      { kind: 'category', label: 'Сертификат категории', confirmed: false, document: null },
      { kind: 'science', label: 'Диплом о научной степени', confirmed: false, document: null },
    ]);
    expect((await t.me.inject({ method: 'GET', url: `${URL}?doctor=${t.colleague.id}` })).statusCode).toBe(
      404,
    );
    const forColleague = await scanForm(PDF, 'd.pdf', {
      kind: 'education',
      doctor_id: String(t.colleague.id),
    });
    expect((await t.me.inject({ url: URL, ...forColleague })).statusCode).toBe(404);

    const clinic = await signedInAs(t.app, t.database.db, { role: 'clinic', clinicId: t.clinicId });
    const forStranger = await scanForm(PDF, 'd.pdf', { kind: 'education', doctor_id: String(t.stranger.id) });
    expect((await clinic.inject({ url: URL, ...forStranger })).statusCode).toBe(404);
    expect((await clinic.inject({ method: 'GET', url: `${URL}?doctor=${t.stranger.id}` })).statusCode).toBe(
      404,
    );
    const noDoctor = await clinic.inject({ url: URL, ...pdf });
    expect(noDoctor.statusCode).toBe(400);
    expect(noDoctor.json().detail).toBe('Выберите врача');

    expect((await t.app.inject({ url: QUEUE_URL })).statusCode).toBe(401);
    expect((await t.me.inject({ method: 'GET', url: QUEUE_URL })).statusCode).toBe(403);
    expect((await t.me.inject({ url: decision(1), payload: { decision: 'accept' } })).statusCode).toBe(403);
    const none = await t.database.db.select().from(doctorDocuments);
    expect(none).toEqual([]);
  }, 60_000);

  it('refuses what is not a scan, by its bytes', async () => {
    const text = await t.me.inject({
      url: URL,
      ...(await scanForm(Buffer.from('<html><script>alert(1)</script></html>'), 'diploma.pdf', {
        kind: 'education',
      })),
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().detail).toBe('Загрузите скан в формате PDF, JPEG, PNG или WebP');
    const renamed = await t.me.inject({
      url: URL,
      ...(await scanForm(Buffer.from('Диплом: выдан в 2004 году'), 'diploma.jpg', { kind: 'education' })),
    });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().detail).toBe('Загрузите скан в формате PDF, JPEG, PNG или WebP');
    const gif = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#888' } })
      .gif()
      .toBuffer();
    expect(
      (await t.me.inject({ url: URL, ...(await scanForm(gif, 'scan.png', { kind: 'education' })) }))
        .statusCode,
    ).toBe(400);
    const kind = await t.me.inject({ url: URL, ...(await scanForm(PDF, 'd.pdf', { kind: 'passport' })) });
    expect(kind.statusCode).toBe(400);
    expect(kind.json().detail).toBe('Выберите вид документа');
    const empty = await t.me.inject({
      url: URL,
      ...(await scanForm(Buffer.alloc(0), 'd.pdf', { kind: 'education' })),
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toBe('Выберите файл со сканом документа');
    const huge = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024, 0x20)]);
    const tooBig = await t.me.inject({ url: URL, ...(await scanForm(huge, 'd.pdf', { kind: 'education' })) });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().detail).toBe('Файл больше 10 МБ: уменьшите его и загрузите снова');
    expect(await t.database.db.select().from(doctorDocuments)).toEqual([]);
  });

  it('keeps a PDF as sent and serves it only to the doctor, his clinic and staff', async () => {
    const sent = await t.me.inject({
      url: URL,
      ...(await scanForm(PDF, 'diploma.pdf', { kind: 'education' })),
    });
    expect(sent.statusCode).toBe(201);
    const slot = slotOf(sent.json(), 'education');
    expect(slot.document).toMatchObject({ status: 'pending', statusText: 'На проверке', format: 'pdf' });
    const fileUrl = slot.document?.fileUrl as string;
    expect(fileUrl).toBe(`/cabinet/ajax/profile/documents/${slot.document?.id}/file/`);

    const mine = await t.me.inject({ method: 'GET', url: fileUrl });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.headers['content-disposition']).toBe('inline');
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.headers['x-content-type-options']).toBe('nosniff');
    expect(mine.rawPayload.equals(PDF)).toBe(true);
    const clinic = await signedInAs(t.app, t.database.db, { role: 'clinic', clinicId: t.clinicId });
    expect((await clinic.inject({ method: 'GET', url: fileUrl })).statusCode).toBe(200);
    const byStaff = await t.staff.inject({ method: 'GET', url: fileUrl });
    expect(byStaff.statusCode).toBe(200);
    expect(byStaff.rawPayload.equals(PDF)).toBe(true);

    const refusedTo = [
      await t.app.inject({ url: fileUrl }),
      await (await signedInAs(t.app, t.database.db, {})).inject({ method: 'GET', url: fileUrl }),
      await (await signedInAs(t.app, t.database.db, { role: 'doctor', doctorId: t.colleague.id })).inject({
        method: 'GET',
        url: fileUrl,
      }),
      await (await signedInAs(t.app, t.database.db, { role: 'clinic', clinicId: t.otherClinicId })).inject({
        method: 'GET',
        url: fileUrl,
      }),
    ];
    expect(refusedTo.map((r) => r.statusCode)).toEqual([401, 404, 404, 404]);
    for (const r of refusedTo) expect(r.rawPayload.includes(Buffer.from('%PDF-'))).toBe(false);
    expect(
      (await t.me.inject({ method: 'GET', url: '/cabinet/ajax/profile/documents/999999/file/' })).statusCode,
    ).toBe(404);
  });

  it('re-encodes a photographed certificate without its EXIF; a newer scan withdraws the pending one', async () => {
    const first = await t.me.inject({
      url: URL,
      ...(await scanForm(PDF, 'certificate.pdf', { kind: 'category' })),
    });
    const older = slotOf(first.json(), 'category').document?.id as number;
    const input = await cameraJpeg();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const sent = await t.me.inject({
      url: URL,
      ...(await scanForm(input, 'IMG_0001.JPG', { kind: 'category' })),
    });
    expect(sent.statusCode).toBe(201);
    const doc = slotOf(sent.json(), 'category').document;
    expect(doc).toMatchObject({ status: 'pending', format: 'image' });
    expect(doc?.id).not.toBe(older);
    // The older one is kept, withdrawn; the diploma of the other kind still waits.
    const rows = await t.database.db
      .select({ id: doctorDocuments.id, kind: doctorDocuments.kind, status: doctorDocuments.status })
      .from(doctorDocuments)
      .where(eq(doctorDocuments.doctorId, t.doctor.id));
    expect(rows.find((r) => r.id === older)?.status).toBe('withdrawn');
    expect(
      rows
        .filter((r) => r.status === 'pending')
        .map((r) => r.kind)
        .sort(),
    ).toEqual(['category', 'education']);

    const served = await t.me.inject({ method: 'GET', url: doc?.fileUrl as string });
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
    const withdrawn = await t.me.inject({ url: withdrawUrl(doc?.id as number), payload: {} });
    expect(withdrawn.statusCode).toBe(200);
    expect(slotOf(withdrawn.json(), 'category').document).toBeNull();
    const again = await t.me.inject({ url: withdrawUrl(doc?.id as number), payload: {} });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('Документ уже не на проверке');
    const other = await signedInAs(t.app, t.database.db, { role: 'doctor', doctorId: t.colleague.id });
    const education = (await t.me.inject({ method: 'GET', url: URL })).json();
    const diploma = slotOf(education, 'education').document?.id as number;
    expect((await other.inject({ url: withdrawUrl(diploma), payload: {} })).statusCode).toBe(404);
    const [kept] = await t.database.db
      .select()
      .from(doctorDocuments)
      .where(eq(doctorDocuments.id, doc?.id as number));
    expect(kept).toMatchObject({ status: 'withdrawn', decidedBy: t.me.userId });
  });
});
