/**
 * A clinic network's account runs each of its branches from one sign-in: it lists the network's
 * branches, switches this browser's session to one, and every cabinet call then acts for that
 * branch. Nobody else switches, and a branch that leaves the network is no longer run.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CabinetBranches } from '../../../core/cabinet/branches';
import type { CabinetPrices } from '../../../core/cabinet/price-contracts';
import { sessions, users } from '../../db/schema/auth';
import { cabinetAudit } from '../../db/schema/cabinet';
import { clinicNetworks, clinics } from '../../db/schema/clinics';
import { workplaces } from '../../db/schema/doctors';
import { scheduleRules } from '../../db/schema/schedule';
import { clinicServices } from '../../db/schema/services';
import { createClinic, createClinicService, createDoctor } from '../../db/seed/factories';
import { signedInAs, type TestSession } from '../../testing/session';
import { hashToken, SESSION_COOKIE } from '../auth/sessions';
import { bookingFixture, type Spot } from '../booking/booking-fixture';

const t = bookingFixture();

const BRANCHES = '/cabinet/ajax/branches/';
const CURRENT = '/cabinet/ajax/branches/current/';

let networkSeq = 0;

/** A network of new clinics in the fixture's town, each with a doctor booked online on Mondays. */
async function network(size: number) {
  const [{ id: networkId }] = await t.db
    .insert(clinicNetworks)
    .values({ name: `Сеть «Здоровье ${++networkSeq}»` })
    .returning({ id: clinicNetworks.id });
  const town = await townOfFixture();
  const branches: Spot[] = [];
  for (let i = 0; i < size; i++) {
    const clinic = await createClinic(t.db, { townId: town, networkId, isAppointmentOn: true });
    const doctor = await createDoctor(t.db, { townId: town, clinicIds: [clinic.id] });
    await t.db.update(workplaces).set({ isAppointmentOn: true }).where(eq(workplaces.doctorId, doctor.id));
    await t.db.insert(scheduleRules).values({
      workplaceId: doctor.workplaces[0].id,
      weekday: 1,
      startTime: '09:00',
      endTime: '12:00',
      slotMinutes: 30,
      validFrom: '2026-01-01',
    });
    branches.push({ doctor_id: doctor.id, lpu_id: clinic.id });
  }
  return { networkId, branches };
}

async function townOfFixture(): Promise<number> {
  const spot = await t.doctor();
  const [row] = await t.db
    .select({ townId: clinics.townId })
    .from(clinics)
    .where(eq(clinics.id, spot.lpu_id));
  return row.townId;
}

/** The network's account, signed in on its first branch. */
async function networkAccount(networkId: number, home: number): Promise<TestSession> {
  const session = await signedInAs(t.app, t.db, { role: 'clinic', clinicId: home });
  await t.db.update(users).set({ networkId }).where(eq(users.id, session.userId));
  return session;
}

const list = (s: TestSession) => s.inject({ method: 'GET', url: BRANCHES });
const choose = (s: TestSession, payload: unknown) =>
  s.inject({ method: 'PUT', url: CURRENT, payload: payload as Record<string, unknown> });
const visitsOf = async (s: TestSession) => {
  const res = await s.inject({ method: 'GET', url: '/cabinet/ajax/appointments/?date=2026-11-23' });
  expect(res.statusCode).toBe(200);
  return res.json().visits.map((v: { id: number }) => v.id);
};

async function booked(spot: Spot, slot: string): Promise<number> {
  const res = await t.book(await t.patient(), t.form(spot, { slot }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().appointment.id;
}

async function switches(s: TestSession) {
  const rows = await t.db.select().from(cabinetAudit).where(eq(cabinetAudit.userId, s.userId));
  return rows.filter((r) => r.action === 'branch.switched');
}

async function actingOf(s: TestSession) {
  const [row] = await t.db
    .select({ acting: sessions.actingClinicId })
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(s.cookies[SESSION_COOKIE])));
  return row.acting;
}

describe("a clinic network's account", () => {
  it('lists only its own network’s branches, with the one it runs', async () => {
    const ours = await network(2);
    const theirs = await network(1);
    const account = await networkAccount(ours.networkId, ours.branches[0].lpu_id);
    const res = await list(account);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body: CabinetBranches = res.json();
    expect(body.current).toBe(ours.branches[0].lpu_id);
    expect(body.branches.map((b) => b.id).sort()).toEqual(ours.branches.map((b) => b.lpu_id).sort());
    expect(body.branches.map((b) => b.id)).not.toContain(theirs.branches[0].lpu_id);
    const [row] = await t.db.select().from(clinics).where(eq(clinics.id, ours.branches[1].lpu_id));
    expect(body.branches.find((b) => b.id === row.id)).toEqual({
      id: row.id,
      name: row.name,
      address: `${row.street}, ${row.house}`,
      town: expect.any(String),
    });
  });

  it('switches to another branch: the cabinet answers for it, and edits touch it alone', async () => {
    const { networkId, branches } = await network(2);
    const [a, b] = branches;
    const visitA = await booked(a, '23.11.2026 09:00');
    const visitB = await booked(b, '23.11.2026 10:00');
    const lineA = await createClinicService(t.db, { clinicId: a.lpu_id, priceFull: 1000 });
    const lineB = await createClinicService(t.db, {
      clinicId: b.lpu_id,
      synonymId: lineA.synonymId,
      priceFull: 2000,
    });
    const account = await networkAccount(networkId, a.lpu_id);
    expect(await visitsOf(account)).toEqual([visitA]);

    const res = await choose(account, { clinic_id: b.lpu_id });
    expect(res.statusCode).toBe(200);
    expect(res.json().current).toBe(b.lpu_id);
    expect((await list(account)).json().current).toBe(b.lpu_id);
    expect(await visitsOf(account)).toEqual([visitB]);

    const prices: CabinetPrices = (
      await account.inject({ method: 'GET', url: '/cabinet/ajax/prices/' })
    ).json();
    expect(prices.clinicId).toBe(b.lpu_id);
    const line = prices.groups.flatMap((g) => g.lines).find((l) => l.id === lineB.id);
    if (!line) throw new Error('branch B’s line is not listed');
    expect(prices.groups.flatMap((g) => g.lines).map((l) => l.id)).not.toContain(lineA.id);
    const body = (price: number) => ({
      name: line.name,
      duration_minutes: line.durationMinutes,
      price_full: price,
      price_club: line.priceClub,
      requires_primary_consultation: line.requiresPrimaryConsultation,
      appointment_on: line.appointmentOn,
      has_intervals: line.hasIntervals,
      is_available_appointment_direct: line.isAvailableAppointmentDirect,
      version: line.version,
    });
    const saved = await account.inject({ url: `/cabinet/ajax/prices/${lineB.id}/`, payload: body(2500) });
    expect(saved.statusCode).toBe(200);
    // A's line is not B's to edit while B is run: not found, as any other clinic's line.
    const foreign = await account.inject({ url: `/cabinet/ajax/prices/${lineA.id}/`, payload: body(9999) });
    expect(foreign.statusCode).toBe(404);
    const rows = await t.db
      .select()
      .from(clinicServices)
      .where(eq(clinicServices.synonymId, lineA.synonymId));
    expect(Object.fromEntries(rows.map((r) => [r.clinicId, r.priceFull]))).toEqual({
      [a.lpu_id]: 1000,
      [b.lpu_id]: 2500,
    });

    // The switch is audited: who, which branch before and after, when.
    expect(await switches(account)).toEqual([
      expect.objectContaining({
        userId: account.userId,
        targetType: 'clinics',
        targetId: b.lpu_id,
        before: { clinicId: a.lpu_id },
        after: { clinicId: b.lpu_id },
        at: expect.any(Date),
      }),
    ]);

    // Choosing the branch it runs again changes nothing and writes no second line.
    const again = await choose(account, { clinic_id: b.lpu_id });
    expect(again.statusCode).toBe(200);
    expect(again.json().current).toBe(b.lpu_id);
    expect(await switches(account)).toHaveLength(1);

    // Another browser of the same account still runs its own clinic.
    const [other] = [
      await signedInAs(t.app, t.db, { role: 'clinic', clinicId: a.lpu_id, phone: await phoneOf(account) }),
    ];
    expect((await list(other)).json().current).toBe(a.lpu_id);
  });

  it('refuses another network’s clinic, and keeps the branch it ran', async () => {
    const ours = await network(2);
    const theirs = await network(1);
    const account = await networkAccount(ours.networkId, ours.branches[0].lpu_id);
    expect((await choose(account, { clinic_id: ours.branches[1].lpu_id })).statusCode).toBe(200);
    const res = await choose(account, { clinic_id: theirs.branches[0].lpu_id });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'forbidden', detail: 'Это не филиал вашей сети' });
    // A clinic in no network, and one that does not exist, are refused alike.
    expect((await choose(account, { clinic_id: (await t.doctor()).lpu_id })).statusCode).toBe(403);
    expect((await choose(account, { clinic_id: 2_000_000_000 })).statusCode).toBe(403);
    expect((await list(account)).json().current).toBe(ours.branches[1].lpu_id);
    expect(await actingOf(account)).toBe(ours.branches[1].lpu_id);
    expect(await switches(account)).toHaveLength(1);
  });

  it('answers garbage with 400, a missing token with 403 and nobody with 401', async () => {
    const { networkId, branches } = await network(2);
    const account = await networkAccount(networkId, branches[0].lpu_id);
    for (const payload of [
      {},
      { clinic_id: 'x' },
      { clinic_id: -1 },
      { clinic_id: 1.5 },
      { clinic_id: true },
      [1],
    ]) {
      const res = await choose(account, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'bad_request', detail: 'Выберите филиал' });
    }
    const noCsrf = await t.app.inject({
      method: 'PUT',
      url: CURRENT,
      cookies: { [SESSION_COOKIE]: account.cookies[SESSION_COOKIE] },
      payload: { clinic_id: branches[1].lpu_id },
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(await actingOf(account)).toBeNull();

    const anonymous = await t.app.inject({ method: 'GET', url: BRANCHES });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ detail: 'Войдите как клиника, чтобы выбрать филиал' });
  });

  it('is refused to a branch’s own account, a doctor and a patient', async () => {
    const { branches } = await network(2);
    const plain = await signedInAs(t.app, t.db, { role: 'clinic', clinicId: branches[0].lpu_id });
    for (const s of [
      plain,
      await signedInAs(t.app, t.db, { role: 'doctor', doctorId: branches[0].doctor_id }),
      await t.patient(),
    ]) {
      expect((await list(s)).statusCode).toBe(403);
      const res = await choose(s, { clinic_id: branches[1].lpu_id });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ detail: 'Филиал выбирает только аккаунт сети клиник' });
    }
    expect(await visitsOf(plain)).toEqual([]);
    expect((await plain.inject({ method: 'GET', url: '/cabinet/ajax/prices/' })).json().clinicId).toBe(
      branches[0].lpu_id,
    );
  });

  it('falls back to its own clinic once the branch it ran leaves the network', async () => {
    const { networkId, branches } = await network(3);
    const [home, b] = branches;
    const visitHome = await booked(home, '23.11.2026 11:00');
    const account = await networkAccount(networkId, home.lpu_id);
    expect((await choose(account, { clinic_id: b.lpu_id })).statusCode).toBe(200);
    expect(await visitsOf(account)).toEqual([]);

    const [{ id: elsewhere }] = await t.db.insert(clinicNetworks).values({ name: 'Другая сеть' }).returning();
    await t.db.update(clinics).set({ networkId: elsewhere }).where(eq(clinics.id, b.lpu_id));
    expect((await list(account)).json().current).toBe(home.lpu_id);
    expect(await visitsOf(account)).toEqual([visitHome]);
    expect((await list(account)).json().branches.map((x: { id: number }) => x.id)).not.toContain(b.lpu_id);
    expect((await choose(account, { clinic_id: b.lpu_id })).statusCode).toBe(403);

    // The account itself leaving the network makes it a plain account of its own clinic.
    await t.db.update(users).set({ networkId: null }).where(eq(users.id, account.userId));
    expect((await list(account)).statusCode).toBe(403);
    expect(await visitsOf(account)).toEqual([visitHome]);
  });

  it('closes its live list’s socket on a switch, and the list reconnects to the new branch', async () => {
    const { default: WebSocket } = await import('ws');
    const { networkId, branches } = await network(2);
    const [a, b] = branches;
    const account = await networkAccount(networkId, a.lpu_id);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${address.replace('http', 'ws')}/ws/cabinet/appointments`;
    const cookie = Object.entries(account.cookies)
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
    const listen = async () => {
      const socket = new WebSocket(url, { headers: { cookie } });
      const messages: { change: string; appointmentId?: number }[] = [];
      let closed: number | null = null;
      socket.on('message', (data) => messages.push(JSON.parse(String(data))));
      socket.on('close', (code) => {
        closed = code;
      });
      await new Promise((resolve, reject) => {
        socket.once('open', resolve);
        socket.once('error', reject);
      });
      await expect.poll(() => messages.length).toBe(1);
      return { socket, messages, closed: () => closed };
    };
    const first = await listen();
    expect((await choose(account, { clinic_id: b.lpu_id })).statusCode).toBe(200);
    await expect.poll(() => first.closed()).toBe(4001);

    const second = await listen();
    const visit = await booked(b, '23.11.2026 11:30');
    await expect.poll(() => second.messages.at(-1)).toEqual({ change: 'booked', appointmentId: visit });
    await booked(a, '23.11.2026 11:30');
    second.socket.close();
  });
});

async function phoneOf(s: TestSession): Promise<string> {
  const [row] = await t.db.select({ phone: users.phone }).from(users).where(eq(users.id, s.userId));
  return row.phone ?? '';
}
