/**
 * Staff's decisions on the doctor's documents: accepting one sets the 'Документы проверены' mark the
 * doctor page's badge reads, at once and once only; a rejection needs a reason and sets nothing.
 * Sending the scans and who gets them: documents.test.ts.
 */
import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cabinetAudit } from '../../db/schema/cabinet';
import { doctors } from '../../db/schema/doctors';
import { signedInAs } from '../../testing/session';
import { documentsFixture } from './documents-fixture';

const t = documentsFixture();
const { URL, QUEUE_URL, decision, doctorPath, PDF, scanForm, page, pageDocuments, slotOf } = t;

describe("staff's decisions on the doctor's documents", () => {
  // The doctor's diploma waits for staff, as he sent it in documents.test.ts.
  beforeAll(async () => {
    const sent = await t.me.inject({
      url: URL,
      ...(await scanForm(PDF, 'diploma.pdf', { kind: 'education' })),
    });
    expect(sent.statusCode).toBe(201);
  });

  it('staff accept a diploma: the mark is set, the doctor page shows the badge at once, once only', async () => {
    const before = await page(doctorPath(t.doctor));
    expect(before.body).not.toContain('Документы проверены');
    expect((await page(doctorPath(t.doctor))).cache).toBe('hit');
    expect(await pageDocuments(t.doctor.id)).toMatchObject({ isEducationConfirmed: false });

    const queue = await t.staff.inject({ method: 'GET', url: QUEUE_URL });
    expect(queue.statusCode).toBe(200);
    expect(queue.json().pendingCount).toBe(1);
    const [item] = queue.json().items;
    expect(item).toMatchObject({
      kind: 'education',
      label: 'Диплом о базовом образовании',
      status: 'pending',
      format: 'pdf',
      authorRole: 'doctor',
      doctor: { id: t.doctor.id, url: doctorPath(t.doctor) },
    });
    expect(item.doctor.name).toEqual(expect.any(String));

    const accepted = await t.staff.inject({ url: decision(item.id), payload: { decision: 'accept' } });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ id: item.id, status: 'accepted', statusText: 'Принят' });
    const [row] = await t.database.db.select().from(doctors).where(eq(doctors.id, t.doctor.id));
    expect(row).toMatchObject({
      educationConfirmed: true,
      categoryConfirmed: false,
      scienceConfirmed: false,
    });
    expect(await pageDocuments(t.doctor.id)).toMatchObject({
      isEducationConfirmed: true,
      isCategoryConfirmed: false,
      isScienceConfirmed: false,
    });
    const after = await page(doctorPath(t.doctor));
    expect(after.cache).toBe('miss');
    expect(after.body).toContain('Документы проверены');

    const twice = await t.staff.inject({ url: decision(item.id), payload: { decision: 'accept' } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe('Этот документ уже рассмотрен');
    const late = await t.staff.inject({
      url: decision(item.id),
      payload: { decision: 'reject', reason: 'Нет печати' },
    });
    expect(late.statusCode).toBe(409);
    expect(
      (await t.staff.inject({ url: decision(999_999), payload: { decision: 'accept' } })).statusCode,
    ).toBe(404);
    expect(slotOf((await t.me.inject({ method: 'GET', url: URL })).json(), 'education')).toMatchObject({
      confirmed: true,
      document: { status: 'accepted', statusText: 'Принят' },
    });

    const audit = await t.database.db
      .select()
      .from(cabinetAudit)
      .where(
        and(eq(cabinetAudit.targetId, t.doctor.id), eq(cabinetAudit.action, 'doctor.document.accepted')),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      userId: t.staff.userId,
      targetType: 'doctors',
      before: { document: item.id, kind: 'education', status: 'pending', educationConfirmed: false },
      after: { document: item.id, kind: 'education', status: 'accepted', educationConfirmed: true },
    });
    const history = await t.staff.inject({ method: 'GET', url: `${QUEUE_URL}?status=decided` });
    expect(history.json().items.map((i: { id: number }) => i.id)).toEqual([item.id]);
    expect((await t.staff.inject({ method: 'GET', url: QUEUE_URL })).json()).toMatchObject({
      items: [],
      pendingCount: 0,
    });
  });

  it("lets a clinic send its doctor's certificate; staff reject it with a reason and nothing is set", async () => {
    const clinic = await signedInAs(t.app, t.database.db, { role: 'clinic', clinicId: t.clinicId });
    const sent = await clinic.inject({
      url: URL,
      ...(await scanForm(PDF, 'cert.pdf', { kind: 'category', doctor_id: String(t.colleague.id) })),
    });
    expect(sent.statusCode).toBe(201);
    const id = slotOf(sent.json(), 'category').document?.id as number;
    const noReason = await t.staff.inject({ url: decision(id), payload: { decision: 'reject' } });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().detail).toBe('Укажите причину отказа');
    const rejected = await t.staff.inject({
      url: decision(id),
      payload: { decision: 'reject', reason: 'Срок действия сертификата истёк' },
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', authorRole: 'clinic' });
    const colleagueSession = await signedInAs(t.app, t.database.db, {
      role: 'doctor',
      doctorId: t.colleague.id,
    });
    expect(
      slotOf((await colleagueSession.inject({ method: 'GET', url: URL })).json(), 'category'),
    ).toMatchObject({
      confirmed: false,
      document: {
        status: 'rejected',
        statusText: 'Отклонён: Срок действия сертификата истёк',
      },
    });
    const [row] = await t.database.db.select().from(doctors).where(eq(doctors.id, t.colleague.id));
    expect(row.categoryConfirmed).toBe(false);
    expect(
      (
        await t.database.db
          .select({ action: cabinetAudit.action, after: cabinetAudit.after })
          .from(cabinetAudit)
          .where(
            and(eq(cabinetAudit.targetId, t.colleague.id), like(cabinetAudit.action, 'doctor.document.%')),
          )
      ).map((a) => a.action),
    ).toEqual(['doctor.document.submitted', 'doctor.document.rejected']);
  });
});
