/**
 * The consultation room's signalling socket (docs/product/online-room.md): who gets in and when,
 * the TURN credential of an admitted participant, messages relayed between the two sides (also
 * when they sit on two app processes), the same side's second tab, and the limits.
 */
import { createHmac } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ROOM_CLOSE, ROOM_MESSAGE_MAX_BYTES } from '../../../core/online/contracts';
import { ROOM_TEXTS } from '../../../core/online/texts';
import { buildApp } from '../../app';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { appointments } from '../../db/schema/booking';
import { workplacePrices } from '../../db/schema/doctors';
import { scheduleRules } from '../../db/schema/schedule';
import { createClinic, createDoctor, createTown } from '../../db/seed/factories';
import { createMemoryBus, createRedisBus, type EventBus } from '../../realtime/bus';
import { openTestDatabase } from '../../testing/database';
import { signedInAs, type TestSession } from '../../testing/session';
import { createOnlineRoomService } from './service';

const PUBLIC_URL = 'https://portal.example.ru';
const TURN_SECRET = 'k8Qz1v-online-room-test-shared-9fXw2';
const ICE = {
  stunUrls: ['stun:turn.portal.example.ru:3478'],
  turnUrls: [
    'turn:turn.portal.example.ru:3478?transport=udp',
    'turns:turn.portal.example.ru:5349?transport=tcp',
  ],
  turnSecret: TURN_SECRET,
};
// The visit: Monday 7 December 2026, 12:00–12:30 in Moscow; the room is open 11:50–13:00.
const STARTS = '2026-12-07T09:00:00.000Z';
const ENDS = '2026-12-07T09:30:00.000Z';
const DURING = new Date('2026-12-07T09:10:00Z');

let database: Database;
let now = DURING;
const clock: Clock = { now: () => now };
const bus = createMemoryBus();
let app: FastifyInstance;
/** A second app process on the same database and the same bus (a load balancer's other backend). */
let other: FastifyInstance;
let url: string;
let otherUrl: string;
const people = {} as Record<
  'patient' | 'otherPatient' | 'doctor' | 'otherDoctor' | 'clinic' | 'staff',
  TestSession
>;
let visit: number;
let othersVisit: number;
let clinicVisit: number;
let canceledVisit: number;
let spot: { doctor_id: number; lpu_id: number };

const cookieOf = (s: TestSession) =>
  Object.entries(s.cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');

async function insertVisit(values: Partial<typeof appointments.$inferInsert> & { clinicId: number }) {
  const [row] = await database.db
    .insert(appointments)
    .values({
      visitType: 'telemed',
      during: `[${STARTS},${ENDS})`,
      patientName: 'Петрова Анна Сергеевна',
      patientPhone: '79161234567',
      ...values,
    })
    .returning({ id: appointments.id });
  return row.id;
}

beforeAll(async () => {
  database = await openTestDatabase();
  const town = await createTown(database.db, { tz: 'Europe/Moscow' });
  const clinic = await createClinic(database.db, { townId: town.id });
  const doctor = await createDoctor(database.db, { townId: town.id, clinicIds: [clinic.id] });
  const otherDoctor = await createDoctor(database.db, { townId: town.id, clinicIds: [clinic.id] });
  const workplaceId = doctor.workplaces[0].id;
  await database.db
    .insert(workplacePrices)
    .values({ workplaceId, visitType: 'telemed', price: 1500, durationMinutes: 30 });
  // Online consultations on Tuesdays 09:00–11:00 (Moscow), for the booking's messages.
  await database.db.insert(scheduleRules).values({
    workplaceId,
    visitType: 'telemed',
    weekday: 2,
    startTime: '09:00',
    endTime: '11:00',
    slotMinutes: 30,
    validFrom: '2026-01-01',
  });
  spot = { doctor_id: doctor.id, lpu_id: clinic.id };
  app = await buildApp({ db: database.db, clock, publicUrl: PUBLIC_URL, bus, ice: ICE });
  other = await buildApp({ db: database.db, clock, publicUrl: PUBLIC_URL, bus, ice: ICE });
  url = `${(await app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/ws/online/`;
  otherUrl = `${(await other.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/ws/online/`;
  const db = database.db;
  people.patient = await signedInAs(app, db);
  people.otherPatient = await signedInAs(app, db);
  people.doctor = await signedInAs(app, db, { role: 'doctor', doctorId: doctor.id });
  people.otherDoctor = await signedInAs(app, db, { role: 'doctor', doctorId: otherDoctor.id });
  people.clinic = await signedInAs(app, db, { role: 'clinic', clinicId: clinic.id });
  people.staff = await signedInAs(app, db, { role: 'staff' });
  const base = { clinicId: clinic.id, doctorId: doctor.id, workplaceId };
  visit = await insertVisit({ ...base, userId: people.patient.userId });
  // The other patient's own online visit with the same doctor, a day later.
  othersVisit = await insertVisit({
    ...base,
    userId: people.otherPatient.userId,
    during: '[2026-12-08T09:00:00Z,2026-12-08T09:30:00Z)',
  });
  clinicVisit = await insertVisit({
    ...base,
    userId: people.patient.userId,
    visitType: 'clinic',
    during: '[2026-12-09T09:00:00Z,2026-12-09T09:30:00Z)',
  });
  canceledVisit = await insertVisit({
    ...base,
    userId: people.patient.userId,
    status: 'canceled',
    during: '[2026-12-10T09:00:00Z,2026-12-10T09:30:00Z)',
  });
});

afterAll(async () => {
  await app?.close();
  await other?.close();
  await database?.close();
});

interface Peer {
  socket: WebSocket;
  messages: Record<string, unknown>[];
  closed: Promise<number>;
  send(message: unknown): void;
}

/** A browser in the room: opens the socket and waits for the welcome. */
async function join(s: TestSession, id: number, base = url): Promise<Peer> {
  const socket = new WebSocket(`${base}${id}`, { headers: { cookie: cookieOf(s), origin: PUBLIC_URL } });
  const messages: Record<string, unknown>[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data))));
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
    socket.once('unexpected-response', (_q, r) => reject(new Error(`refused ${r.statusCode}`)));
  });
  await expect.poll(() => messages[0]?.type).toBe('welcome');
  return {
    socket,
    messages,
    closed,
    send: (m) => socket.send(typeof m === 'string' ? m : JSON.stringify(m)),
  };
}

/** A handshake that must be refused: its status and its JSON body. */
function refusal(id: number | string, headers: Record<string, string>) {
  return new Promise<{ status: number; body: { detail?: string; code?: string } }>((resolve, reject) => {
    const socket = new WebSocket(`${url}${id}`, { headers });
    socket.once('open', () => reject(new Error('admitted')));
    socket.once('unexpected-response', (_q, r: IncomingMessage) => {
      let text = '';
      r.on('data', (c) => {
        text += c;
      });
      r.on('end', () => resolve({ status: r.statusCode ?? 0, body: JSON.parse(text) }));
    });
  });
}

const as = (s: TestSession) => ({ cookie: cookieOf(s), origin: PUBLIC_URL });

async function atTime<T>(at: string, run: () => Promise<T>): Promise<T> {
  now = new Date(at);
  try {
    return await run();
  } finally {
    now = DURING;
  }
}

describe('who gets into the room', () => {
  it('refuses anyone but the visit’s patient and doctor, with {detail}', async () => {
    expect(await refusal(visit, { origin: PUBLIC_URL })).toEqual({
      status: 401,
      body: expect.objectContaining({ detail: ROOM_TEXTS.signIn }),
    });
    for (const who of ['otherPatient', 'otherDoctor', 'clinic', 'staff'] as const) {
      const { status, body } = await refusal(visit, as(people[who]));
      expect([who, status, body.detail]).toEqual([who, 403, ROOM_TEXTS.notYours]);
    }
    // The patient of this visit is a stranger in another patient's room, and the other way round.
    expect((await refusal(othersVisit, as(people.patient))).status).toBe(403);
    expect((await refusal(visit, as(people.otherPatient))).status).toBe(403);
  });

  it('has no room for a visit that is not online, a cancelled one, or an id that does not exist', async () => {
    for (const id of [clinicVisit, canceledVisit, 999_999, '0x1', 'abc', '12345678901']) {
      const { status, body } = await refusal(id, as(people.patient));
      expect([id, status]).toEqual([id, 404]);
      if (typeof id === 'number') expect(body.detail).toBe(ROOM_TEXTS.notFound);
    }
  });

  it('refuses another site’s page even with the patient’s cookies', async () => {
    const { status } = await refusal(visit, {
      cookie: cookieOf(people.patient),
      origin: 'https://evil.example',
    });
    expect(status).toBe(403);
  });

  it('opens 10 minutes before the visit and closes 30 minutes after its end', async () => {
    const early = await atTime('2026-12-07T08:49:59Z', () => refusal(visit, as(people.patient)));
    expect(early).toEqual({
      status: 403,
      body: expect.objectContaining({ code: 'room_early', detail: ROOM_TEXTS.early('11:50') }),
    });
    const over = await atTime('2026-12-07T10:00:00Z', () => refusal(visit, as(people.doctor)));
    expect(over).toEqual({ status: 403, body: expect.objectContaining({ code: 'room_over' }) });
    const first = await atTime('2026-12-07T08:50:00Z', () => join(people.patient, visit));
    first.socket.close();
  });

  it('welcomes the visit’s doctor with the ICE servers and a TURN credential of his own that ends after the room', async () => {
    const doctor = await join(people.doctor, visit);
    const welcome = doctor.messages[0] as {
      role: string;
      closesAt: string;
      iceServers: { urls: string[]; username?: string; credential?: string }[];
    };
    expect(welcome.role).toBe('doctor');
    expect(welcome.closesAt).toBe('2026-12-07T10:00:00.000Z');
    expect(welcome.iceServers[0]).toEqual({ urls: ICE.stunUrls });
    const turn = welcome.iceServers[1];
    expect(turn.urls).toEqual(ICE.turnUrls);
    const [expiry, label] = (turn.username ?? '').split(':');
    expect(label).toBe(`visit-${visit}-doctor`);
    // Until the room closes (13:00 Moscow) and ten minutes more.
    expect(Number(expiry)).toBe(Date.parse('2026-12-07T10:10:00Z') / 1000);
    expect(turn.credential).toBe(
      createHmac('sha1', TURN_SECRET)
        .update(turn.username ?? '')
        .digest('base64'),
    );
    doctor.socket.close();
  });
});

describe('between the two sides', () => {
  it('relays the offer, the candidates, the switches and the text line to the other side only', async () => {
    const doctor = await join(people.doctor, visit);
    const patient = await join(people.patient, visit);
    patient.send({ type: 'hello' });
    await expect.poll(() => doctor.messages.at(-1)).toEqual({ type: 'hello', from: 'patient' });
    const offer = {
      type: 'description',
      description: { type: 'offer', sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' },
    };
    doctor.send(offer);
    await expect.poll(() => patient.messages.at(-1)).toEqual({ ...offer, from: 'doctor' });
    const candidate = {
      type: 'candidate',
      candidate: {
        candidate: 'candidate:1 1 udp 2122260223 192.0.2.1 54400 typ host',
        sdpMid: '0',
        sdpMLineIndex: 0,
      },
    };
    patient.send(candidate);
    await expect.poll(() => doctor.messages.at(-1)).toEqual({ ...candidate, from: 'patient' });
    patient.send({ type: 'media', camera: false, microphone: true });
    await expect
      .poll(() => doctor.messages.at(-1))
      .toEqual({ type: 'media', camera: false, microphone: true, from: 'patient' });
    doctor.send({ type: 'text', text: '  https://example.ru/анализы  ' });
    await expect
      .poll(() => patient.messages.at(-1))
      .toEqual({
        type: 'text',
        text: 'https://example.ru/анализы',
        from: 'doctor',
      });
    // Nobody hears themselves; garbage is answered, not relayed.
    expect(doctor.messages.filter((m) => m.from === 'doctor')).toEqual([]);
    const before = doctor.messages.length;
    patient.send('not json');
    patient.send({ type: 'text', text: '' });
    patient.send({ type: 'description', description: { type: 'rollback', sdp: '' } });
    patient.send({ type: 'join' });
    await expect.poll(() => patient.messages.filter((m) => m.type === 'error').length).toBe(4);
    patient.send({ type: 'bye' });
    await expect.poll(() => doctor.messages.at(-1)).toEqual({ type: 'bye', from: 'patient' });
    expect(doctor.messages.slice(before, -1)).toEqual([]);
    patient.socket.close();
    doctor.socket.close();
  });

  it('relays between two app processes: the patient on one, the doctor on the other', async () => {
    const patient = await join(people.patient, visit, url);
    const doctor = await join(people.doctor, visit, otherUrl);
    doctor.send({ type: 'hello' });
    await expect.poll(() => patient.messages.at(-1)).toEqual({ type: 'hello', from: 'doctor' });
    patient.send({ type: 'text', text: 'Слышу вас' });
    await expect
      .poll(() => doctor.messages.at(-1))
      .toEqual({ type: 'text', text: 'Слышу вас', from: 'patient' });
    patient.socket.close();
    doctor.socket.close();
  });

  it('keeps the newest tab of a side: the older one is closed as replaced', async () => {
    const first = await join(people.patient, visit);
    const second = await join(people.patient, visit, otherUrl);
    expect(await first.closed).toBe(ROOM_CLOSE.replaced);
    const doctor = await join(people.doctor, visit);
    doctor.send({ type: 'hello' });
    await expect.poll(() => second.messages.at(-1)).toEqual({ type: 'hello', from: 'doctor' });
    second.socket.close();
    doctor.socket.close();
  });

  it('closes the socket when the room’s time ends', async () => {
    now = new Date('2026-12-07T09:59:59.300Z');
    try {
      const patient = await join(people.patient, visit);
      expect(await patient.closed).toBe(ROOM_CLOSE.closed);
    } finally {
      now = DURING;
    }
  });
});

describe('limits', () => {
  it('closes a socket that sends a message larger than an SDP can be', async () => {
    const patient = await join(people.patient, visit);
    patient.send({ type: 'text', text: 'x'.repeat(ROOM_MESSAGE_MAX_BYTES) });
    expect(await patient.closed).toBe(ROOM_CLOSE.abuse);
  });

  it('refuses a frame past the websocket limit before reading it whole', async () => {
    const patient = await join(people.patient, visit);
    patient.send('x'.repeat(70 * 1024));
    expect(await patient.closed).toBe(1009);
  });

  it('answers text lines sent too fast, and closes a flood of messages', async () => {
    const patient = await join(people.patient, visit);
    for (let i = 0; i < 8; i++) patient.send({ type: 'text', text: `строка ${i}` });
    await expect
      .poll(() => patient.messages.filter((m) => m.detail === ROOM_TEXTS.tooFast).length)
      .toBeGreaterThan(0);
    for (let i = 0; i < 400; i++) patient.send({ type: 'media', camera: true, microphone: true });
    expect(await patient.closed).toBe(ROOM_CLOSE.abuse);
  });
});

describe('the booking’s messages', () => {
  it('give an online visit’s room link and what the patient needs instead of the clinic’s address', async () => {
    const patient = await signedInAs(app, database.db, { phone: '79165550101' });
    const res = await patient.inject({
      url: '/ajax/appointment/create/',
      payload: {
        ...spot,
        type: 'telemed',
        slot: '08.12.2026 10:00',
        last_name: 'Петров',
        first_name: 'Олег',
        patronymic: 'Игоревич',
        birth_date: '1985-02-11',
        request_key: 'online-room-messages-1',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json().appointment as { id: number };
    await app.jobs.runDue();
    const outbox = (await app.inject({ url: '/dev/outbox.json' })).json() as {
      messages: { phone: string; text: string }[];
    };
    const room = `${PUBLIC_URL}/appointment/${id}/online/`;
    expect(outbox.messages.find((m) => m.phone === '79165550101')?.text).toMatch(
      new RegExp(
        `^Вы записаны к врачу .+ 08\\.12 в 10:00, онлайн: ${room.replace(/[./]/g, '\\$&')} \\(нужны браузер, камера и наушники\\)`,
      ),
    );
    const ics = await patient.inject({ method: 'GET', url: `/appointment/${id}/ics/` });
    expect(ics.statusCode).toBe(200);
    expect(ics.body).toContain(`LOCATION:${room}\r\nURL:${room}\r\n`);
  });
});

describe('the room’s page', () => {
  it('tells both sides the visit on the clinic’s clock, and gives the doctor the patient’s phone', async () => {
    const online = createOnlineRoomService({ db: database.db, clock, ice: ICE });
    const viewerOf = (s: TestSession, role: string, doctorId: number | null = null) => ({
      isAnonymous: false,
      isRealPatient: role === 'patient',
      isStaff: false,
      isDoctor: role === 'doctor',
      isLpu: false,
      userPhone: '',
      medtochkaUuid: '',
      userId: s.userId,
      role: role as 'patient' | 'doctor',
      doctorId,
      clinicId: null,
    });
    const [row] = await database.db.select().from(appointments).where(eq(appointments.id, visit));
    const page = await online.page(viewerOf(people.doctor, 'doctor', row.doctorId), visit, DURING);
    expect(page).toMatchObject({
      id: visit,
      role: 'doctor',
      time: 'open',
      when: '7 декабря 2026, понедельник, 12:00',
      opensAtTime: '11:50',
      closesAt: '2026-12-07T10:00:00.000Z',
      patientName: 'Петрова Анна Сергеевна',
      patientPhone: '+7 (916) 123-45-67',
      patientPhoneHref: 'tel:+79161234567',
      socketUrl: `/ws/online/${visit}`,
    });
    expect(page.doctorName).not.toBe('');
    const early = await online.page(
      viewerOf(people.patient, 'patient'),
      visit,
      new Date('2026-12-07T08:00:00Z'),
    );
    expect([early.role, early.time]).toEqual(['patient', 'early']);
    await expect(online.page(viewerOf(people.otherPatient, 'patient'), visit)).rejects.toMatchObject({
      status: 403,
    });
  });
});

describe('the room’s page headers', () => {
  it('let the room’s page use the camera and the microphone, and no other page', async () => {
    const room = await app.inject({ url: `/appointment/${visit}/online/` });
    expect(room.headers['permissions-policy']).toContain('camera=(self)');
    expect(room.headers['permissions-policy']).toContain('microphone=(self)');
    expect(room.headers['permissions-policy']).toContain('payment=()');
    for (const url of [`/appointment/${visit}/`, '/appointment/1/online-x/', '/']) {
      const other = await app.inject({ url });
      expect([url, other.headers['permissions-policy']]).toEqual([url, expect.stringContaining('camera=()')]);
    }
  });
});

describe('the room after a cancellation', () => {
  it('is no longer open once the visit is cancelled (the open socket checks and closes)', async () => {
    const online = createOnlineRoomService({ db: database.db, clock, ice: ICE });
    const id = await insertVisit({
      clinicId: (await database.db.select().from(appointments).where(eq(appointments.id, visit)))[0].clinicId,
      doctorId: (await database.db.select().from(appointments).where(eq(appointments.id, visit)))[0].doctorId,
      workplaceId: (await database.db.select().from(appointments).where(eq(appointments.id, visit)))[0]
        .workplaceId,
      userId: people.patient.userId,
      during: '[2026-12-07T10:00:00Z,2026-12-07T10:30:00Z)',
    });
    expect(await online.stillOpen(id, new Date('2026-12-07T09:55:00Z'))).toBe(true);
    await database.db.update(appointments).set({ status: 'canceled' }).where(eq(appointments.id, id));
    expect(await online.stillOpen(id, new Date('2026-12-07T09:55:00Z'))).toBe(false);
  });
});

describe.skipIf(!process.env.REDIS_URL)('over Redis', () => {
  const opened: { bus: EventBus; client: Redis }[] = [];
  afterAll(async () => {
    for (const { bus, client } of opened) {
      await bus.close();
      client.disconnect();
    }
  });

  it('relays between two processes that share only Redis', async () => {
    const redisUrl = process.env.REDIS_URL ?? '';
    const quiet = { warn: () => {}, info: () => {} };
    const apps = await Promise.all(
      [0, 1].map(async () => {
        const client = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 0 });
        const redisBus = createRedisBus(redisUrl, client, quiet);
        opened.push({ bus: redisBus, client });
        const a = await buildApp({ db: database.db, clock, publicUrl: PUBLIC_URL, bus: redisBus, ice: ICE });
        return {
          a,
          base: `${(await a.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/ws/online/`,
        };
      }),
    );
    try {
      const patient = await join(people.patient, visit, apps[0].base);
      const doctor = await join(people.doctor, visit, apps[1].base);
      await expect
        .poll(
          () => {
            doctor.send({ type: 'hello' });
            return patient.messages.some((m) => m.type === 'hello' && m.from === 'doctor');
          },
          { timeout: 10_000 },
        )
        .toBe(true);
      patient.socket.close();
      doctor.socket.close();
    } finally {
      for (const { a } of apps) await a.close();
    }
  });
});
