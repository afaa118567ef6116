/** Staff booking for a patient at the desk: the patient's phone confirmed by SMS code first. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BOOKING_ERRORS } from '../../../core/booking/form';
import { users } from '../../db/schema/auth';
import { appointments } from '../../db/schema/booking';
import { signedInAs, type TestSession } from '../../testing/session';
import { bookingFixture, START } from './booking-fixture';

const world = bookingFixture();
const { form, book } = world;

let seq = 0;
/** A fresh Russian mobile: its 10 national digits and its full digits. */
function newPhone() {
  const national = `916${String(3_000_000 + seq++).padStart(7, '0')}`;
  return { national, digits: `7${national}` };
}

async function codeFor(digits: string): Promise<string> {
  const outbox = (await world.app.inject({ url: '/dev/outbox.json' })).json() as {
    messages: { phone: string; code: string | null; method: string }[];
  };
  const message = outbox.messages.find((m) => m.phone === digits && m.code);
  if (!message?.code) throw new Error(`no code sent to ${digits}`);
  expect(message.method).toBe('sms');
  return message.code;
}

/** The desk's confirmation as the staff form makes it: SMS code request, then the code. */
async function confirmAtDesk(staff: TestSession, phone: { national: string; digits: string }) {
  const sent = await staff.inject({ url: '/ajax/phone_confirmation/', payload: { phone: phone.national } });
  expect(sent.statusCode).toBe(200);
  const confirmed = await staff.inject({
    url: '/ajax/phone/confirm/',
    payload: { phone: phone.national, code: await codeFor(phone.digits) },
  });
  expect(confirmed.statusCode).toBe(200);
  expect(confirmed.json()).toEqual({ result: 'OK' });
}

describe('staff booking for a patient at the desk', () => {
  it('books for the patient whose phone the staff member confirmed by SMS code', async () => {
    const doctor = await world.doctor();
    const staff = await signedInAs(world.app, world.db, { role: 'staff' });
    const phone = newPhone();

    // Not confirmed yet: refused, nothing booked, no account made.
    const early = await book(staff, form(doctor, { patient_phone: phone.national }));
    expect(early.statusCode).toBe(403);
    expect(early.json()).toEqual({ detail: BOOKING_ERRORS.signIn, code: 'phone_not_confirmed' });

    await confirmAtDesk(staff, phone);
    const res = await book(staff, form(doctor, { patient_phone: phone.national }));
    expect(res.statusCode).toBe(201);
    const id = res.json().appointment.id as number;
    const [row] = await world.db.select().from(appointments).where(eq(appointments.id, id));
    expect(row.patientPhone).toBe(phone.digits);
    const [patient] = await world.db.select().from(users).where(eq(users.phone, phone.digits));
    expect(row.userId).toBe(patient.id);
    expect(patient).toMatchObject({ role: 'patient', isRealPatient: true, lastName: 'Иванова' });
    expect(row.userId).not.toBe(staff.userId);

    // Without a patient's phone staff are still a work account.
    const own = await book(staff, form(doctor, { slot: '23.11.2026 10:00' }));
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ detail: BOOKING_ERRORS.workAccount, code: 'forbidden' });
  });

  it('counts only this staff member’s confirmation of the last 30 minutes', async () => {
    const doctor = await world.doctor();
    const staff = await signedInAs(world.app, world.db, { role: 'staff' });
    const colleague = await signedInAs(world.app, world.db, { role: 'staff' });
    const phone = newPhone();
    await confirmAtDesk(staff, phone);

    const other = await book(colleague, form(doctor, { patient_phone: phone.national }));
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('phone_not_confirmed');

    const late = await world.at(new Date(START.getTime() + 31 * 60_000), () =>
      book(staff, form(doctor, { patient_phone: phone.national })),
    );
    expect(late.statusCode).toBe(403);
    expect(late.json().code).toBe('phone_not_confirmed');

    const inTime = await world.at(new Date(START.getTime() + 29 * 60_000), () =>
      book(staff, form(doctor, { patient_phone: phone.national })),
    );
    expect(inTime.statusCode).toBe(201);
  });

  it('refuses patients, a missing CSRF header, garbage and a work account’s phone', async () => {
    const doctor = await world.doctor();
    const staff = await signedInAs(world.app, world.db, { role: 'staff' });
    const patient = await world.patient();
    const phone = newPhone();

    // A patient may not book for another phone, nor check a desk code.
    const byPatient = await book(patient, form(doctor, { patient_phone: phone.national }));
    expect(byPatient.statusCode).toBe(403);
    expect(byPatient.json()).toEqual({ detail: 'Доступно только сотрудникам', code: 'forbidden' });
    const deskCheck = await patient.inject({
      url: '/ajax/phone/confirm/',
      payload: { phone: phone.national, code: '1234' },
    });
    expect(deskCheck.statusCode).toBe(403);
    expect(deskCheck.json().detail).toBe('Доступно только сотрудникам');

    // The staff calls need the CSRF header like every write.
    const noHeader = await world.app.inject({
      method: 'POST',
      url: '/ajax/phone_confirmation/',
      cookies: staff.cookies,
      payload: { phone: phone.national },
    });
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.json().detail).toBe(
      'Ошибка проверки безопасности. Обновите страницу и попробуйте еще раз.',
    );

    // Garbage: a 400 with a JSON detail, never a 500.
    for (const patient_phone of ['abc', phone.digits, '+79161234567', 12]) {
      const res = await book(staff, form(doctor, { patient_phone }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'bad_request', detail: BOOKING_ERRORS.badRequest });
    }
    const junk = await staff.inject({ url: '/ajax/phone_confirmation/', payload: { phone: phone.digits } });
    expect(junk.statusCode).toBe(400);
    expect(junk.json()).toMatchObject({ detail: 'Некорректный номер телефона', phone: { code: 'invalid' } });

    // The same limits as any code request: a second code within 30 s waits.
    const first = await staff.inject({
      url: '/ajax/phone_confirmation/',
      payload: { phone: phone.national },
    });
    expect(first.statusCode).toBe(200);
    const again = await staff.inject({
      url: '/ajax/phone_confirmation/',
      payload: { phone: phone.national },
    });
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({
      detail: 'Достигнут лимит сообщений на заданный номер',
      phone: { code: 'error_limit' },
    });

    // A doctor's work phone, confirmed at the desk, is not booked as a patient's.
    const work = newPhone();
    await signedInAs(world.app, world.db, { role: 'doctor', phone: work.digits, doctorId: doctor.doctor_id });
    await confirmAtDesk(staff, work);
    const refused = await book(staff, form(doctor, { patient_phone: work.national }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(BOOKING_ERRORS.workAccount);
  });
});
