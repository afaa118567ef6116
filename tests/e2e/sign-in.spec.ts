import { type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';

/**
 * Phone sign-in end to end: the code comes from the dev adapters' /dev/outbox, read
 * in a second page like a patient glancing at their phone. Each test signs in a new random
 * number ('7901…'), so reruns never meet the per-phone limits.
 */

function randomPhone(): { national: string; digits: string } {
  const tail = String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0');
  return { national: `901${tail}`, digits: `7901${tail}` };
}

/** Flow B's wrong-code text by the outbox's method column (docs/product/sign-in.md). */
const WRONG_CODE: Record<string, string> = {
  SMS: 'Неверный СМС код',
  ВКонтакте: 'Неверный код',
  Звонок: 'Неверные цифры',
};

/** The newest outbox row for the phone: its method label and code. */
async function readOutbox(
  context: BrowserContext,
  digits: string,
): Promise<{ method: string; code: string }> {
  const outbox = await context.newPage();
  let found: { method: string; code: string } | null = null;
  await expect(async () => {
    await outbox.goto('/dev/outbox');
    // Rows are newest first.
    const row = outbox.locator('table').first().locator('tbody tr').filter({ hasText: digits }).first();
    const cells = await row.locator('td').allTextContents();
    expect(cells[3]).toMatch(/^\d{4}$/);
    found = { method: cells[2], code: cells[3] };
  }).toPass({ timeout: 10_000 });
  await outbox.close();
  if (!found) throw new Error(`no code for ${digits} in the outbox`);
  return found;
}

/** Types as fast as a robot can: the mask keeps every keystroke (see the test below). */
async function typePhone(phone: Locator, national: string) {
  await phone.click();
  await phone.pressSequentially(national);
}

async function openPatientForm(page: Page) {
  await page.goto('/login/');
  await page.getByRole('link', { name: 'Я пациент' }).click();
  await expect(page).toHaveURL(/\/login\/\?kind=patient/);
  const phone = page.getByLabel('Номер телефона');
  // Enabled once the page has hydrated.
  await expect(phone).toBeEnabled();
  return phone;
}

async function requestCode(page: Page, national: string) {
  const phone = await openPatientForm(page);
  await typePhone(phone, national);
  await expect(phone).toHaveValue(
    `+7 ${national.slice(0, 3)} ${national.slice(3, 6)}-${national.slice(6, 8)}-${national.slice(8)}`,
  );
  await phone.press('Enter');
  const code = page.getByRole('textbox', { name: /Код|цифры/ });
  await expect(code).toBeVisible();
  // Accessibility: focus moves to the code once it is on its way.
  await expect(code).toBeFocused();
  return code;
}

function accountButton(page: Page) {
  return page.getByRole('banner').getByRole('button', { name: /Аккаунт/ });
}

test('a new patient signs in with the code from the outbox, stays signed in, and signs out', async ({
  page,
  context,
}, info) => {
  const { national, digits } = randomPhone();
  const codeField = await requestCode(page, national);
  await page.screenshot({ path: info.outputPath('code-step.png') });
  const { code } = await readOutbox(context, digits);
  await codeField.fill(code);

  // The check runs by itself at 4 digits, then the login sends us to ?next (here '/').
  await expect(page).toHaveURL(/\/$/);
  const account = accountButton(page);
  await expect(account).toContainText(`+7 901 ***-**-${digits.slice(-2)}`);

  await page.reload();
  await expect(account).toBeVisible();

  await account.click();
  await page.screenshot({ path: info.outputPath('account-menu.png') });
  await expect(page.getByRole('link', { name: 'Избранное' })).toHaveAttribute('href', '/favourites');
  await page.getByRole('button', { name: 'Выйти' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Войти' })).toBeVisible();
  await expect(account).toHaveCount(0);
});

test('a patient without VK gets a call or an SMS from the first screen, beside the VK button', async ({
  page,
  context,
}, info) => {
  const { national, digits } = randomPhone();
  const phone = await openPatientForm(page);
  await typePhone(phone, national);
  // The e2e server enables VK (ENABLE_PHONE_CONFIRMATION_VK's default): both ways are offered at once.
  await expect(page.getByRole('button', { name: 'Получить код ВКонтакте' })).toBeVisible();
  const other = page.getByRole('button', { name: 'Подтвердить через звонок или СМС' });
  await expect(other).toBeVisible();
  await page.screenshot({ path: info.outputPath('first-screen.png') });
  await other.click();
  const codeField = page.getByRole('textbox', { name: /Код из СМС|Последние 4 цифры/ });
  await expect(codeField).toBeFocused();
  const { method, code } = await readOutbox(context, digits);
  expect(['SMS', 'Звонок']).toContain(method);
  await expect(page.getByRole('button', { name: /ВКонтакте/ })).toHaveCount(0);
  await codeField.fill(code);
  await expect(accountButton(page)).toContainText(`+7 901 ***-**-${digits.slice(-2)}`);
});

test('a wrong code shows the exact text and the right one still signs in', async ({ page, context }) => {
  const { national, digits } = randomPhone();
  const codeField = await requestCode(page, national);
  const { method, code } = await readOutbox(context, digits);
  const wrong = code === '0000' ? '1111' : '0000';
  await codeField.fill(wrong);
  await expect(page.getByText(WRONG_CODE[method], { exact: true })).toBeVisible();
  await expect(codeField).toHaveAttribute('aria-invalid', 'true');

  await codeField.fill(code);
  await expect(accountButton(page)).toBeVisible();
});

test('call-in: the patient calls the toll-free number and is signed in', async ({ page, context }) => {
  const { national, digits } = randomPhone();
  const phone = await openPatientForm(page);
  await typePhone(phone, national);
  await page.getByRole('button', { name: 'Войти по звонку на бесплатный номер' }).click();
  await expect(page.getByText('Для подтверждения позвоните нам...')).toBeVisible();
  const number = page.getByRole('link', { name: /^8 800/ });
  await expect(number).toHaveAttribute('href', /^tel:8800\d{7}$/);
  const confirm = page.getByRole('button', { name: 'Подтвердить', exact: true });
  await expect(confirm).toBeVisible();

  // The patient calls: the outbox's 'Позвонить' simulates the call from that phone.
  const outbox = await context.newPage();
  // The outbox is a developer's table, not laid out for a phone screen.
  await outbox.setViewportSize({ width: 1280, height: 800 });
  await expect(async () => {
    await outbox.goto('/dev/outbox');
    await outbox
      .locator('tr', { hasText: digits })
      .getByRole('button', { name: 'Позвонить' })
      .click({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  // The outbox page stays open: closing it while the sign-in reloads the other page has hung
  // Chromium's page close until the test timed out (seen 1 run in 4 in the production build).

  // The websocket or the 5 s poll notices the call and signs in by itself; 'Подтвердить' checks
  // at once — unless the socket was quicker and the page is already reloading.
  if (await confirm.isVisible()) await confirm.click({ timeout: 2000 }).catch(() => undefined);
  await expect(accountButton(page)).toContainText(`+7 901 ***-**-${digits.slice(-2)}`, { timeout: 15_000 });
});

test('an empty or short number is refused with its message', async ({ page }) => {
  const phone = await openPatientForm(page);
  await phone.press('Enter');
  await expect(page.getByText('Укажите номер телефона', { exact: true })).toBeVisible();
  await typePhone(phone, '90012');
  await phone.press('Enter');
  await expect(page.getByText('Укажите номер в формате +7 9## ###-##-##', { exact: true })).toBeVisible();
  await expect(phone).toBeFocused();
});

test('the phone field keeps every digit: typed at once, queued behind a busy page, pasted with a prefix', async ({
  page,
}) => {
  const phone = await openPatientForm(page);
  // A leading 8 is the habit of dialling a prefix; 0 ms between keys.
  await typePhone(phone, '89001234567');
  await expect(phone).toHaveValue('+7 900 123-45-67');

  // Keystrokes that queued while the page was busy reach the field one after another in one
  // task, with no timer between them: each digit still lands (the mask library before IMask
  // refused all but the first, and CI lost a digit under load).
  await phone.fill('');
  await phone.evaluate((el) => {
    (el as HTMLInputElement).focus();
    for (const digit of '9012345678') document.execCommand('insertText', false, digit);
  });
  await expect(phone).toHaveValue('+7 901 234-56-78');

  // A pasted number with its country code, or with the 8 prefix, lands in the national part.
  for (const pasted of ['+7 (902) 111-22-33', '8 902 111 22 33']) {
    await phone.fill('');
    await phone.evaluate((el, text) => {
      (el as HTMLInputElement).focus();
      document.execCommand('insertText', false, text);
    }, pasted);
    await expect(phone).toHaveValue('+7 902 111-22-33');
  }
  // Backspace takes the last digit back.
  await phone.press('End');
  await phone.press('Backspace');
  await expect(phone).toHaveValue('+7 902 111-22-3');
});
