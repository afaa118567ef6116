/** The site's own phone forms (flow A): staff at the desk and the profile. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/auth';
import { signedInAs } from '../../testing/session';
import { setUpAuthApp } from './testing';

const t = setUpAuthApp();
const { advance, postForm, newPhone, lastCode, wrongCode, requestCode } = t;

describe('staff and profile confirmation (flow A)', () => {
  it('staff confirm a patient’s phone by SMS code', async () => {
    const staff = await signedInAs(t.app, t.database.db, { role: 'staff' });
    const phone = newPhone();
    const sent = await postForm(
      '/ajax/phone_confirmation/',
      { phone: phone.slice(1) },
      { cookies: staff.cookies },
    );
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toBe('success');
    // The patient reads the code out to staff booking for them: the SMS says what it is for.
    const sms = t.providers.outbox?.listMessages().find((m) => m.phone === phone);
    expect(sms?.text).toBe(
      `Код для подтверждения записи: ${lastCode(phone)}. Назовите его сотруднику, который вас записывает.`,
    );

    const wrong = await postForm(
      '/ajax/phone/confirm/',
      { phone: phone.slice(1), code: wrongCode(phone), json_response: '1' },
      { cookies: staff.cookies },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ detail: 'Неверный код', secret_code: { code: 'error_code' } });

    const malformed = await postForm(
      '/ajax/phone/confirm/',
      { phone: phone.slice(1), code: '12' },
      { cookies: staff.cookies },
    );
    expect(malformed.json()).toMatchObject({ detail: 'Некорректный код', secret_code: { code: 'invalid' } });

    const ok = await postForm(
      '/ajax/phone/confirm/',
      { phone: phone.slice(1), code: lastCode(phone), json_response: '1' },
      { cookies: staff.cookies },
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ result: 'OK' });
  });

  it('flow A request errors sit under phone.code with their texts', async () => {
    const staff = await signedInAs(t.app, t.database.db, { role: 'staff' });
    const invalid = await postForm(
      '/ajax/phone_confirmation/',
      { phone: '12345' },
      { cookies: staff.cookies },
    );
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({
      detail: 'Некорректный номер телефона',
      phone: { code: 'invalid' },
    });

    const phone = newPhone();
    await postForm('/ajax/phone_confirmation/', { phone: phone.slice(1) }, { cookies: staff.cookies });
    const again = await postForm(
      '/ajax/phone_confirmation/',
      { phone: phone.slice(1) },
      { cookies: staff.cookies },
    );
    expect(again.json()).toMatchObject({
      detail: 'Достигнут лимит сообщений на заданный номер',
      phone: { code: 'error_limit' },
    });

    for (let i = 0; i < 9; i++) {
      advance(3600_000);
      const sent = await postForm(
        '/ajax/phone_confirmation/',
        { phone: phone.slice(1) },
        { cookies: staff.cookies },
      );
      expect(sent.body).toBe('success');
    }
    advance(3600_000);
    const total = await postForm(
      '/ajax/phone_confirmation/',
      { phone: phone.slice(1) },
      { cookies: staff.cookies },
    );
    expect(total.json()).toMatchObject({
      detail: 'Достигнут лимит отправки сообщений',
      phone: { code: 'error_limit_total' },
    });
  });

  it('an expired flow A code reads "Код устарел"', async () => {
    const staff = await signedInAs(t.app, t.database.db, { role: 'staff' });
    const phone = newPhone();
    await postForm('/ajax/phone_confirmation/', { phone: phone.slice(1) }, { cookies: staff.cookies });
    const code = lastCode(phone);
    advance(5 * 60_000 + 1);
    const res = await postForm(
      '/ajax/phone/confirm/',
      { phone: phone.slice(1), code },
      { cookies: staff.cookies },
    );
    expect(res.json()).toMatchObject({ detail: 'Код устарел', secret_code: { code: 'code_expired' } });
  });

  it('staff are never sent a VK message or a flash call, even when they ask for VK', async () => {
    const staff = await signedInAs(t.app, t.database.db, { role: 'staff' });
    const patient = await signedInAs(t.app, t.database.db, { role: 'patient' });
    // The same requests from a patient's session: VK, then (the first of the hour) a call.
    expect(
      (await requestCode(newPhone(), { confirmation_flow: 'vk' }, { cookies: patient.cookies })).json().code,
    ).toBe('vk');
    expect((await requestCode(newPhone(), {}, { cookies: patient.cookies })).json().code).toBe('call');
    for (const extra of [{ confirmation_flow: 'vk' }, {}]) {
      const phone = newPhone();
      const res = await requestCode(phone, extra, { cookies: staff.cookies });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ code: 'sms', attempts_exceeded: false });
      expect(lastCode(phone)).toMatch(/^\d{4}$/);
    }
  });

  it('roles: anonymous and patients cannot use the staff confirmation', async () => {
    const anonymous = await postForm('/ajax/phone_confirmation/', { phone: newPhone().slice(1) });
    expect(anonymous.statusCode).toBe(403);
    const patient = await signedInAs(t.app, t.database.db, { role: 'patient' });
    const res = await postForm(
      '/ajax/phone/confirm/',
      { phone: newPhone().slice(1), code: '1234' },
      { cookies: patient.cookies },
    );
    expect(res.statusCode).toBe(403);
    const doctor = await signedInAs(t.app, t.database.db, { role: 'doctor' });
    const work = await postForm(
      '/ajax/phone_confirmation/',
      { phone: newPhone().slice(1) },
      { cookies: doctor.cookies },
    );
    expect(work.statusCode).toBe(403);
    expect(work.json().detail).toBe('Недоступно для рабочих аккаунтов');
  });

  it('a patient confirms a new phone for the profile; their own phone is user_has_phone', async () => {
    const patient = await signedInAs(t.app, t.database.db, { role: 'patient' });
    const [me] = await t.database.db
      .select({ phone: users.phone })
      .from(users)
      .where(eq(users.id, patient.userId));
    const same = await postForm(
      '/profile/ajax/confirm_sms_code/',
      { phone: (me.phone ?? '').slice(1), code: '1234' },
      { cookies: patient.cookies },
    );
    expect(same.statusCode).toBe(409);
    expect(same.json()).toMatchObject({
      detail: 'Вы уже авторизованы. Пожалуйста, обновите страницу',
      secret_code: { code: 'user_has_phone' },
    });

    const phone = newPhone();
    expect(
      (await postForm('/ajax/phone_confirmation/', { phone: phone.slice(1) }, { cookies: patient.cookies }))
        .body,
    ).toBe('success');
    const ok = await postForm(
      '/profile/ajax/confirm_sms_code/',
      { phone: phone.slice(1), code: lastCode(phone) },
      { cookies: patient.cookies },
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('OK');
    const [after] = await t.database.db
      .select({ phone: users.phone })
      .from(users)
      .where(eq(users.id, patient.userId));
    expect(after.phone).toBe(phone);
  });
});
