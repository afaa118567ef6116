import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MAX_REVIEW_DOCUMENT_BYTES, REVIEW_TEXT_MIN, WRITE_ERRORS } from '../../../../core/reviews/write';
import { appointments } from '../../../db/schema/booking';
import { injectWithCsrf } from '../../../testing/csrf';
import { signedInAs } from '../../../testing/session';
import { reviewsWorld, TEXT } from '../testing';

const w = reviewsWorld();
const { ids, review, doctorRow, cardIds } = w;

describe('writing a review', () => {
  it('refuses a visitor who is not signed in, a work account and an unconfirmed phone', async () => {
    const anonymous = await injectWithCsrf(w.app, { url: '/api/reviews/', payload: review() });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().detail).toBe(WRITE_ERRORS.signIn);
    const doctor = await signedInAs(w.app, w.db, { role: 'doctor', doctorId: ids.doctor });
    const asDoctor = await doctor.inject({ url: '/api/reviews/', payload: review() });
    expect(asDoctor.statusCode).toBe(403);
    expect(asDoctor.json().detail).toBe(WRITE_ERRORS.notPatient);
    const unconfirmed = await signedInAs(w.app, w.db, { role: 'patient', isRealPatient: false });
    const res = await unconfirmed.inject({ url: '/api/reviews/', payload: review() });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(WRITE_ERRORS.confirmPhone);
  });

  it('refuses a text shorter than the minimum with the count still missing, per field', async () => {
    const patient = await signedInAs(w.app, w.db);
    const res = await patient.inject({ url: '/api/reviews/', payload: review({ text: 'Хороший врач' }) });
    expect(res.statusCode).toBe(400);
    const missing = REVIEW_TEXT_MIN - 'Хороший врач'.length;
    expect(res.json().errors.text).toBe(
      `Расскажите подробнее: ещё ${missing} символов (не меньше ${REVIEW_TEXT_MIN})`,
    );
  });

  it.each([
    ['no star at all', { stars: [null, null, null, null] }, 'stars', 'Поставьте хотя бы одну оценку'],
    [
      'a month outside the last two years',
      { visit_month: '2020-01' },
      'visit_month',
      'Укажите, когда вы были на приёме',
    ],
    ['both a doctor and a clinic', { lpu_id: 1 }, 'subject', WRITE_ERRORS.subject],
    ['an unknown tag', { tags: ['net-takogo'] }, 'tags', WRITE_ERRORS.unknownTag],
  ])('refuses %s with 400 and the field’s message', async (_name, over, field, message) => {
    const patient = await signedInAs(w.app, w.db);
    const res = await patient.inject({ url: '/api/reviews/', payload: review(over) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
  });

  it('an unknown doctor is 404', async () => {
    const patient = await signedInAs(w.app, w.db);
    const res = await patient.inject({ url: '/api/reviews/', payload: review({ doctor_id: 99_999_999 }) });
    expect(res.statusCode).toBe(404);
  });

  it('stores a new review as pending: not shown, not counted, with its history', async () => {
    const before = await doctorRow(ids.doctor);
    const patient = await signedInAs(w.app, w.db);
    const res = await patient.inject({ url: '/api/reviews/', payload: review() });
    expect(res.statusCode).toBe(201);
    const { id, status } = res.json();
    expect(status).toBe('pending');
    expect(await cardIds(`/ajax/doctor/${ids.doctor}/reviews/`)).not.toContain(id);
    expect(await doctorRow(ids.doctor)).toEqual(before);
    const { rows } = await w.db.execute<{ sentiment: string; score: number; tags: number }>(sql`
      SELECT sentiment, score, (SELECT count(*)::int FROM review_tag_links WHERE review_id = ${id}) AS tags
      FROM reviews WHERE id = ${id}`);
    // Stars 5, 5, 4 → values 2, 2, 1: mean 4.67★, positive, score (4.67 − 2.5) × 0.8 = 1.73.
    expect(rows[0].sentiment).toBe('positive');
    expect(Number(rows[0].score)).toBeCloseTo(1.733, 2);
    expect(rows[0].tags).toBe(1);
    const queue = (await w.staff.inject({ method: 'GET', url: '/api/staff/reviews/?status=pending' })).json();
    const item = queue.items.find((i: { id: number }) => i.id === id);
    expect(item.history).toMatchObject([{ fromStatus: null, toStatus: 'pending' }]);
    expect(item.subject).toMatchObject({ kind: 'doctor', id: ids.doctor });
    // The subject's page: '/{town}/vrach/{id}-{slug}/'.
    expect(item.subject.url).toMatch(new RegExp(`^/[a-z0-9-]+/vrach/${ids.doctor}-[a-z0-9-]+/$`));
  });

  it('allows one review per doctor per month of visits: the second is 409, another month is fine', async () => {
    const patient = await signedInAs(w.app, w.db);
    expect((await patient.inject({ url: '/api/reviews/', payload: review() })).statusCode).toBe(201);
    const again = await patient.inject({ url: '/api/reviews/', payload: review() });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(WRITE_ERRORS.duplicate);
    const other = await patient.inject({ url: '/api/reviews/', payload: review({ visit_month: '2026-09' }) });
    expect(other.statusCode).toBe(201);
  });

  it('two tabs sending the same review at once: one is stored, the other refused', async () => {
    const patient = await signedInAs(w.app, w.db);
    const answers = await Promise.all(
      [1, 2].map(() => patient.inject({ url: '/api/reviews/', payload: review({ visit_month: '2026-08' }) })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
  });

  it('links a visit booked through the portal in that month and marks the review verified', async () => {
    const patient = await signedInAs(w.app, w.db);
    const { rows } = await w.db.execute<{ id: number }>(
      sql`SELECT id FROM workplaces WHERE doctor_id = ${ids.doctor} LIMIT 1`,
    );
    const [visit] = await w.db
      .insert(appointments)
      .values({
        workplaceId: rows[0].id,
        doctorId: ids.doctor,
        clinicId: ids.clinic,
        userId: patient.userId,
        during: '[2026-10-14 07:00:00+00,2026-10-14 07:30:00+00)',
        status: 'done',
        patientName: 'Анна',
        patientPhone: '79990000000',
      })
      .returning({ id: appointments.id });
    const res = await patient.inject({ url: '/api/reviews/', payload: review() });
    const { rows: saved } = await w.db.execute<{ appointmentId: number; isVerified: boolean }>(
      sql`SELECT appointment_id AS "appointmentId", is_verified AS "isVerified" FROM reviews WHERE id = ${res.json().id}`,
    );
    expect(saved[0]).toEqual({ appointmentId: visit.id, isVerified: true });
  });

  it('does not link a visit still going on: the review (and its award) come only after the visit has ended', async () => {
    const patient = await signedInAs(w.app, w.db);
    const { rows } = await w.db.execute<{ id: number }>(
      sql`SELECT id FROM workplaces WHERE doctor_id = ${ids.doctor} LIMIT 1`,
    );
    // 08:45–09:15 UTC around the world's 09:00.
    await w.db.insert(appointments).values({
      workplaceId: rows[0].id,
      doctorId: ids.doctor,
      clinicId: ids.clinic,
      userId: patient.userId,
      during: '[2026-11-22 08:45:00+00,2026-11-22 09:15:00+00)',
      status: 'active',
      patientName: 'Анна',
      patientPhone: '79990000000',
    });
    const res = await patient.inject({ url: '/api/reviews/', payload: review({ visit_month: '2026-11' }) });
    expect(res.statusCode).toBe(201);
    const { rows: saved } = await w.db.execute<{ appointmentId: number | null; isVerified: boolean }>(
      sql`SELECT appointment_id AS "appointmentId", is_verified AS "isVerified" FROM reviews WHERE id = ${res.json().id}`,
    );
    expect(saved[0]).toEqual({ appointmentId: null, isVerified: false });
  });

  it('takes documents as multipart, keeps them for moderators only, and refuses a file that is not JPG, PNG or PDF', async () => {
    const patient = await signedInAs(w.app, w.db);
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      randomBytes(64),
    ]);
    const form = (file: Buffer, name: string) => {
      const fd = new FormData();
      fd.set('lpu_id', String(ids.clinic));
      fd.set('text', TEXT);
      for (const s of ['4', '', '5', '5']) fd.append('stars', s);
      fd.set('visit_month', '2026-11');
      fd.append('documents', new Blob([new Uint8Array(file)]), name);
      return new Response(fd);
    };
    const send = async (file: Buffer, name: string) => {
      const body = form(file, name);
      return patient.inject({
        url: '/api/reviews/',
        payload: Buffer.from(await body.arrayBuffer()),
        headers: { 'content-type': body.headers.get('content-type') as string },
      });
    };
    const wrong = await send(Buffer.from('MZ not a document'), 'virus.pdf');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.documents).toBe(WRITE_ERRORS.documentType);
    const ok = await send(png, 'чек.png');
    expect(ok.statusCode).toBe(201);
    const queue = (await w.staff.inject({ method: 'GET', url: '/api/staff/reviews/?status=pending' })).json();
    const item = queue.items.find((i: { id: number }) => i.id === ok.json().id);
    expect(item.subject.kind).toBe('lpu');
    expect(item.assessments.map((a: { value: number | null }) => a.value)).toEqual([1, null, 2, 2]);
    expect(item.documents).toMatchObject([{ fileName: 'чек.png', mime: 'image/png', size: png.length }]);
    const url = `/api/staff/reviews/documents/${item.documents[0].id}/`;
    const download = await w.staff.inject({ method: 'GET', url });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(png)).toBe(true);
    expect(download.headers['content-type']).toBe('image/png');
    expect((await patient.inject({ method: 'GET', url })).statusCode).toBe(403);
  });

  it('refuses a file over 5 MB and more than three files, under the documents field', async () => {
    const patient = await signedInAs(w.app, w.db);
    const send = async (files: Buffer[]) => {
      const fd = new FormData();
      fd.set('lpu_id', String(ids.clinic));
      fd.set('text', TEXT);
      fd.append('stars', '5');
      fd.set('visit_month', '2026-04');
      for (const [i, file] of files.entries())
        fd.append('documents', new Blob([new Uint8Array(file)]), `${i}.pdf`);
      const body = new Response(fd);
      return patient.inject({
        url: '/api/reviews/',
        payload: Buffer.from(await body.arrayBuffer()),
        headers: { 'content-type': body.headers.get('content-type') as string },
      });
    };
    const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(size)]);
    const large = await send([pdf(MAX_REVIEW_DOCUMENT_BYTES)]);
    expect(large.statusCode).toBe(400);
    expect(large.json()).toMatchObject({
      detail: WRITE_ERRORS.documentSize,
      code: 'bad_request',
      errors: { documents: WRITE_ERRORS.documentSize },
    });
    const many = await send([pdf(10), pdf(10), pdf(10), pdf(10)]);
    expect(many.statusCode).toBe(400);
    expect(many.json()).toMatchObject({
      detail: WRITE_ERRORS.documentCount,
      errors: { documents: WRITE_ERRORS.documentCount },
    });
  });
});
