import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { NOTIFY_TEXTS } from '../../../core/cabinet/notifications';
import { cabinetAudit } from '../../db/schema/cabinet';
import { clinics } from '../../db/schema/clinics';
import { scheduleRules } from '../../db/schema/schedule';
import { createClinic, createDoctor, createReview } from '../../db/seed/factories';
import { signedInAs, type TestSession } from '../../testing/session';
import { bookingFixture, PUBLIC_URL, type Spot } from './booking-fixture';
import { CLINIC_JOBS, clinicSms } from './clinic-messages';
import { BOOKING_JOBS } from './messages';

const t = bookingFixture();
const URL = '/cabinet/ajax/notifications/';

/** A clinic of its own (so each test has its own contact) with a doctor: Mondays 09:00–12:00. */
async function ownClinic(): Promise<{ spot: Spot; clinic: TestSession; doctor: TestSession }> {
  const [{ townId }] = await t.db.select({ townId: clinics.townId }).from(clinics).limit(1);
  const made = await createClinic(t.db, { townId });
  const doc = await createDoctor(t.db, { townId, clinicIds: [made.id] });
  await t.db.insert(scheduleRules).values({
    workplaceId: doc.workplaces[0].id,
    weekday: 1,
    startTime: '09:00',
    endTime: '12:00',
    slotMinutes: 30,
    validFrom: '2026-01-01',
  });
  return {
    spot: { doctor_id: doc.id, lpu_id: made.id },
    clinic: await signedInAs(t.app, t.db, { role: 'clinic', clinicId: made.id }),
    doctor: await signedInAs(t.app, t.db, { role: 'doctor', doctorId: doc.id }),
  };
}

let phoneSeq = 0;
/** A fresh Russian mobile for a clinic's contact. */
const mobile = () => `7913${String(2_000_000 + phoneSeq++).padStart(7, '0')}`;

const setContact = (s: TestSession, payload: Record<string, unknown>) =>
  s.inject({
    url: URL,
    payload: { phone: null, email: null, new_booking: true, patient_cancel: true, ...payload },
  });

/** A patient books Monday 23 November at `slot` (Novosibirsk); the appointment's id and the patient. */
async function book(spot: Spot, slot = '23.11.2026 09:00') {
  const patient = await t.patient(`7901777${String(1000 + phoneSeq++)}`);
  const res = await t.book(patient, t.form(spot, { slot, last_name: 'Иванова', first_name: 'Анна' }));
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().appointment.id as number, patient };
}

async function outbox() {
  return (await t.app.inject({ url: '/dev/outbox.json' })).json() as {
    messages: { phone: string; text: string }[];
    emails: { to: string; subject: string; text: string }[];
  };
}
const smsTo = async (phone: string) =>
  (await outbox()).messages.filter((m) => m.phone === phone).map((m) => m.text);
const lettersTo = async (to: string) => (await outbox()).emails.filter((e) => e.to === to);

describe("the clinic's contact for bookings", () => {
  it('only a clinic account reads and sets it; a garbage phone or e-mail is refused with its reason', async () => {
    const { clinic, doctor } = await ownClinic();
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    const patient = await t.patient();
    expect((await patient.inject({ method: 'GET', url: URL })).statusCode).toBe(403);
    expect((await setContact(patient, { email: 'a@b.ru' })).statusCode).toBe(403);
    const byDoctor = await setContact(doctor, { email: 'a@b.ru' });
    expect(byDoctor.statusCode).toBe(403);
    expect(byDoctor.json().detail).toBe(NOTIFY_TEXTS.clinicOnly);

    expect((await clinic.inject({ method: 'GET', url: URL })).json()).toEqual({
      phone: null,
      email: null,
      new_booking: true,
      patient_cancel: true,
      new_review: true,
      callback_request: true,
    });

    for (const [payload, field, detail] of [
      [{ phone: '12345' }, 'phone', NOTIFY_TEXTS.badPhone],
      // A Moscow landline gets no SMS.
      [{ phone: '+7 (495) 123-45-67' }, 'phone', NOTIFY_TEXTS.badPhone],
      [{ phone: 'телефон' }, 'phone', NOTIFY_TEXTS.badPhone],
      [{ email: 'not-an-email' }, 'email', NOTIFY_TEXTS.badEmail],
      [{ email: 'a@b' }, 'email', NOTIFY_TEXTS.badEmail],
    ] as const) {
      const res = await setContact(clinic, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().detail).toBe(detail);
      expect(res.json().errors[field]).toBe(detail);
    }
    expect((await clinic.inject({ method: 'GET', url: URL })).json().phone).toBeNull();

    const set = await setContact(clinic, {
      phone: '8 (913) 555-12-34',
      email: ' Reception@Clinic.TEST ',
      patient_cancel: false,
    });
    expect(set.statusCode).toBe(200);
    const kept = {
      phone: '79135551234',
      email: 'reception@clinic.test',
      new_booking: true,
      patient_cancel: false,
      new_review: true,
      callback_request: true,
    };
    expect(set.json()).toEqual(kept);
    expect((await clinic.inject({ method: 'GET', url: URL })).json()).toEqual(kept);
    // '+7 913 …' and ten digits are the same number; empty fields clear it.
    expect((await setContact(clinic, { phone: '9135551234' })).json().phone).toBe('79135551234');
    expect((await setContact(clinic, { phone: '', email: '' })).json()).toMatchObject({
      phone: null,
      email: null,
    });

    const audit = await t.db
      .select()
      .from(cabinetAudit)
      .where(and(eq(cabinetAudit.action, 'notifications.changed'), eq(cabinetAudit.userId, clinic.userId)));
    expect(audit).toHaveLength(3);
    expect(audit[0]).toMatchObject({
      targetType: 'clinics',
      before: {
        phone: null,
        email: null,
        new_booking: true,
        patient_cancel: true,
        new_review: true,
        callback_request: true,
      },
      after: kept,
    });
  });
});

describe("the clinic's messages", () => {
  it('a booking texts and e-mails the contact set after it, once, in the town’s time; the SMS names no phone', async () => {
    const { spot, clinic } = await ownClinic();
    const { id } = await book(spot, '23.11.2026 09:30');
    // Set after the booking, before the job runs: it still applies.
    const phone = mobile();
    const email = `clinic-${phone}@clinic.test`;
    expect((await setContact(clinic, { phone, email })).statusCode).toBe(200);
    await t.app.jobs.runDue();

    const texts = await smsTo(phone);
    expect(texts).toHaveLength(1);
    const link = `${PUBLIC_URL}/cabinet/appointments/?date=2026-11-23`;
    expect(texts[0]).toMatch(/^Новая запись: 23 ноября, 09:30, Иванова А\., \S+ \S+ [А-ЯЁ]\. /);
    expect(texts[0].endsWith(`. Подробнее в кабинете: ${link}`)).toBe(true);
    expect(texts[0]).not.toContain('..');
    expect(texts[0]).not.toMatch(/7901777|901\D*777/);

    const letters = await lettersTo(email);
    expect(letters).toHaveLength(1);
    expect(letters[0].subject).toBe('Новая запись на 23 ноября, 09:30');
    expect(letters[0].text).toContain('Время приёма: 23 ноября 2026, понедельник, 09:30');
    expect(letters[0].text).toContain('Пациент: Иванова Анна Петровна');
    expect(letters[0].text).toMatch(/Телефон: \+7 \(901\) 777-\d\d-\d\d/);
    expect(letters[0].text).toContain('Вид приёма: В клинике');
    expect(letters[0].text).toMatch(/\nВрач: .+\n/);
    expect(letters[0].text).toContain(`Подробнее в кабинете: ${link}`);

    // The booking's job once more, as pg-boss runs an attempt whose worker died after the sends,
    // and a job of the clinic's own kind (queued before bookings told the clinic in theirs).
    await t.app.jobs.boss.send(BOOKING_JOBS.confirmation, { appointmentId: id });
    await t.app.jobs.boss.send(CLINIC_JOBS.newBooking, { appointmentId: id });
    expect(await t.app.jobs.runDue()).toMatchObject({ claimed: 2, done: 2 });
    expect(await smsTo(phone)).toHaveLength(1);
    expect(await lettersTo(email)).toHaveLength(1);
  });

  it('a booking the clinic made itself at the desk is not reported back to it; the patient still gets theirs', async () => {
    const { spot, clinic } = await ownClinic();
    const phone = mobile();
    expect((await setContact(clinic, { phone, email: null })).statusCode).toBe(200);
    const patient = `7901777${String(1000 + phoneSeq++)}`;
    const res = await clinic.inject({
      url: '/cabinet/ajax/appointments/',
      payload: {
        doctor_id: spot.doctor_id,
        lpu_id: spot.lpu_id,
        slot: '23.11.2026 10:00',
        patient_phone: patient.slice(1),
        last_name: 'Иванова',
        first_name: 'Анна',
        patronymic: 'Петровна',
        birth_date: '1987-03-14',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    await t.app.jobs.runDue();
    expect(await smsTo(phone)).toEqual([]);
    expect((await smsTo(patient)).length).toBeGreaterThan(0);
  });

  it('switched off, or without a contact, nothing goes and the job is done', async () => {
    const off = await ownClinic();
    const phone = mobile();
    const email = `off-${phone}@clinic.test`;
    await setContact(off.clinic, { phone, email, new_booking: false });
    await book(off.spot);
    const none = await ownClinic();
    const { id } = await book(none.spot);
    await t.app.jobs.runDue();
    expect(await smsTo(phone)).toEqual([]);
    expect(await lettersTo(email)).toEqual([]);
    const [job] = await t.app.jobs.boss.findJobs(BOOKING_JOBS.confirmation, { data: { appointmentId: id } });
    expect(job.state).toBe('completed');
  });

  it('a patient’s cancel on the site sends «Отмена записи»; the clinic’s own cancel does not', async () => {
    const { spot, clinic } = await ownClinic();
    const phone = mobile();
    const email = `cancel-${phone}@clinic.test`;
    // Only cancels: the new bookings stay quiet.
    await setContact(clinic, { phone, email, new_booking: false });
    const { id, patient } = await book(spot, '23.11.2026 10:00');
    expect((await patient.inject({ url: `/ajax/appointment/${id}/cancel/`, payload: {} })).statusCode).toBe(
      200,
    );
    await t.app.jobs.runDue();
    const texts = await smsTo(phone);
    expect(texts).toEqual([expect.stringMatching(/^Отмена записи: 23 ноября, 10:00, Иванова А\., /)]);
    const letters = await lettersTo(email);
    expect(letters).toHaveLength(1);
    expect(letters[0].subject).toBe('Отмена записи на 23 ноября, 10:00');
    expect(letters[0].text).toContain('Пациент отменил запись');

    const other = await book(spot, '23.11.2026 10:30');
    const byClinic = await clinic.inject({
      url: `/cabinet/ajax/appointments/${other.id}/status/`,
      payload: { status: 'canceled', reason: 'Врач заболел' },
    });
    expect(byClinic.statusCode).toBe(200);
    await t.app.jobs.runDue();
    expect(await smsTo(phone)).toHaveLength(1);
    expect(await lettersTo(email)).toHaveLength(1);
  });

  it('a patient’s cancel with that switch off tells nobody', async () => {
    const { spot, clinic } = await ownClinic();
    const phone = mobile();
    await setContact(clinic, { phone, patient_cancel: false });
    const { id, patient } = await book(spot, '23.11.2026 11:00');
    await t.app.jobs.runDue();
    expect(await smsTo(phone)).toHaveLength(1);
    await patient.inject({ url: `/ajax/appointment/${id}/cancel/`, payload: {} });
    await t.app.jobs.runDue();
    expect(await smsTo(phone)).toEqual([expect.stringMatching(/^Новая запись/)]);
  });
});

describe('clinicSms', () => {
  const notice = {
    event: 'new' as const,
    startsAt: '2026-12-01T12:00:00Z',
    tz: 'Europe/Moscow',
    visitType: 'clinic' as const,
    patientName: 'Петров Олег Игоревич',
    patientPhone: '79017770000',
    price: null,
    prepaid: null,
    link: 'https://example.test/cabinet/appointments/?date=2026-12-01',
  };

  it('ends a doctor’s initials with one full stop, not two', () => {
    const text = clinicSms({
      ...notice,
      subject: { kind: 'doctor', title: 'Чернова Анна Николаевна', details: ['Терапевт'] },
    });
    expect(text).toBe(
      'Новая запись: 1 декабря, 15:00, Петров О., терапевт Чернова А. Н. Подробнее в кабинете: https://example.test/cabinet/appointments/?date=2026-12-01',
    );
  });

  it('puts the full stop after a service’s name', () => {
    const text = clinicSms({ ...notice, subject: { kind: 'service', title: 'УЗИ почек', details: [] } });
    expect(text).toContain('УЗИ почек. Подробнее в кабинете:');
  });
});

describe("the clinic's notices of reviews and callback requests", () => {
  const publish = async (staff: TestSession, id: number, action = 'publish') => {
    const res = await staff.inject({ url: `/api/staff/reviews/${id}/moderate/`, payload: { action } });
    expect(res.statusCode, res.body).toBe(200);
  };

  it("a review published about the clinic's doctor is told once by SMS and letter, even published again", async () => {
    const { spot, clinic } = await ownClinic();
    const phone = mobile();
    const email = `review-${phone}@clinic.test`;
    await setContact(clinic, { phone, email });
    const staff = await signedInAs(t.app, t.db, { role: 'staff' });
    const review = await createReview(t.db, {
      doctorId: spot.doctor_id,
      sentiment: 'negative',
      status: 'pending',
    });
    await t.app.jobs.runDue();
    expect(await smsTo(phone)).toEqual([]);
    await publish(staff, review.id);
    await t.app.jobs.runDue();
    const texts = await smsTo(phone);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatch(
      /^Новый отзыв о враче \S+ [А-ЯЁ]\.( [А-ЯЁ]\.)?: отрицательный\. Ответить: https:\/\/portal\.example\.ru\/cabinet\/reviews\/$/u,
    );
    const letters = await lettersTo(email);
    expect(letters).toHaveLength(1);
    expect(letters[0].subject).toMatch(/^Новый отзыв о враче /);
    expect(letters[0].text).toContain(review.text);
    // Unpublished and published again: the keys in sent_messages hold, nothing goes twice.
    await publish(staff, review.id, 'unconfirm');
    await publish(staff, review.id);
    await t.app.jobs.runDue();
    expect(await smsTo(phone)).toHaveLength(1);
    expect(await lettersTo(email)).toHaveLength(1);
  });

  it("a review of the clinic itself says 'о клинике'; the switch 'Новый отзыв' off sends nothing", async () => {
    const on = await ownClinic();
    const off = await ownClinic();
    const [onPhone, offPhone] = [mobile(), mobile()];
    await setContact(on.clinic, { phone: onPhone });
    await setContact(off.clinic, { phone: offPhone, new_review: false });
    const staff = await signedInAs(t.app, t.db, { role: 'staff' });
    for (const c of [on, off]) {
      const review = await createReview(t.db, {
        clinicId: c.spot.lpu_id,
        sentiment: 'positive',
        status: 'pending',
      });
      await publish(staff, review.id);
    }
    await t.app.jobs.runDue();
    expect(await smsTo(onPhone)).toEqual([expect.stringMatching(/^Новый отзыв о клинике: положительный\./)]);
    expect(await smsTo(offPhone)).toEqual([]);
  });

  it('a callback request is told once by SMS and letter, asked again or not; switched off, nothing', async () => {
    const { spot, clinic } = await ownClinic();
    const phone = mobile();
    const email = `callback-${phone}@clinic.test`;
    await setContact(clinic, { phone, email });
    const patientPhone = `7901888${String(1000 + phoneSeq++)}`;
    const patient = await t.patient(patientPhone);
    const ask = (times: string[]) =>
      patient.inject({ url: '/ajax/appointment/callback/', payload: { ...spot, date: '2026-11-23', times } });
    expect((await ask(['morning'])).statusCode).toBe(201);
    await t.app.jobs.runDue();
    expect((await ask(['morning', 'afternoon'])).statusCode).toBe(201);
    await t.app.jobs.runDue();
    const texts = await smsTo(phone);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatch(
      /^Заявка на звонок: .+ просит перезвонить 23 ноября \(утро, 6–11\), к врачу .+ Подробнее в кабинете: https:\/\/portal\.example\.ru\/cabinet\/callbacks\/$/u,
    );
    expect(texts[0]).not.toContain(patientPhone.slice(1));
    const letters = await lettersTo(email);
    expect(letters).toHaveLength(1);
    expect(letters[0].subject).toBe('Заявка на звонок на 23 ноября');

    const quiet = await ownClinic();
    const quietPhone = mobile();
    await setContact(quiet.clinic, { phone: quietPhone, callback_request: false });
    const res = await patient.inject({
      url: '/ajax/appointment/callback/',
      payload: { ...quiet.spot, date: '2026-11-23', times: ['evening'] },
    });
    expect(res.statusCode).toBe(201);
    await t.app.jobs.runDue();
    expect(await smsTo(quietPhone)).toEqual([]);
  });

  it('a page that sends no review or callback switch keeps them as they were', async () => {
    const { clinic } = await ownClinic();
    await setContact(clinic, { new_review: false, callback_request: false });
    const res = await clinic.inject({
      url: URL,
      payload: { phone: null, email: null, new_booking: true, patient_cancel: true },
    });
    expect(res.json()).toMatchObject({ new_review: false, callback_request: false });
  });
});
