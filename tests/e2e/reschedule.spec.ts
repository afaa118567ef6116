import { expect, type Locator, type Page, test } from '@playwright/test';
import { randomPhone, signInThroughApi } from './support/patient';

/**
 * Moving a visit: a patient books a time from a doctor card, then from 'Мои записи' opens the
 * visit, presses 'Перенести', picks another free time of the same doctor and confirms; the visit's
 * page shows the new time, and the old one is free again.
 */

const SLOT = /^\d\d:\d\d$/;

/** The page answers clicks once React has hydrated it. */
const hydrated = (page: Page) =>
  page.waitForFunction(() => {
    const main = document.getElementById('content');
    return main !== null && Object.keys(main).some((key) => key.startsWith('__reactFiber'));
  });

/** The first card on the Moscow list whose calendar offers at least two times. */
async function cardWithTimes(page: Page): Promise<Locator> {
  await page.goto('/moskva/vrach/');
  const cards = page.locator('article[data-doctor-id]');
  await expect(cards.first()).toBeVisible();
  for (let i = 0; i < 12; i++) {
    const card = cards.nth(i);
    await card.scrollIntoViewIfNeeded();
    const settled = card
      .getByRole('tabpanel')
      .or(card.getByText('Расписание недоступно'))
      .or(card.getByRole('link', { name: 'Запись на приём' }));
    await expect(settled.first()).toBeVisible({ timeout: 10_000 });
    if ((await card.getByRole('tabpanel').getByRole('button', { name: SLOT }).count()) > 1) return card;
  }
  throw new Error('no doctor with two free times among the first cards');
}

test('a patient moves a booked visit to another time from «Мои записи»', async ({ page }) => {
  await signInThroughApi(page, randomPhone().digits);
  const card = await cardWithTimes(page);
  await card.getByRole('tabpanel').getByRole('button', { name: SLOT }).first().click();
  await expect(page).toHaveURL(/\/appointment\/new\//);
  await hydrated(page);
  await page.getByLabel('Фамилия').fill('Смирнова');
  await page.getByLabel('Имя', { exact: true }).fill('Ольга');
  await page.getByLabel('Отчество').fill('Игоревна');
  await page.getByLabel('Дата рождения').fill('1987-03-14');
  await page.getByRole('button', { name: 'Записаться' }).click();
  await expect(page.getByRole('heading', { name: 'Вы записаны', level: 1 })).toBeVisible();
  const details = page.locator('section[aria-label="Детали записи"] p').first();
  const before = (await details.textContent()) ?? '';

  await page.goto('/profile/appointments');
  await page.getByRole('region', { name: 'Предстоящие' }).getByRole('link', { name: before }).click();
  await hydrated(page);
  await page.getByRole('link', { name: 'Перенести' }).click();
  await expect(page.getByRole('heading', { name: 'Перенос записи', level: 1 })).toBeVisible();
  await expect(page.getByTestId('reschedule-current')).toContainText(before);
  await hydrated(page);
  // Another free time (the visit's own is not offered).
  await page.getByRole('tabpanel').getByRole('button', { name: SLOT }).last().click();
  await expect(page).toHaveURL(/[?&]slot=/);
  await expect(page.getByRole('heading', { name: 'Новое время' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath(`reschedule-${test.info().project.name}.png`) });
  await page.getByRole('button', { name: 'Перенести запись' }).click();

  await expect(page).toHaveURL(/\/appointment\/\d+\/\?token=/);
  await expect(details).not.toHaveText(before);
  await expect(page.getByRole('link', { name: 'Перенести' })).toBeVisible();
});
