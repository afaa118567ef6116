import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BOOKING_FAILURES } from '../../../core/booking/form';
import { WAITLIST_TEXTS } from '../../../core/booking/waitlist';
import { fixedClock } from '../../clock';
import { waitlistOffers, waitlistRequests } from '../../db/schema/booking';
import { scheduleExceptions } from '../../db/schema/schedule';
import { injectWithCsrf } from '../../testing/csrf';
import { signedInAs, type TestSession } from '../../testing/session';
import { bookingFixture, PUBLIC_URL, type Spot, START } from './booking-fixture';
import { createWaitlistHandlers } from './waitlist-jobs';

const world = bookingFixture();
let phoneSeq = 0;
/** A fresh patient's phone: each test's messages are its own. */
const nextPhone = () => `7900555${String(phoneSeq++).padStart(4, '0')}`;

const join = (s: TestSession, payload: Record<string, unknown>) =>
  s.inject({ url: '/ajax/waitlist/', payload });

/** A patient waiting for the doctor on Monday 23 November (the clinic's), mornings unless told. */
async function waiting(spot: Spot, change: Record<string, unknown> = {}) {
  const phone = nextPhone();
  const patient = await world.patient(phone);
  const res = await join(patient, {
    ...spot,
    date_from: '2026-11-23',
    date_to: '2026-11-23',
    times: ['morning'],
    ...change,
  });
  expect(res.statusCode).toBe(201);
  return { phone, patient, id: res.json().id as number };
}

async function booked(spot: Spot, slot: string) {
  const patient = await world.patient(nextPhone());
  const res = await world.book(patient, world.form(spot, { slot }));
  expect(res.statusCode).toBe(201);
  return { patient, id: res.json().appointment.id as number };
}

const cancel = (s: TestSession, id: number) =>
  s.inject({ url: `/ajax/appointment/${id}/cancel/`, payload: {} });

/** The waitlist's texts each phone got, after the due jobs ran. */
async function smsTo(...phones: string[]): Promise<string[][]> {
  await world.app.jobs.runDue();
  const outbox = (await world.app.inject({ url: '/dev/outbox.json' })).json() as {
    messages: { phone: string; text: string }[];
  };
  return phones.map((p) =>
    outbox.messages.filter((m) => m.phone === p && m.text.startsWith('Освободилось')).map((m) => m.text),
  );
}

const tokenOf = (text: string) => /\/waitlist\/([\w-]+)\//.exec(text)?.[1] ?? '';
/** The SMS link's holder, signed in or not. */
const claim = (token: string) =>
  injectWithCsrf(world.app, { url: '/ajax/waitlist/offer/claim/', payload: { token } });

describe('joining the waitlist', () => {
  it('is for signed-in patients, with days from today and a part of the day; garbage gets a 4xx with a detail', async () => {
    const spot = await world.doctor();
    const body = { ...spot, date_from: '2026-11-23', date_to: '2026-11-24', times: ['morning'] };
    const anonymous = await world.app.inject({ method: 'POST', url: '/ajax/waitlist/', payload: body });
    expect([401, 403]).toContain(anonymous.statusCode);
    const work = await signedInAs(world.app, world.db, { role: 'clinic', clinicId: spot.lpu_id });
    expect((await join(work, body)).statusCode).toBe(403);

    const patient = await world.patient(nextPhone());
    for (const [change, detail] of [
      [{ date_from: '2026-11-21' }, WAITLIST_TEXTS.dates],
      [{ date_to: '2026-11-22', date_from: '2026-11-23' }, WAITLIST_TEXTS.dates],
      [{ date_to: '2027-03-01' }, WAITLIST_TEXTS.dates],
      [{ times: [] }, WAITLIST_TEXTS.parts_required],
      [{ times: ['night'] }, WAITLIST_TEXTS.parts_required],
      [{ times: ['morning', 'afternoon', 'evening', 'morning'] }, WAITLIST_TEXTS.parts_required],
      [{ type: 'spa' }, WAITLIST_TEXTS.visitType],
      [{ any_clinic: 'yes' }, WAITLIST_TEXTS.anyClinicInvalid],
      [{ doctor_id: 'abc' }, null],
      [{ date_from: '2026-02-30' }, WAITLIST_TEXTS.dates],
    ] as const) {
      const res = await join(patient, { ...body, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      if (detail) expect(res.json().detail).toBe(detail);
      // Every refusal reads in Russian (zod's own messages included).
      else expect(res.json().detail, JSON.stringify(change)).toMatch(/^[^a-z]*[А-ЯЁа-яё]/);
    }
    expect((await join(patient, ['garbage'] as never)).statusCode).toBe(400);
    expect((await join(patient, { ...body, doctor_id: 99_999_999 })).json().detail).toBe(
      WAITLIST_TEXTS.notFound,
    );
    // Someone else's visit cannot be the one to move.
    const other = await booked(spot, '23.11.2026 11:30');
    const res = await join(patient, { ...body, appointment_id: other.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(WAITLIST_TEXTS.appointment);

    // A repeat changes the open request rather than making a second one.
    const first = await join(patient, body);
    const again = await join(patient, { ...body, times: ['evening', 'morning'], any_clinic: true });
    expect(again.json()).toMatchObject({
      id: first.json().id,
      times: ['morning', 'evening'],
      any_clinic: true,
    });
  });
});

describe('a freed time goes to the waitlist', () => {
  it("a patient's cancellation tells the fitting subscribers once, first asked first, by SMS with a link", async () => {
    const spot = await world.doctor();
    const visit = await booked(spot, '23.11.2026 09:00');
    const first = await waiting(spot);
    const evening = await waiting(spot, { times: ['evening'] });
    const laterDays = await waiting(spot, { date_from: '2026-11-24', date_to: '2026-11-25' });
    const otherDoctor = await waiting(await world.doctor());
    const second = await waiting(spot, { times: ['morning', 'afternoon'] });
    const third = await waiting(spot, { date_to: '2026-11-27' });
    const fourth = await waiting(spot);

    expect((await cancel(visit.patient, visit.id)).statusCode).toBe(200);
    const [a, b, c, d, e, f, g] = await smsTo(
      first.phone,
      second.phone,
      third.phone,
      fourth.phone,
      evening.phone,
      laterDays.phone,
      otherDoctor.phone,
    );
    expect(a).toEqual([
      expect.stringMatching(
        /^Освободилось время к врачу .+: 23\.11 в 09:00\. Записаться или отказаться: https:\/\/portal\.example\.ru\/waitlist\/[\w-]{20,}\/$/,
      ),
    ]);
    expect(b).toHaveLength(1);
    expect(c).toHaveLength(1);
    // Three are told; the fourth waits for the next time.
    expect(d).toEqual([]);
    expect([e, f, g]).toEqual([[], [], []]);

    // A second time freed the same day: those told today are not told again; the fourth is.
    const another = await booked(spot, '23.11.2026 10:00');
    await cancel(another.patient, another.id);
    const [a2, d2] = await smsTo(first.phone, fourth.phone);
    expect(a2).toHaveLength(1);
    expect(d2).toEqual([expect.stringContaining('23.11 в 10:00')]);
  });

  it('the first to use the link gets the time held and books it; the next one is told it is taken', async () => {
    const spot = await world.doctor();
    const visit = await booked(spot, '23.11.2026 09:30');
    const one = await waiting(spot);
    const two = await waiting(spot);
    await cancel(visit.patient, visit.id);
    const [[toOne], [toTwo]] = await smsTo(one.phone, two.phone);

    const won = await claim(tokenOf(toOne));
    expect(won.statusCode).toBe(201);
    const { hold_id, url } = won.json();
    expect(url).toBe(
      `/appointment/new/?doctor=${spot.doctor_id}&lpu=${spot.lpu_id}&slot=23.11.2026+09%3A30&source=waitlist`,
    );
    // Held for the first: no one else sees it free.
    expect(await world.freeTimes(spot, '2026-11-23')).not.toContain('09:30');
    const lost = await claim(tokenOf(toTwo));
    expect(lost.statusCode).toBe(409);
    expect(lost.json()).toMatchObject({ reason: 'slot_taken', detail: BOOKING_FAILURES.slot_taken });

    const res = await world.book(
      one.patient,
      world.form(spot, { slot: '23.11.2026 09:30', hold_id, source: 'waitlist' }),
    );
    expect(res.statusCode).toBe(201);
    const [request] = await world.db.select().from(waitlistRequests).where(eq(waitlistRequests.id, one.id));
    expect(request.status).toBe('done');
    // Garbage and unknown links: a 4xx with a detail.
    expect((await claim('x'.repeat(30))).json()).toMatchObject({ detail: WAITLIST_TEXTS.offerUnknown });
    const garbage = await injectWithCsrf(world.app, {
      url: '/ajax/waitlist/offer/claim/',
      payload: { token: 5 },
    });
    expect(garbage.statusCode).toBe(404);
    expect(garbage.json().detail).toBe(WAITLIST_TEXTS.offerUnknown);
  });

  it('two times freed at once tell one subscriber once', async () => {
    const spot = await world.doctor();
    const x = await booked(spot, '23.11.2026 09:00');
    const y = await booked(spot, '23.11.2026 09:30');
    const only = await waiting(spot);
    const results = await Promise.all([cancel(x.patient, x.id), cancel(y.patient, y.id)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const offers = await world.db.select().from(waitlistOffers).where(eq(waitlistOffers.requestId, only.id));
    expect(offers).toHaveLength(1);
    expect((await smsTo(only.phone))[0]).toHaveLength(1);
  });

  it('a patient with a later visit is offered an earlier time only, and the link moves the visit', async () => {
    const spot = await world.doctor();
    const mine = await booked(spot, '23.11.2026 11:00');
    const phone = nextPhone();
    const patient = await world.patient(phone);
    const own = await world.book(patient, world.form(spot, { slot: '23.11.2026 10:30' }));
    const ownId = own.json().appointment.id as number;
    const res = await join(patient, {
      ...spot,
      date_from: '2026-11-23',
      date_to: '2026-11-23',
      times: ['morning', 'afternoon'],
      appointment_id: ownId,
      any_clinic: true,
    });
    expect(res.json()).toMatchObject({ any_clinic: false });
    // 11:00 is later than the patient's 10:30: not offered.
    await cancel(mine.patient, mine.id);
    expect((await smsTo(phone))[0]).toEqual([]);
    const early = await booked(spot, '23.11.2026 09:00');
    await cancel(early.patient, early.id);
    const [[text]] = await smsTo(phone);
    expect(text).toContain('23.11 в 09:00');
    const claimed = (await claim(tokenOf(text))).json();
    expect(claimed.url).toMatch(new RegExp(`reschedule=${ownId}&token=[\\w-]+&slot=23.11.2026\\+09%3A00$`));
    const moved = await patient.inject({
      url: `/ajax/appointment/${ownId}/reschedule/`,
      payload: { slot: '23.11.2026 09:00' },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().appointment.starts_at).toBe('2026-11-23T02:00:00.000Z');
  });

  it("'Больше не присылать' by the link's token or by the patient stops it; a stranger cannot", async () => {
    const spot = await world.doctor();
    const visit = await booked(spot, '23.11.2026 09:00');
    const sub = await waiting(spot, { date_to: '2026-11-25' });
    await cancel(visit.patient, visit.id);
    const [[text]] = await smsTo(sub.phone);
    const stranger = await world.patient(nextPhone());
    const stop = (s: TestSession, token?: string) =>
      s.inject({ url: `/ajax/waitlist/${sub.id}/stop/`, payload: token ? { token } : {} });
    expect((await stop(stranger)).statusCode).toBe(404);
    expect((await stop(stranger, 'not-a-real-token-at-all')).statusCode).toBe(404);
    expect((await stop(stranger, tokenOf(text))).json()).toEqual({ status: 'stopped' });
    // A stopped request's link no longer holds the time.
    expect((await claim(tokenOf(text))).json()).toMatchObject({
      code: 'offer_gone',
      detail: WAITLIST_TEXTS.offerGone,
    });
    const next = await booked(spot, '23.11.2026 10:00');
    await world.at(new Date(START.getTime() + 25 * 3_600_000), async () => {
      await cancel(next.patient, next.id);
      expect((await smsTo(sub.phone))[0]).toHaveLength(1);
    });
  });

  it("the clinic's cancellation feeds the waitlist; reopening a day off offers its times", async () => {
    const spot = await world.doctor();
    const clinic = await signedInAs(world.app, world.db, { role: 'clinic', clinicId: spot.lpu_id });
    const visit = await booked(spot, '23.11.2026 09:00');
    const sub = await waiting(spot);
    const res = await clinic.inject({
      url: `/cabinet/ajax/appointments/${visit.id}/status/`,
      payload: { status: 'canceled', reason: 'Врач заболел' },
    });
    expect(res.statusCode).toBe(200);
    expect((await smsTo(sub.phone))[0]).toEqual([expect.stringContaining('23.11 в 09:00')]);

    // Monday 30 November is the fixture's day off; the clinic opens it again.
    const other = await waiting(spot, { date_from: '2026-11-30', date_to: '2026-11-30', times: ['morning'] });
    const [dayOff] = await world.db
      .select({ id: scheduleExceptions.id })
      .from(scheduleExceptions)
      .innerJoin(sql`workplaces w`, sql`w.id = ${scheduleExceptions.workplaceId}`)
      .where(sql`w.doctor_id = ${spot.doctor_id} AND ${scheduleExceptions.date} = '2026-11-30'`);
    const removed = await clinic.inject({
      method: 'DELETE',
      url: `/cabinet/ajax/schedule/days-off/${dayOff.id}/`,
    });
    expect(removed.statusCode).toBe(200);
    await world.app.jobs.runDue();
    expect((await smsTo(other.phone))[0]).toEqual([expect.stringContaining('30.11 в 09:00')]);
  });

  it('an SMS link stops working after two hours; requests whose days passed end', async () => {
    const spot = await world.doctor();
    const visit = await booked(spot, '23.11.2026 11:30');
    const sub = await waiting(spot, { times: ['afternoon'] });
    await cancel(visit.patient, visit.id);
    const [[text]] = await smsTo(sub.phone);
    const late = await world.at(new Date(START.getTime() + 2 * 3_600_000 + 1_000), () =>
      claim(tokenOf(text)),
    );
    expect(late.json()).toMatchObject({ code: 'offer_gone' });
    const open = await waiting(spot, { date_from: '2026-11-24', date_to: '2026-11-26' });
    const handlers = createWaitlistHandlers({
      db: world.db,
      clock: fixedClock('2026-11-25T05:00:00Z'),
      sms: null,
      jobs: world.app.jobs,
      schedule: null as never,
      publicOrigin: PUBLIC_URL,
    });
    await handlers['waitlist.clean-up']({ id: 'test', kind: 'waitlist.clean-up', payload: {}, attempt: 1 });
    const statusOf = async (id: number) =>
      (await world.db.select().from(waitlistRequests).where(eq(waitlistRequests.id, id)))[0].status;
    expect(await statusOf(sub.id)).toBe('expired');
    expect(await statusOf(open.id)).toBe('active');
  });
});
