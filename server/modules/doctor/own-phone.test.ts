/**
 * An Ультима doctor's own phone on his page: sent like any profile change, shown once approved
 * while his software version allows it, refused below it.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { doctors } from '../../db/schema/doctors';
import { signedInAs, type TestSession } from '../../testing/session';
import {
  closeProfileWorld,
  decision,
  doctorPath,
  openProfileWorld,
  type ProfileWorld,
  URL,
} from './profile-edit-fixture';

let database: Database;
let pages: ProfileWorld['pages'];
let app: FastifyInstance;
let colleague: ProfileWorld['colleague'];
let staff: TestSession;

beforeAll(async () => {
  ({ database, pages, app, colleague, staff } = await openProfileWorld());
}, 120_000);

afterAll(() => closeProfileWorld({ app, pages, database }));

describe("an Ультима doctor's own phone", () => {
  it('waits for staff, shows on his page while he is on Ультима, and is refused below it', async () => {
    await database.db.update(doctors).set({ softwareVersion: 'ULTIMA' }).where(eq(doctors.id, colleague.id));
    const ultima = await signedInAs(app, database.db, { role: 'doctor', doctorId: colleague.id });
    const profile = (await ultima.inject({ method: 'GET', url: URL })).json();
    expect(profile.ownContacts).toEqual({ available: true, version: 'Ультима' });
    const { photo: _photo, ...current } = profile.form;

    const bad = await ultima.inject({ url: URL, payload: { ...current, ownPhone: '12345' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe('Укажите российский номер телефона, например +7 900 123-45-67');

    const sent = await ultima.inject({ url: URL, payload: { ...current, ownPhone: '8 (900) 123-45-67' } });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().pending.changes).toContainEqual({
      field: 'ownPhone',
      label: 'Телефон для записи к врачу',
      before: '—',
      after: '+7 (900) 123-45-67',
    });
    const publicPage = async () => (await app.inject({ url: doctorPath(colleague) })).body;
    expect(await publicPage()).not.toContain('tel:+79001234567');
    const approved = await staff.inject({
      url: decision(sent.json().pending.id),
      payload: { decision: 'approve' },
    });
    expect(approved.statusCode).toBe(200);
    expect(await publicPage()).toContain('href="tel:+79001234567"');

    // Off Ультима, setting a new one is refused with the reason (the page reads the version each time).
    await database.db.update(doctors).set({ softwareVersion: 'PRO' }).where(eq(doctors.id, colleague.id));
    // A signed-in view is never from the anonymous cache: the phone is gone with the version.
    const asPatient = await signedInAs(app, database.db, {});
    const seen = await asPatient.inject({ method: 'GET', url: doctorPath(colleague) });
    expect(seen.statusCode).toBe(200);
    expect(seen.body).not.toContain('tel:+79001234567');
    const pro = (await ultima.inject({ method: 'GET', url: URL })).json();
    expect(pro.ownContacts).toEqual({ available: false, version: 'Ультима' });
    const refused = await ultima.inject({ url: URL, payload: { ...current, ownPhone: '+7 900 765-43-21' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('Свой телефон на странице публикуют врачи с версией «Ультима»');
  });
});
