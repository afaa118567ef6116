import { expect, type Page, test } from '@playwright/test';
import { cardWithTimes, SLOT } from './support/cards';
import { hydrated } from './support/hydrated';
import { addressOf, codeFor, randomPhone, WORK_PHONES, workAccountContext } from './support/patient';

/**
 * The booking pages' SMS-only confirmations (docs/product/sign-in.md, 'Sign-in flows'): a staff
 * member at the desk confirms a patient's phone by an SMS code and books for the patient; a
 * visitor without an account confirms the phone by SMS (phone_login) over the booking page and
 * books. Neither is offered VK or a call. Both viewports (phone 390 px, desktop 1280 px).
 */

async function fillPatient(page: Page) {
  await page.getByLabel('Фамилия').fill('Кузнецова');
  await page.getByLabel('Имя', { exact: true }).fill('Мария');
  await page.getByLabel('Нет отчества').check();
  await page.getByLabel('Дата рождения').fill('02.07.2011');
}

/** The newest message the dev adapters sent to the phone went by SMS. */
async function lastMethod(page: Page, digits: string): Promise<string> {
  const outbox = await (await page.request.get('/dev/outbox.json')).json();
  return (
    (outbox.messages as { phone: string; method: string }[]).find((m) => m.phone === digits)?.method ?? ''
  );
}

async function openBooking(page: Page) {
  const card = await cardWithTimes(page, { times: 1 });
  await card.getByRole('tabpanel').getByRole('button', { name: SLOT }).first().click();
  await expect(page).toHaveURL(/\/appointment\/new\/.*slot=/);
  await hydrated(page);
}

test('staff at the desk confirm the patient’s phone by SMS code and book for the patient', async ({
  browser,
}, info) => {
  const context = await workAccountContext(browser, WORK_PHONES.staff);
  const page = await context.newPage();
  const { national, digits } = randomPhone();
  // The desk comes from an address of its own: reruns stay under the per-address code limits.
  await page.setExtraHTTPHeaders(addressOf(digits));
  await openBooking(page);

  const patient = page.getByRole('region', { name: 'Пациент' });
  await expect(
    patient.getByText('Подтвердите номер телефона пациента: мы пришлём на него код в СМС.'),
  ).toBeVisible();
  // Not the doctors' and clinics' refusal, and no other method than the SMS.
  await expect(page.getByText('Вы вошли как врач или клиника', { exact: false })).toHaveCount(0);
  await expect(page.getByText(/ВКонтакте|по звонку/)).toHaveCount(0);
  await expect(patient.getByLabel('Страна')).toHaveCount(0);

  const phone = patient.getByLabel('Номер телефона');
  await expect(phone).toBeEnabled();
  await phone.click();
  await phone.pressSequentially(national, { delay: 30 });
  await patient.getByRole('button', { name: 'Подтвердить' }).click();
  const code = patient.getByLabel('Код из СМС');
  await expect(code).toBeVisible();
  await expect(patient.getByRole('button', { name: 'Отправить СМС повторно' })).toBeDisabled();
  await expect(patient.getByRole('timer')).toContainText('Запросить код повторно можно через 0:');
  const sent = await codeFor(page, digits);
  expect(await lastMethod(page, digits)).toBe('sms');

  // A wrong code: the site form's text under the field.
  await code.fill(sent === '0000' ? '1111' : '0000');
  await expect(patient.getByText('Неверный код', { exact: true })).toBeVisible();
  await page.screenshot({ path: info.outputPath(`desk-code-${info.project.name}.png`), fullPage: true });
  await code.fill(sent);

  // Confirmed: the booking form for that phone.
  await expect(patient.getByLabel('Фамилия')).toBeVisible();
  await expect(patient.getByText(`+7 ${national.slice(0, 3)} ${national.slice(3, 6)}`)).toBeVisible();
  await expect(patient.getByText('Мы придержим это время за вами', { exact: false })).toHaveCount(0);
  await fillPatient(page);
  await page.screenshot({ path: info.outputPath(`desk-form-${info.project.name}.png`), fullPage: true });
  await patient.getByRole('button', { name: 'Записаться' }).click();
  await expect(page.getByRole('heading', { name: 'Вы записаны', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/appointment\/\d+\/\?token=/);
  await context.close();
});

test('a visitor without an account confirms the phone by SMS over the booking page and books', async ({
  page,
}, info) => {
  const { national, digits } = randomPhone();
  // The visitor's browser comes from an address of its own: reruns stay under the per-address limits.
  await page.setExtraHTTPHeaders(addressOf(digits));
  await openBooking(page);
  const booking = page.url();
  await page.getByRole('link', { name: 'Подтвердить номер' }).click();
  const dialog = page.getByRole('dialog', { name: 'Войдите, чтобы продолжить' });
  await expect(dialog).toBeVisible();
  // SMS only: no VK, no call-in, Russian numbers (sent without the country code).
  await expect(dialog.getByText(/ВКонтакте|по звонку/)).toHaveCount(0);
  await expect(dialog.getByLabel('Страна')).toHaveCount(0);

  const phone = dialog.getByLabel('Номер телефона');
  await expect(phone).toBeEnabled();
  await phone.click();
  await phone.pressSequentially(national, { delay: 30 });
  const asked = page.waitForRequest((r) => r.url().includes('/services/sso/phone_login/'));
  await phone.press('Enter');
  expect((await asked).postDataJSON()).toEqual({ phone: national });
  const code = dialog.getByLabel('Код из СМС');
  await expect(code).toBeVisible();
  await page.screenshot({ path: info.outputPath(`noreg-code-${info.project.name}.png`) });
  const sent = await codeFor(page, digits);
  expect(await lastMethod(page, digits)).toBe('sms');
  await code.fill(sent);

  // Back on the same booking, signed in: the form for the chosen time, then booked.
  await expect(page.getByLabel('Фамилия')).toBeVisible();
  expect(new URL(page.url()).search).toBe(new URL(booking).search);
  await hydrated(page);
  await fillPatient(page);
  await page.getByRole('button', { name: 'Записаться' }).click();
  await expect(page.getByRole('heading', { name: 'Вы записаны', level: 1 })).toBeVisible();
});
