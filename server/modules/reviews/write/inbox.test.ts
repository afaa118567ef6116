import { beforeAll, describe, expect, it } from 'vitest';
import { createReview } from '../../../db/seed/factories';
import { signedInAs, type TestSession } from '../../../testing/session';
import { reviewsWorld } from '../testing';

const w = reviewsWorld();
const { ids } = w;

/**
 * The clinic's inbox on 2026-11-22: the world's negative review of its doctor (2019), and
 * 2026-11-10 positive about the clinic (score 2), 2026-10-05 positive about the doctor (1,
 * answered by the clinic), 2026-06-15 neutral about the doctor (0), 2026-02-10 negative about the
 * clinic (−1); a pending review counts nowhere.
 */
let clinic: TestSession;
let doctor: TestSession;
const r = { clinicPos: 0, docPos: 0, docNeutral: 0, clinicNeg: 0 };

beforeAll(async () => {
  const at = (iso: string) => new Date(`${iso}T10:00:00Z`);
  const add = async (over: Parameters<typeof createReview>[1]) => (await createReview(w.db, over)).id;
  r.clinicPos = await add({
    clinicId: ids.clinic,
    sentiment: 'positive',
    score: 2,
    createdAt: at('2026-11-10'),
  });
  r.docPos = await add({
    doctorId: ids.doctor,
    sentiment: 'positive',
    score: 1,
    createdAt: at('2026-10-05'),
  });
  r.docNeutral = await add({
    doctorId: ids.doctor,
    sentiment: 'neutral',
    score: 0,
    createdAt: at('2026-06-15'),
  });
  r.clinicNeg = await add({
    clinicId: ids.clinic,
    sentiment: 'negative',
    score: -1,
    createdAt: at('2026-02-10'),
  });
  await add({ clinicId: ids.clinic, sentiment: 'negative', status: 'pending', createdAt: at('2026-11-20') });
  clinic = await signedInAs(w.app, w.db, { role: 'clinic', clinicId: ids.clinic });
  doctor = await signedInAs(w.app, w.db, { role: 'doctor', doctorId: ids.doctor });
  const answered = await clinic.inject({
    url: `/api/reviews/${r.docPos}/replies/`,
    payload: { text: 'Спасибо, рады, что лечение помогло!' },
  });
  expect(answered.statusCode).toBe(201);
}, 60_000);

const inbox = async (who: TestSession, query = '') => {
  const res = await who.inject({ method: 'GET', url: `/api/cabinet/reviews/${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const itemIds = (body: { items: { id: number }[] }) => body.items.map((i) => i.id);

describe('the cabinet inbox', () => {
  it('counts every filter value on the whole inbox, and the trend by Moscow month', async () => {
    const body = await inbox(clinic);
    expect(itemIds(body)).toEqual([r.clinicPos, r.docPos, r.docNeutral, r.clinicNeg, ids.seeded]);
    expect(body.counts).toEqual({
      total: 5,
      unanswered: 4,
      tone: { positive: 2, neutral: 1, negative: 2 },
      period: { all: 5, '30': 1, '90': 2, '365': 4 },
      doctors: [{ id: ids.doctor, name: expect.any(String), count: 3 }],
    });
    expect(body.trend.months).toHaveLength(12);
    expect(body.trend.months[0]).toEqual({ month: '2025-12', count: 0, average: null });
    expect(body.trend.months.find((m: { month: string }) => m.month === '2026-02')).toEqual({
      month: '2026-02',
      count: 1,
      average: 1.25,
    });
    expect(body.trend.months[11]).toEqual({ month: '2026-11', count: 1, average: 5 });
    // Jun–Nov: scores 0, 1, 2 → 3.75 stars; Dec–May: −1 → 1.25 stars.
    expect(body.trend.change).toBe(2.5);
  });

  it("'без ответа' leaves out a review the clinic answered (pending answer too); the other counts follow it", async () => {
    const body = await inbox(clinic, '?unanswered=1');
    expect(itemIds(body)).toEqual([r.clinicPos, r.docNeutral, r.clinicNeg, ids.seeded]);
    expect(body.counts.total).toBe(4);
    expect(body.counts.unanswered).toBe(4);
    expect(body.counts.tone).toEqual({ positive: 1, neutral: 1, negative: 2 });
    expect(body.counts.period).toEqual({ all: 4, '30': 1, '90': 1, '365': 3 });
    // The doctor's own inbox: the clinic's answer is not the doctor's.
    expect((await inbox(doctor, '?unanswered=1')).counts.total).toBe(3);
  });

  it('filters by tone, counting the other tones beside it', async () => {
    const body = await inbox(clinic, '?tone=positive');
    expect(itemIds(body)).toEqual([r.clinicPos, r.docPos]);
    expect(body.counts.total).toBe(2);
    expect(body.counts.unanswered).toBe(1);
    expect(body.counts.tone).toEqual({ positive: 2, neutral: 1, negative: 2 });
    expect(body.counts.period['30']).toBe(1);
  });

  it('filters by period: the last 30, 90 or 365 days', async () => {
    expect(itemIds(await inbox(clinic, '?period=30'))).toEqual([r.clinicPos]);
    expect(itemIds(await inbox(clinic, '?period=90'))).toEqual([r.clinicPos, r.docPos]);
    const year = await inbox(clinic, '?period=365&tone=negative');
    expect(itemIds(year)).toEqual([r.clinicNeg]);
    expect(year.counts.tone).toEqual({ positive: 2, neutral: 1, negative: 1 });
  });

  it("filters a clinic's inbox by doctor, and the trend follows the doctor", async () => {
    const body = await inbox(clinic, `?doctor=${ids.doctor}`);
    expect(itemIds(body)).toEqual([r.docPos, r.docNeutral, ids.seeded]);
    expect(body.counts.doctors).toEqual([{ id: ids.doctor, name: expect.any(String), count: 3 }]);
    expect(body.counts.tone).toEqual({ positive: 1, neutral: 1, negative: 1 });
    expect(body.trend.months.filter((m: { count: number }) => m.count > 0)).toEqual([
      { month: '2026-06', count: 1, average: 2.5 },
      { month: '2026-10', count: 1, average: 3.75 },
    ]);
    expect(body.trend.change).toBeNull();
    expect(itemIds(await inbox(clinic, `?doctor=${ids.other}`))).toEqual([]);
  });

  it("a doctor's inbox has their own reviews and no doctor list", async () => {
    const body = await inbox(doctor);
    expect(itemIds(body)).toEqual([r.docPos, r.docNeutral, ids.seeded]);
    expect(body.counts.doctors).toEqual([]);
    expect(body.counts.unanswered).toBe(3);
  });

  it('refuses an unknown filter value with a Russian 400', async () => {
    for (const q of ['?tone=angry', '?period=7', '?doctor=x', '?unanswered=yes']) {
      const res = await clinic.inject({ method: 'GET', url: `/api/cabinet/reviews/${q}` });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().detail, q).toMatch(/[а-я]/i);
    }
  });
});
