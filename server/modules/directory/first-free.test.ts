import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DoctorListParams, parseDoctorListParams } from '../../../core/directory/list-filters';
import { buildApp } from '../../app';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { appointments } from '../../db/schema/booking';
import { clinics } from '../../db/schema/clinics';
import { workplaces } from '../../db/schema/doctors';
import { scheduleRules } from '../../db/schema/schedule';
import { createClinic, createDoctor, createTown, createUser } from '../../db/seed/factories';
import { injectWithCsrf } from '../../testing/csrf';
import { openTestDatabase } from '../../testing/database';
import { createTownService, type Town } from '../towns/service';
import { createFirstFreeService, type FirstFreeService } from './first-free';
import { createListRepo } from './lists-repo';
import { createListService, type ListService } from './lists-service';
import { createDirectoryService } from './service';

/**
 * The 'Ближайшая запись' sort and the free filters (ADR 046) against the calendars' own answer.
 * The clinic is in Novosibirsk (UTC+7); at 20:00 UTC on Monday 23 November it is already
 * Tuesday 03:00 there, still Monday in UTC and in Los Angeles (the suites also run with
 * TZ=America/Los_Angeles): every day below is the clinic's.
 */
let database: Database;
let app: FastifyInstance;
let lists: ListService;
let firstFree: FirstFreeService;
let town: Town;
let now = new Date('2026-11-23T20:00:00Z');
const clock: Clock = { now: () => now };
const doc = { weekdays: 0, wednesday: 0, thursday: 0, none: 0, off: 0, horizon: 0 };
const clinicOf = new Map<number, number>();
const workplaceOf = new Map<number, number>();

const params = (query: string): DoctorListParams => parseDoctorListParams(new URLSearchParams(query));
const idsOf = (items: { id: number }[]) => items.map((d) => d.id);

/** The first free time of a doctor as the calendar's slot call gives it (the clinic's days). */
async function calendarFirst(doctorId: number): Promise<Date | null> {
  const res = await injectWithCsrf(app, {
    url: '/ajax/schedule/slots_bulk/',
    payload: {
      days: 14,
      dt_start: '2026-11-23',
      town_timedelta: 7,
      doctors_lpus: [{ doctor_id: doctorId, lpu_id: clinicOf.get(doctorId) }],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const slots: Record<string, { time: string }[]> = res.json()[0].slots;
  const day = Object.keys(slots).sort()[0];
  if (!day) return null;
  // Novosibirsk is UTC+7 all year.
  return new Date(`${day}T${slots[day][0].time}:00+07:00`);
}

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  const t = await createTown(db, { slug: 'nsk', name: 'Новосибирск', tz: 'Asia/Novosibirsk' });
  const clinic = await createClinic(db, { townId: t.id, bookingHorizonDays: 14 });
  const shortHorizon = await createClinic(db, { townId: t.id, bookingHorizonDays: 1 });
  const rule = (workplaceId: number, weekday: number) => ({
    workplaceId,
    weekday,
    startTime: '09:00',
    endTime: '12:00',
    slotMinutes: 30,
    validFrom: '2026-01-01',
  });
  const make = async (key: keyof typeof doc, weekdays: number[], clinicId = clinic.id) => {
    const d = await createDoctor(db, { townId: t.id, clinicIds: [clinicId] });
    doc[key] = d.id;
    clinicOf.set(d.id, clinicId);
    workplaceOf.set(d.id, d.workplaces[0].id);
    if (weekdays.length)
      await db.insert(scheduleRules).values(weekdays.map((w) => rule(d.workplaces[0].id, w)));
  };
  await make('none', []);
  await make('thursday', [4]);
  await make('weekdays', [1, 2, 3, 4, 5]);
  await make('wednesday', [3]);
  await make('off', [1, 2, 3, 4, 5]);
  await make('horizon', [3], shortHorizon.id);
  await db
    .update(workplaces)
    .set({ isAppointmentOn: false })
    .where(eq(workplaces.id, workplaceOf.get(doc.off) ?? 0));

  app = await buildApp({ db, clock });
  const towns = createTownService({ db });
  firstFree = createFirstFreeService({ db, clock });
  lists = createListService({
    db,
    clock,
    directory: createDirectoryService({ db, clock }),
    towns,
    firstFree,
  });
  town = (await towns.bySlug('nsk')) as Town;
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe("the 'Ближайшая запись' sort", () => {
  it('orders doctors by the first free time the calendars show, nobody free last', async () => {
    const page = await lists.doctors(town, {}, params('sort=nearest'));
    const order = idsOf(page.items);
    expect(order.slice(0, 3)).toEqual([doc.weekdays, doc.wednesday, doc.thursday]);
    expect(order.slice(3).sort()).toEqual([doc.none, doc.off, doc.horizon].sort());
    const firsts = await Promise.all(order.map(calendarFirst));
    const known = firsts.filter((f): f is Date => f !== null);
    expect(known.map((f) => f.toISOString())).toEqual([
      '2026-11-24T02:00:00.000Z', // Tuesday 09:00 in Novosibirsk: the clinic's today
      '2026-11-25T02:00:00.000Z',
      '2026-11-26T02:00:00.000Z',
    ]);
    expect(firsts.slice(3)).toEqual([null, null, null]);
    // The cards say the same time.
    expect(page.items[0].nearestFree).toEqual({ at: '2026-11-24T02:00:00.000Z', tz: 'Asia/Novosibirsk' });
    expect(page.items[5].nearestFree).toBeNull();
  });

  it('moves a doctor whose first free time is booked, held, and freed again', async () => {
    const db = database.db;
    const base = {
      workplaceId: workplaceOf.get(doc.weekdays),
      doctorId: doc.weekdays,
      clinicId: clinicOf.get(doc.weekdays) as number,
      patientName: 'Иванова Анна',
      patientPhone: '79001234567',
    };
    const [visit] = await db
      .insert(appointments)
      .values({ ...base, during: '[2026-11-24 02:00:00+00,2026-11-24 02:30:00+00)' })
      .returning();
    let page = await lists.doctors(town, {}, params('sort=nearest'));
    expect(page.items[0].nearestFree?.at).toBe('2026-11-24T02:30:00.000Z');
    expect((await calendarFirst(doc.weekdays))?.toISOString()).toBe('2026-11-24T02:30:00.000Z');

    // A patient's hold on the next one, for ten minutes: it frees its time when it lapses, with no write.
    const patient = await createUser(db);
    await db.insert(appointments).values({
      ...base,
      userId: patient.id,
      status: 'held',
      holdExpiresAt: new Date(now.getTime() + 10 * 60_000),
      during: '[2026-11-24 02:30:00+00,2026-11-24 03:00:00+00)',
    });
    page = await lists.doctors(town, {}, params('sort=nearest'));
    expect(page.items[0].nearestFree?.at).toBe('2026-11-24T03:00:00.000Z');
    now = new Date(now.getTime() + 11 * 60_000);
    page = await lists.doctors(town, {}, params('sort=nearest'));
    expect(page.items[0].nearestFree?.at).toBe('2026-11-24T02:30:00.000Z');

    // Cancelling the visit gives its time back.
    await db.update(appointments).set({ status: 'canceled' }).where(eq(appointments.id, visit.id));
    page = await lists.doctors(town, {}, params('sort=nearest'));
    expect(page.items[0].nearestFree?.at).toBe('2026-11-24T02:00:00.000Z');
    expect((await calendarFirst(doc.weekdays))?.toISOString()).toBe('2026-11-24T02:00:00.000Z');
  });

  it('follows a workplace switched off and a clinic switched off', async () => {
    const db = database.db;
    await db
      .update(clinics)
      .set({ isAppointmentOn: false })
      .where(eq(clinics.id, clinicOf.get(doc.weekdays) ?? 0));
    let page = await lists.doctors(town, {}, params('sort=nearest'));
    expect(page.items.every((d) => d.nearestFree === null)).toBe(true);
    await db
      .update(clinics)
      .set({ isAppointmentOn: true })
      .where(eq(clinics.id, clinicOf.get(doc.weekdays) ?? 0));
    page = await lists.doctors(town, {}, params('sort=nearest'));
    expect(idsOf(page.items).slice(0, 3)).toEqual([doc.weekdays, doc.wednesday, doc.thursday]);
  });
});

describe('a page sorted by the first free time', () => {
  it('carries the times it was ordered by; an expired row, not yet recomputed, shows none', async () => {
    const db = database.db;
    await lists.doctors(town, {}, params('sort=nearest'));
    // The first doctor's time has passed and no list or job has recomputed it yet.
    await db.execute(sql`UPDATE doctor_first_free SET valid_until = ${new Date(now.getTime() - 1).toISOString()}::timestamptz
      WHERE doctor_id = ${doc.weekdays} AND visit_type = 'clinic'`);
    const rows = await createListRepo(db).doctorPage({
      townId: town.id,
      filters: parseDoctorListParams(new URLSearchParams('sort=nearest')).filters,
      sort: 'nearest',
      limit: 10,
      offset: 0,
      firstFree: { visitType: 'clinic', now },
    });
    expect(rows[0]).toMatchObject({ id: doc.weekdays, nearest: null });
    expect(rows[1]).toMatchObject({
      id: doc.wednesday,
      nearest: {
        at: new Date('2026-11-25T02:00:00.000Z'),
        tz: 'Asia/Novosibirsk',
        clinicId: clinicOf.get(doc.wednesday),
      },
    });
    // A list reading it recomputes it first.
    const page = await lists.doctors(town, {}, params('sort=nearest'));
    expect(page.items[0].nearestFree?.at).toBe('2026-11-24T02:00:00.000Z');
  });
});

describe('the free filters, by the clinic’s days', () => {
  it('keeps doctors free today, by the end of tomorrow, within three days (today counting)', async () => {
    const of = async (q: string) => idsOf((await lists.doctors(town, {}, params(q))).items).sort();
    expect(await of('free=today')).toEqual([doc.weekdays]);
    expect(await of('free=tomorrow')).toEqual([doc.weekdays, doc.wednesday].sort());
    expect(await of('free=3days&sort=nearest')).toEqual([doc.weekdays, doc.wednesday, doc.thursday].sort());
    const total = (await lists.doctors(town, {}, params('free=tomorrow'))).total;
    expect(total).toBe(2);
    // Garbage is ignored: the plain list.
    expect((await lists.doctors(town, {}, params('free=yesterday'))).total).toBe(6);
  });

  it('lets the day roll over: a one-day horizon opens Wednesday at the clinic’s midnight', async () => {
    expect(idsOf((await lists.doctors(town, {}, params('free=today'))).items)).not.toContain(doc.horizon);
    // Wednesday 00:30 in Novosibirsk; no write happened.
    now = new Date('2026-11-24T17:30:00Z');
    const today = idsOf((await lists.doctors(town, {}, params('free=today'))).items).sort();
    expect(today).toEqual([doc.weekdays, doc.wednesday, doc.horizon].sort());
    expect((await calendarFirst(doc.horizon))?.toISOString()).toBe('2026-11-25T02:00:00.000Z');
  });

  it('the each-minute job leaves no row due', async () => {
    await database.db.insert(scheduleRules).values({
      workplaceId: workplaceOf.get(doc.none) as number,
      weekday: 5,
      startTime: '10:00',
      endTime: '11:00',
      slotMinutes: 30,
      validFrom: '2026-01-01',
    });
    expect(await firstFree.refreshAll()).toBeGreaterThan(0);
    expect(await firstFree.refreshDue()).toBe(0);
    const times = await firstFree.of([doc.none], 'clinic');
    expect(times.get(doc.none)?.at.toISOString()).toBe('2026-11-27T03:00:00.000Z');
  });
});

describe('a doctor of two clinics', () => {
  it('leads the card with the clinic of the first free time; a list in another order names that clinic', async () => {
    const db = database.db;
    await createTown(db, { slug: 'nsk2', name: 'Бердск', tz: 'Asia/Novosibirsk' });
    const other = (await createTownService({ db }).bySlug('nsk2')) as Town;
    const first = await createClinic(db, {
      townId: other.id,
      name: 'Клиника Четверг',
      bookingHorizonDays: 14,
    });
    const second = await createClinic(db, {
      townId: other.id,
      name: 'Клиника Среда',
      bookingHorizonDays: 14,
    });
    const d = await createDoctor(db, { townId: other.id, clinicIds: [first.id, second.id] });
    const at = (clinicId: number) => d.workplaces.find((w) => w.clinicId === clinicId)?.id as number;
    await db.insert(scheduleRules).values([
      {
        workplaceId: at(first.id),
        weekday: 4,
        startTime: '09:00',
        endTime: '12:00',
        slotMinutes: 30,
        validFrom: '2026-01-01',
      },
      {
        workplaceId: at(second.id),
        weekday: 3,
        startTime: '09:00',
        endTime: '12:00',
        slotMinutes: 30,
        validFrom: '2026-01-01',
      },
    ]);
    for (const query of ['sort=nearest', 'free=3days']) {
      const page = await lists.doctors(other, {}, params(query));
      expect(page.items[0].workplaces[0].clinicId, query).toBe(second.id);
      expect(page.items[0].nearestFree, query).toEqual({
        at: '2026-11-25T02:00:00.000Z',
        tz: 'Asia/Novosibirsk',
      });
    }
    // The plain list reads the times the sorted one (or the each-minute job) computed.
    const plain = await lists.doctors(other, {}, params(''));
    expect(plain.items[0].workplaces[0].clinicId).toBe(first.id);
    expect(plain.items[0].nearestFree).toEqual({
      at: '2026-11-25T02:00:00.000Z',
      tz: 'Asia/Novosibirsk',
      clinicName: 'Клиника Среда',
    });
  });
});
