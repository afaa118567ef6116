import { expect, test } from '@playwright/test';
import { cardWithTimes, hasLaterDay, laterTime } from './support/cards';
import { hydrated } from './support/hydrated';
import { randomPhone, signInThroughApi } from './support/patient';

/**
 * Moving a visit: a patient books a time from a doctor card, then in 'Мои записи' presses
 * 'Перенести', picks another free time of the same doctor and confirms; the visit's page shows the
 * new time (and offers 'Перенести' again).
 */

test('a patient moves a booked visit to another time from «Мои записи»', async ({ page }) => {
  await signInThroughApi(page, randomPhone().digits);
  // A time tomorrow or later: one inside the clinic's cut-off could be neither moved nor cancelled.
  const card = await cardWithTimes(page, { accept: hasLaterDay });
  await (await laterTime(card)).click();
  await expect(page).toHaveURL(/\/appointment\/new\//);
  await hydrated(page);
  await page.getByLabel('Фамилия').fill('Смирнова');
  await page.getByLabel('Имя', { exact: true }).fill('Ольга');
  await page.getByLabel('Отчество').fill('Игоревна');
  await page.getByLabel('Дата рождения').fill('14.03.2011');
  await page.getByRole('button', { name: 'Записаться' }).click();
  await expect(page.getByRole('heading', { name: 'Вы записаны', level: 1 })).toBeVisible();
  const details = page.locator('section[aria-label="Детали записи"] p').first();
  const before = (await details.textContent()) ?? '';

  await page.goto('/profile/appointments');
  const item = page
    .getByRole('region', { name: 'Предстоящие' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: before }) });
  await item.getByRole('link', { name: 'Перенести' }).click();
  await expect(page.getByRole('heading', { name: 'Перенос записи', level: 1 })).toBeVisible();
  await expect(page.getByTestId('reschedule-current')).toContainText(before);
  await hydrated(page);
  // Another free time (the visit's own is not offered), tomorrow or later too: moved to a time
  // inside the cut-off, the visit could not be moved again.
  await (await laterTime(page.getByRole('main'))).click();
  await expect(page).toHaveURL(/[?&]slot=/);
  await expect(page.getByRole('heading', { name: 'Новое время' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath(`reschedule-${test.info().project.name}.png`) });
  await page.getByRole('button', { name: 'Перенести запись' }).click();

  await expect(page).toHaveURL(/\/appointment\/\d+\/\?token=/);
  await expect(details).not.toHaveText(before);
  await expect(page.getByRole('link', { name: 'Перенести' })).toBeVisible();
});
