import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PROFILE_TEXTS } from '../../../core/profile/rules';
import { users } from '../../db/schema/auth';
import { appointments } from '../../db/schema/booking';
import { doctors } from '../../db/schema/doctors';
import { bookingFixture } from '../booking/booking-fixture';

const t = bookingFixture();

const child = {
  last_name: 'Иванов',
  first_name: 'Пётр',
  patronymic: 'Сергеевич',
  birth_date: '2018-05-20',
  relation: 'child',
};

const REL = '/api/patient/relatives/';

/** What the dev outbox holds: SMS texts to a phone and letters to an address, oldest first. */
async function outbox() {
  const res = await t.app.inject({ url: '/dev/outbox.json' });
  const body = res.json() as {
    messages: { phone: string; text: string }[];
    emails: { to: string; subject: string; text: string }[];
  };
  return {
    sms: (phone: string) =>
      body.messages
        .filter((m) => m.phone === phone)
        .map((m) => m.text)
        .reverse(),
    mail: (to: string) => body.emails.filter((m) => m.to === to).reverse(),
  };
}

describe('relatives', () => {
  it('adds, lists, edits and removes only the caller’s own', async () => {
    const mother = await t.patient();
    const stranger = await t.patient();
    const added = await mother.inject({ url: REL, payload: child });
    expect(added.statusCode).toBe(201);
    const id = added.json().id;
    expect(added.json()).toMatchObject({ ...child, id });

    expect((await mother.inject({ method: 'GET', url: REL })).json()).toEqual([{ ...child, id }]);
    expect((await stranger.inject({ method: 'GET', url: REL })).json()).toEqual([]);

    // Another patient's relative does not exist for them: no edit, no removal, the same 404.
    const theirs = await stranger.inject({ method: 'PUT', url: `${REL}${id}/`, payload: child });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().detail).toBe(PROFILE_TEXTS.relativeNotFound);
    expect((await stranger.inject({ method: 'DELETE', url: `${REL}${id}/` })).statusCode).toBe(404);
    expect((await mother.inject({ method: 'DELETE', url: `${REL}abc/` })).statusCode).toBe(404);

    const edited = await mother.inject({
      method: 'PUT',
      url: `${REL}${id}/`,
      payload: { ...child, first_name: '  Павел ', patronymic: '' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ first_name: 'Павел', patronymic: '' });

    expect((await mother.inject({ method: 'DELETE', url: `${REL}${id}/` })).json()).toEqual({ ok: true });
    expect((await mother.inject({ method: 'GET', url: REL })).json()).toEqual([]);
  });

  it('refuses a birth date in the future or beyond 120 years, a bad name and an unknown relation', async () => {
    const p = await t.patient();
    const future = await p.inject({ url: REL, payload: { ...child, birth_date: '2026-11-23' } });
    expect(future.statusCode).toBe(400);
    expect(future.json().errors.birth_date).toBe('Проверьте дату рождения');
    const ancient = await p.inject({ url: REL, payload: { ...child, birth_date: '1900-01-01' } });
    expect(ancient.json().errors.birth_date).toBe('Проверьте дату рождения');
    const bad = await p.inject({
      url: REL,
      payload: { ...child, last_name: 'Drop<table>', relation: 'boss', patronymic: '1' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      last_name: 'Только буквы, дефис, апостроф и пробел',
      relation: PROFILE_TEXTS.relation,
      patronymic: 'Только буквы, дефис, апостроф и пробел',
    });
  });

  it('asks a visitor to sign in and refuses a work account', async () => {
    const { injectWithCsrf } = await import('../../testing/csrf');
    const anonymous = await injectWithCsrf(t.app, { url: REL, payload: child });
    expect(anonymous.statusCode).toBe(401);
    const { signedInAs } = await import('../../testing/session');
    const staff = await signedInAs(t.app, t.db, { role: 'staff' });
    expect((await staff.inject({ url: REL, payload: child })).statusCode).toBe(403);
  });

  it('keeps at most 20, even when added at once', async () => {
    const p = await t.patient();
    const all = await Promise.all(
      Array.from({ length: 22 }, (_, i) =>
        p.inject({ url: REL, payload: { ...child, first_name: `Имя${'а'.repeat(i + 1)}` } }),
      ),
    );
    expect(all.filter((r) => r.statusCode === 201)).toHaveLength(20);
    const refused = all.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(2);
    expect(refused[0].json().detail).toBe(PROFILE_TEXTS.tooManyRelatives);
  });
});

describe('booking for a relative', () => {
  it('books under the relative’s name and birth date, and the SMS to the account’s phone names them', async () => {
    const phone = '79015550101';
    const mother = await t.patient(phone);
    const spot = await t.doctor();
    await t.db.update(doctors).set({ children: true, adults: true }).where(eq(doctors.id, spot.doctor_id));
    const { id } = (await mother.inject({ url: REL, payload: child })).json();
    // The typed fields are the mother's (the form's prefill): the relative's own details win.
    const res = await t.book(mother, t.form(spot, { relative_id: id }));
    expect(res.statusCode).toBe(201);
    const [row] = await t.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, res.json().appointment.id));
    expect(row).toMatchObject({
      patientName: 'Иванов Пётр Сергеевич',
      patientBirthDate: '2018-05-20',
      patientPhone: phone,
      forOther: true,
    });
    // The mother's own details (her next form's) stay as they were: none yet.
    const [me] = await t.db.select().from(users).where(eq(users.phone, phone));
    expect(me.lastName).toBeNull();
    await t.app.jobs.runDue();
    const [sms] = (await outbox()).sms(phone);
    expect(sms).toMatch(/^Иванов Пётр — запись к врачу /);
  });

  it('refuses another account’s relative with a 404 and books nothing', async () => {
    const mother = await t.patient();
    const stranger = await t.patient();
    const spot = await t.doctor();
    const { id } = (await mother.inject({ url: REL, payload: child })).json();
    const res = await t.book(stranger, t.form(spot, { relative_id: id }));
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe(PROFILE_TEXTS.relativeNotFound);
    const rows = await t.db.select().from(appointments).where(eq(appointments.doctorId, spot.doctor_id));
    expect(rows).toEqual([]);
  });

  it('applies the doctor’s age rule to the relative the visit is for', async () => {
    const mother = await t.patient();
    const adultsOnly = await t.doctor();
    const { id } = (await mother.inject({ url: REL, payload: child })).json();
    const grandma = (
      await mother.inject({
        url: REL,
        payload: { ...child, first_name: 'Мария', birth_date: '1950-02-03', relation: 'parent' },
      })
    ).json().id;
    // The child's age counts, not the typed birth date (the mother's 1990 would pass).
    const forChild = await t.book(mother, t.form(adultsOnly, { relative_id: id }));
    expect(forChild.statusCode).toBe(400);
    expect(forChild.json().errors.birth_date).toBe(PROFILE_TEXTS.adultOnly);
    expect((await t.book(mother, t.form(adultsOnly, { relative_id: grandma }))).statusCode).toBe(201);

    const paediatrician = await t.doctor();
    await t.db
      .update(doctors)
      .set({ children: true, adults: false })
      .where(eq(doctors.id, paediatrician.doctor_id));
    const forGrandma = await t.book(
      mother,
      t.form(paediatrician, { relative_id: grandma, slot: '23.11.2026 09:30' }),
    );
    expect(forGrandma.statusCode).toBe(400);
    expect(forGrandma.json().detail).toBe(PROFILE_TEXTS.childOnly);
    const forChild2 = await t.book(
      mother,
      t.form(paediatrician, { relative_id: id, slot: '23.11.2026 10:00' }),
    );
    expect(forChild2.statusCode).toBe(201);
  });

  it('applies it to a person typed in too: the patient, or another person', async () => {
    const patient = await t.patient();
    const paediatrician = await t.doctor();
    await t.db
      .update(doctors)
      .set({ children: true, adults: false })
      .where(eq(doctors.id, paediatrician.doctor_id));
    // The form's own birth date (an adult's, 1990) for the patient, and for another person.
    const forSelf = await t.book(patient, t.form(paediatrician));
    expect(forSelf.statusCode).toBe(400);
    expect(forSelf.json()).toMatchObject({
      code: 'age_mismatch',
      detail: PROFILE_TEXTS.childOnly,
      errors: { birth_date: PROFILE_TEXTS.childOnly },
    });
    const forOther = await t.book(patient, t.form(paediatrician, { someone_else: true }));
    expect(forOther.json().errors.birth_date).toBe(PROFILE_TEXTS.childOnly);
    const booked = await t.db
      .select()
      .from(appointments)
      .where(eq(appointments.doctorId, paediatrician.doctor_id));
    expect(booked).toEqual([]);
    // A child of 17 on the visit's day (18 the day after) is seen; an adults' doctor refuses them.
    const teen = { birth_date: '2008-11-24', someone_else: true };
    expect((await t.book(patient, t.form(paediatrician, teen))).statusCode).toBe(201);
    const adultsOnly = await t.doctor();
    const refused = await t.book(patient, t.form(adultsOnly, { ...teen, slot: '23.11.2026 10:00' }));
    expect(refused.json().errors.birth_date).toBe(PROFILE_TEXTS.adultOnly);
  });
});

describe('e-mail', () => {
  it('refuses a bad address, sends a link, and the address becomes the profile’s once its owner opens it', async () => {
    const p = await t.patient();
    const other = await t.patient();
    const bad = await p.inject({ url: '/api/patient/email/', payload: { email: 'not-an-address' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.email).toBe(PROFILE_TEXTS.email);

    const sent = await p.inject({ url: '/api/patient/email/', payload: { email: ' Anna@Example.RU ' } });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ email: null, pending_email: 'anna@example.ru', notify_email: false });
    const [letter] = (await outbox()).mail('anna@example.ru');
    expect(letter.subject).toBe(PROFILE_TEXTS.emailSubject);
    const token = /email_token=([\w-]+)/.exec(letter.text)?.[1] ?? '';
    expect(token.length).toBeGreaterThan(20);

    // Pressed again at once: one letter a minute.
    expect(
      (await p.inject({ url: '/api/patient/email/', payload: { email: 'anna@example.ru' } })).statusCode,
    ).toBe(429);
    // Someone else with the link cannot take the address.
    expect((await other.inject({ url: '/api/patient/email/confirm/', payload: { token } })).statusCode).toBe(
      400,
    );
    const ok = await p.inject({ url: '/api/patient/email/confirm/', payload: { token } });
    expect(ok.json()).toMatchObject({ email: 'anna@example.ru', pending_email: null });
    // A link works once.
    const again = await p.inject({ url: '/api/patient/email/confirm/', payload: { token } });
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toBe(PROFILE_TEXTS.emailCodeWrong);
  });

  it('sends the booking confirmation by e-mail too when the patient chose it', async () => {
    const phone = '79015550202';
    const p = await t.patient(phone);
    expect(
      (await p.inject({ method: 'PUT', url: '/api/patient/notifications/', payload: { email: true } }))
        .statusCode,
    ).toBe(400);
    await t.db.update(users).set({ email: 'oleg@example.ru' }).where(eq(users.phone, phone));
    const on = await p.inject({
      method: 'PUT',
      url: '/api/patient/notifications/',
      payload: { email: true },
    });
    expect(on.json().notify_email).toBe(true);
    const spot = await t.doctor();
    expect((await t.book(p, t.form(spot))).statusCode).toBe(201);
    await t.app.jobs.runDue();
    const [letter] = (await outbox()).mail('oleg@example.ru');
    expect(letter.subject).toBe('Вы записаны на приём');
    expect(letter.text).toMatch(/^Вы записаны к врачу /);
    expect(letter.text).toContain('/appointment/');
  });
});

describe('deleting the profile', () => {
  it('closes booking and reviews with the spec’s text, signs out the other devices, and can be cancelled', async () => {
    const phone = '79015550303';
    const here = await t.patient(phone);
    const elsewhere = await t.patient(phone);
    const spot = await t.doctor();
    const started = await here.inject({ url: '/api/patient/deletion/' });
    expect(started.statusCode).toBe(200);
    expect(started.json().deleting_since).toBe('2026-11-22T05:00:00.000Z');
    expect(started.json().erase_at).toBe('2026-12-22T05:00:00.000Z');
    expect((await here.inject({ url: '/api/patient/deletion/' })).statusCode).toBe(409);

    const booking = await t.book(here, t.form(spot));
    expect(booking.statusCode).toBe(403);
    expect(booking.json()).toMatchObject({ code: 'deleting_in_progress', detail: PROFILE_TEXTS.deleting });
    // The other device's session ended.
    expect((await elsewhere.inject({ method: 'GET', url: REL })).statusCode).toBe(401);

    const cancelled = await here.inject({ method: 'DELETE', url: '/api/patient/deletion/' });
    expect(cancelled.json()).toMatchObject({ deleting_since: null, erase_at: null });
    expect((await here.inject({ method: 'DELETE', url: '/api/patient/deletion/' })).statusCode).toBe(409);
    expect((await t.book(here, t.form(spot))).statusCode).toBe(201);
  });

  it('refuses writing a review while the profile is deleted, with the spec’s text', async () => {
    const p = await t.patient();
    // Not deleting: the same empty review reaches the form's own checks.
    expect((await p.inject({ url: '/api/reviews/', payload: {} })).statusCode).toBe(400);
    await p.inject({ url: '/api/patient/deletion/' });
    const res = await p.inject({ url: '/api/reviews/', payload: {} });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(PROFILE_TEXTS.deleting);
  });

  it('erases the profile 30 days later: phone freed, relatives gone, coming visits cancelled', async () => {
    const phone = '79015550505';
    const p = await t.patient(phone);
    const spot = await t.doctor();
    await p.inject({ url: REL, payload: child });
    const booked = await t.book(p, t.form(spot));
    expect(booked.statusCode).toBe(201);
    // A visit still to come on the erasure's day (the booking's horizon is two weeks: moved there).
    await t.db.execute(sql`
      UPDATE appointments SET during = tstzrange('2026-12-28T02:00:00Z', '2026-12-28T02:30:00Z')
      WHERE id = ${booked.json().appointment.id}`);
    await p.inject({ url: '/api/patient/deletion/' });
    // 29 days on: nothing yet.
    const { eraseDeletedProfiles } = await import('./erasure');
    expect(await eraseDeletedProfiles(t.db, t.app.jobs, new Date('2026-12-21T05:00:00Z'))).toBe(0);
    // Those deleted at the same time in the tests above go too.
    expect(
      await eraseDeletedProfiles(t.db, t.app.jobs, new Date('2026-12-22T05:00:00Z')),
    ).toBeGreaterThanOrEqual(1);
    const [me] = await t.db.select().from(users).where(eq(users.id, p.userId));
    expect(me).toMatchObject({ phone: null, lastName: null, email: null });
    expect(me.erasedAt).not.toBeNull();
    const [visit] = await t.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, booked.json().appointment.id));
    expect(visit.status).toBe('canceled');
    const left = await t.db.execute(sql`SELECT 1 FROM patient_relatives WHERE user_id = ${p.userId}`);
    expect(left.rows).toEqual([]);
    expect((await p.inject({ method: 'GET', url: REL })).statusCode).toBe(401);
  });
});
