import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { PEOPLE_TEXTS } from '../../../core/cabinet/people';
import { PERMISSION_TEXTS } from '../../../core/cabinet/permissions';
import { clinicMembers } from '../../db/schema/auth';
import { cabinetAudit } from '../../db/schema/cabinet';
import { createClinic, createDoctor, createTown } from '../../db/seed/factories';
import { signedInAs, type TestSession } from '../../testing/session';
import { sessionCookie, setUpAuthApp } from '../auth/testing';

/**
 * The people of a clinic (docs/product/roles.md): administrators invite, change and remove
 * people; every cabinet call answers a role only what core/cabinet/permissions.ts allows it.
 */
const t = setUpAuthApp();
const place = { townId: 0, clinicId: 0, otherClinicId: 0, doctorId: 0, otherDoctorId: 0 };

beforeAll(async () => {
  const db = t.database.db;
  const town = await createTown(db, { tz: 'Europe/Moscow' });
  const clinic = await createClinic(db, { townId: town.id });
  const other = await createClinic(db, { townId: town.id });
  const doctor = await createDoctor(db, { townId: town.id, clinicIds: [clinic.id] });
  const otherDoctor = await createDoctor(db, { townId: town.id, clinicIds: [other.id] });
  Object.assign(place, {
    townId: town.id,
    clinicId: clinic.id,
    otherClinicId: other.id,
    doctorId: doctor.id,
    otherDoctorId: otherDoctor.id,
  });
}, 60_000);

const admin = (clinicId = place.clinicId) => signedInAs(t.app, t.database.db, { role: 'clinic', clinicId });

const people = (s: TestSession) => s.inject({ method: 'GET', url: '/cabinet/ajax/people/' });
const invite = (s: TestSession, payload: Record<string, unknown>) =>
  s.inject({ method: 'POST', url: '/cabinet/ajax/people/', payload });
const change = (s: TestSession, id: number, payload: Record<string, unknown>) =>
  s.inject({ method: 'PATCH', url: `/cabinet/ajax/people/${id}/`, payload });
const remove = (s: TestSession, id: number) =>
  s.inject({ method: 'DELETE', url: `/cabinet/ajax/people/${id}/` });

/** A browser signed in through the real codes (request, confirm, login). */
async function signedInByCode(phone: string) {
  const login = await t.signIn(phone);
  expect(login.statusCode).toBe(200);
  const token = sessionCookie(login)?.value as string;
  const cookies = { sessionid: token, csrftoken: t.csrf };
  const call = (
    method: 'GET' | 'POST' | 'DELETE' | 'PATCH',
    url: string,
    payload?: Record<string, unknown>,
  ) => t.app.inject({ method, url, payload, cookies, headers: { 'x-csrftoken': t.csrf } });
  return { login, call };
}

const personOf = (res: LightMyRequestResponse, phone: string) =>
  (res.json().people as { id: number; phone: string; role: string }[]).find((p) => p.phone === phone);

describe('inviting people', () => {
  it('lets an administrator invite a receptionist who signs in by phone and runs the desk only', async () => {
    const boss = await admin();
    const phone = t.newPhone();
    const invited = await invite(boss, { phone: `+${phone}`, role: 'receptionist', name: 'Ольга' });
    expect(invited.statusCode).toBe(200);
    expect(personOf(invited, phone)).toMatchObject({ role: 'receptionist', isMe: false, doctor: null });
    expect(invited.json().people.find((p: { isMe: boolean }) => p.isMe)).toMatchObject({
      role: 'administrator',
    });

    const desk = await signedInByCode(phone);
    expect(desk.login.json().user).toMatchObject({ isLpu: true, clinicRole: 'receptionist' });
    expect((await desk.call('GET', '/cabinet/ajax/appointments/')).statusCode).toBe(200);
    expect((await desk.call('GET', '/cabinet/ajax/schedule/days-off/')).statusCode).toBe(200);
    for (const [method, url] of [
      ['GET', '/cabinet/ajax/prices/'],
      ['GET', '/cabinet/ajax/people/'],
      ['GET', '/cabinet/ajax/mis-keys/'],
      ['GET', '/cabinet/ajax/clinic/about/'],
      ['GET', '/cabinet/ajax/settings/'],
      ['POST', '/cabinet/ajax/people/'],
    ] as const) {
      const res = await desk.call(
        method,
        url,
        method === 'POST' ? { phone: t.newPhone(), role: 'administrator' } : undefined,
      );
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().detail).toBe(PERMISSION_TEXTS.refused);
    }
  });

  it("writes the acting person in the audit log, the receptionist's own writes too", async () => {
    const boss = await admin();
    const phone = t.newPhone();
    const invited = await invite(boss, { phone, role: 'receptionist' });
    const id = personOf(invited, phone)?.id as number;
    const [row] = await t.database.db
      .select()
      .from(cabinetAudit)
      .where(and(eq(cabinetAudit.action, 'people.invited'), eq(cabinetAudit.targetId, id)));
    expect(row.userId).toBe(boss.userId);

    const desk = await signedInByCode(phone);
    const deskUser = desk.login.json().user;
    expect(deskUser.clinicRole).toBe('receptionist');
    const off = await desk.call('POST', '/cabinet/ajax/schedule/days-off/', {
      doctor_id: place.doctorId,
      from: '2026-12-07',
      to: '2026-12-07',
    });
    expect(off.statusCode).toBe(201);
    const [member] = await t.database.db.select().from(clinicMembers).where(eq(clinicMembers.id, id));
    const writes = await t.database.db
      .select()
      .from(cabinetAudit)
      .where(eq(cabinetAudit.userId, member.userId));
    expect(writes.map((w) => w.action)).toEqual(['days_off.added']);
  });

  it('refuses a bad phone, a taken phone, a doctor login without a doctor of the clinic', async () => {
    const boss = await admin();
    expect((await invite(boss, { phone: '12', role: 'receptionist' })).json().detail).toBe(
      PEOPLE_TEXTS.phoneInvalid,
    );
    const patientPhone = t.newPhone();
    await signedInAs(t.app, t.database.db, { phone: patientPhone });
    const taken = await invite(boss, { phone: patientPhone, role: 'receptionist' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().detail).toBe(PEOPLE_TEXTS.phoneTaken);
    const noDoctor = await invite(boss, { phone: t.newPhone(), role: 'doctor' });
    expect(noDoctor.statusCode).toBe(400);
    expect(noDoctor.json().detail).toBe(PEOPLE_TEXTS.doctorRequired);
    const notOurs = await invite(boss, {
      phone: t.newPhone(),
      role: 'doctor',
      doctor_id: place.otherDoctorId,
    });
    expect(notOurs.statusCode).toBe(400);
    expect(notOurs.json().detail).toBe(PEOPLE_TEXTS.notOurDoctor);
  });

  it("links a doctor login to the clinic's doctor: his own calendar and profile, nothing of the clinic", async () => {
    const boss = await admin();
    const phone = t.newPhone();
    const invited = await invite(boss, { phone, role: 'doctor', doctor_id: place.doctorId });
    expect(invited.statusCode).toBe(200);
    expect(personOf(invited, phone)).toMatchObject({ role: 'doctor', doctor: { id: place.doctorId } });
    // One login per doctor.
    const again = await invite(boss, { phone: t.newPhone(), role: 'doctor', doctor_id: place.doctorId });
    expect(again.statusCode).toBe(409);

    const doctor = await signedInByCode(phone);
    expect(doctor.login.json().user).toMatchObject({ isDoctor: true, isLpu: false });
    expect((await doctor.call('GET', '/cabinet/ajax/appointments/')).statusCode).toBe(200);
    expect((await doctor.call('GET', `/cabinet/ajax/profile/?doctor=${place.doctorId}`)).statusCode).toBe(
      200,
    );
    expect((await doctor.call('GET', '/cabinet/ajax/prices/')).statusCode).toBe(403);
    expect((await doctor.call('GET', '/cabinet/ajax/people/')).statusCode).toBe(403);
  });
});

describe('changing and removing people', () => {
  it("ends a removed person's sessions at once, and a new sign-in opens nothing", async () => {
    const boss = await admin();
    const phone = t.newPhone();
    const id = personOf(await invite(boss, { phone, role: 'receptionist' }), phone)?.id as number;
    const desk = await signedInByCode(phone);
    expect((await desk.call('GET', '/cabinet/ajax/appointments/')).statusCode).toBe(200);

    const removed = await remove(boss, id);
    expect(removed.statusCode).toBe(200);
    expect(personOf(removed, phone)).toBeUndefined();
    expect((await desk.call('GET', '/cabinet/ajax/appointments/')).statusCode).toBe(401);

    t.advance(3600_000); // past the phone's resend interval
    const again = await signedInByCode(phone);
    expect(again.login.json().user).toMatchObject({ isLpu: true, clinicRole: null });
    expect((await again.call('GET', '/cabinet/ajax/appointments/')).statusCode).toBe(403);
    const [audit] = await t.database.db
      .select()
      .from(cabinetAudit)
      .where(and(eq(cabinetAudit.action, 'people.removed'), eq(cabinetAudit.targetId, id)));
    expect(audit.userId).toBe(boss.userId);

    // Invited again, the same account comes back.
    const back = await invite(boss, { phone, role: 'receptionist' });
    expect(back.statusCode).toBe(200);
    expect((await again.call('GET', '/cabinet/ajax/appointments/')).statusCode).toBe(200);
  });

  it('never lets the clinic lose its last administrator', async () => {
    const clinic = await createClinic(t.database.db, { townId: place.townId });
    const boss = await admin(clinic.id);
    const me = (await people(boss)).json().people[0];
    expect(me).toMatchObject({ role: 'administrator', isMe: true });

    const demote = await change(boss, me.id, { role: 'receptionist' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().detail).toBe(PEOPLE_TEXTS.lastAdministrator);
    const leave = await remove(boss, me.id);
    expect(leave.statusCode).toBe(409);
    expect(leave.json().detail).toBe(PEOPLE_TEXTS.lastAdministrator);

    // With a second administrator, the first may step down.
    const phone = t.newPhone();
    await invite(boss, { phone, role: 'administrator' });
    const stepped = await change(boss, me.id, { role: 'receptionist' });
    expect(stepped.statusCode).toBe(200);
    expect(stepped.json().people.find((p: { isMe: boolean }) => p.isMe)).toMatchObject({
      role: 'receptionist',
    });
    // Now a receptionist: the people are closed to him.
    expect((await people(boss)).statusCode).toBe(403);
  });

  it("gives another clinic's administrator nothing of this clinic's people", async () => {
    const boss = await admin();
    const phone = t.newPhone();
    const id = personOf(await invite(boss, { phone, role: 'receptionist' }), phone)?.id as number;
    const stranger = await admin(place.otherClinicId);
    expect(personOf(await people(stranger), phone)).toBeUndefined();
    expect((await change(stranger, id, { role: 'administrator' })).statusCode).toBe(404);
    expect((await remove(stranger, id)).statusCode).toBe(404);
    // The phone is this clinic's person: another clinic cannot take it.
    const taken = await invite(stranger, { phone, role: 'receptionist' });
    expect(taken.statusCode).toBe(409);
    expect(personOf(await people(boss), phone)).toMatchObject({ role: 'receptionist' });
  });

  it('answers anonymous visitors and patients as before, and bad bodies with 400', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/cabinet/ajax/people/' })).statusCode).toBe(401);
    const patient = await signedInAs(t.app, t.database.db, {});
    expect((await people(patient)).statusCode).toBe(403);
    const boss = await admin();
    expect((await invite(boss, { phone: t.newPhone(), role: 'owner' })).statusCode).toBe(400);
    expect((await change(boss, 1, {})).statusCode).toBe(400);
    expect((await remove(boss, 2_147_483_647)).statusCode).toBe(404);
  });
});
