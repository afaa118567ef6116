import { expect, type Page, test } from '@playwright/test';
import { codeFor, randomPhone, signInThroughApi } from './support/patient';

/**
 * Favourites end to end: a patient saves a doctor from the list, removes it, undoes
 * the removal and finds it on /favourites; an anonymous heart leads through sign-in and back,
 * where the doctor is added by itself. Each run signs in a new random '7901…' number.
 */

const toast = (page: Page, text: string) => page.getByRole('status').getByText(text, { exact: true });

test('a patient adds a doctor from the list, removes it, undoes that and finds it on /favourites', async ({
  page,
}) => {
  await signInThroughApi(page, randomPhone().digits);
  // The hearts ask their state in one call once the page has hydrated.
  const states = page.waitForResponse(
    (r) => r.url().endsWith('/api/patient/favourites/doctors/') && r.request().method() === 'POST',
  );
  await page.goto('/moskva/vrach/');
  expect((await states).status()).toBe(200);

  const card = page.locator('article[data-doctor-id]').first();
  const name = (await card.locator('h2').textContent()) ?? '';
  const heart = card.locator('button[data-favourite]');
  await expect(heart).not.toHaveAttribute('aria-busy', 'true');
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await expect(heart).toHaveAccessibleName('Добавить в избранное');

  await heart.click();
  await expect(toast(page, 'Добавлено в избранное')).toBeVisible();
  await expect(page.getByRole('status').getByRole('button', { name: 'Перейти' })).toBeVisible();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expect(heart).toHaveAccessibleName('Удалить из избранного');

  await heart.click();
  await expect(toast(page, 'Удалено из избранного')).toBeVisible();
  await expect(heart).toHaveAttribute('aria-pressed', 'false');

  await page.getByRole('status').getByRole('button', { name: 'Отменить' }).click();
  await expect(toast(page, 'Восстановлено')).toBeVisible();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');

  // The server kept it: a fresh page shows the heart pressed, and /favourites lists the doctor.
  await page.reload();
  await expect(
    page.locator('article[data-doctor-id]').first().locator('button[data-favourite]'),
  ).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/favourites');
  await expect(page).toHaveURL(/\/favourites\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Избранное' })).toBeVisible();
  const saved = page.locator('#doctors article[data-doctor-id]');
  await expect(saved).toHaveCount(1);
  await expect(saved.locator('h2')).toHaveText(name);
});

test('an anonymous heart asks to sign in, and after signing in the doctor is added', async ({ page }) => {
  const { national, digits } = randomPhone();
  await page.goto('/moskva/vrach/');
  await page.waitForLoadState('networkidle');
  const card = page.locator('article[data-doctor-id]').first();
  const id = await card.getAttribute('data-doctor-id');
  const heart = card.locator('button[data-favourite]');
  await expect(heart).toBeEnabled();
  await heart.click();

  const dialog = page.getByRole('dialog', { name: 'Необходимо войти в личный кабинет' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Не сейчас' })).toBeVisible();
  await dialog.getByRole('link', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/login\/\?next=/);
  expect(new URL(page.url()).searchParams.get('next')).toBe(`/moskva/vrach/?addToFavourites=${id}`);

  await page.getByRole('link', { name: 'Я пациент' }).click();
  await expect(page).toHaveURL(/\/login\/\?kind=patient/);
  const phone = page.getByLabel('Номер телефона');
  await expect(phone).toBeEnabled();
  await page.waitForLoadState('networkidle');
  await phone.click();
  // Typed like a person: the masked field reformats after each digit.
  await phone.pressSequentially(national, { delay: 60 });
  await expect(phone).toHaveValue(
    `+7 ${national.slice(0, 3)} ${national.slice(3, 6)}-${national.slice(6, 8)}-${national.slice(8)}`,
  );
  await phone.press('Enter');
  const codeField = page.getByRole('textbox', { name: /Код|цифры/ });
  await expect(codeField).toBeVisible();
  await codeField.fill(await codeFor(page, digits));

  // Back on the list: the heart adds the doctor once and the address loses the parameter.
  await expect(page).toHaveURL(/\/moskva\/vrach\/$/);
  const back = page.locator(`article[data-doctor-id="${id}"] button[data-favourite]`);
  await expect(back).toHaveAttribute('aria-pressed', 'true');
  await expect(toast(page, 'Добавлено в избранное')).toBeVisible();
  await page.reload();
  await expect(back).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/\/moskva\/vrach\/$/);
});

test('a clinic saved on its page shows under Клиники on /favourites', async ({ page }) => {
  await signInThroughApi(page, randomPhone().digits);
  await page.goto('/moskva/lpu/');
  const link = page.locator('article[data-lpu-id] h2 a').first();
  const name = (await link.textContent()) ?? '';
  // Card links are plain <a>: a full page load, whose hearts then ask their state.
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const heart = page.locator('button[data-favourite^="lpu:"]');
  await expect(heart).toBeEnabled();
  // Clicks wait while the heart's state loads.
  await expect(heart).not.toHaveAttribute('aria-busy', 'true');
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(toast(page, 'Добавлено в избранное')).toBeVisible();

  // 'Перейти' in the toast opens the favourites page.
  await page.getByRole('status').getByRole('button', { name: 'Перейти' }).click();
  await expect(page).toHaveURL(/\/favourites\/$/);
  const clinics = page.locator('#clinics article[data-lpu-id]');
  await expect(clinics).toHaveCount(1);
  await expect(clinics.locator('h2')).toHaveText(name);
  await expect(clinics.locator('button[data-favourite]')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('#doctors')).toContainText('Здесь будут врачи, которых вы сохраните.');
});
