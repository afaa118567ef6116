import { expect, type Locator, type Page, test } from '@playwright/test';
import { randomPhone, signInThroughApi } from './support/patient';

/**
 * Booking at the club price: a new patient picks a time of a doctor with a club price, books
 * it at the club price, and prepays the coupon (with the free first card) through the offline
 * dev checkout; back on the site the coupon page counts the 20 minutes, then says 'Вы записаны'.
 */

test.describe.configure({ timeout: 120_000 });

const SLOT = /^\d\d:\d\d$/;

/** The first card on the Moscow list with a club price and a free time. */
async function clubCardWithSlots(page: Page): Promise<Locator> {
  await page.goto('/moskva/vrach/');
  const cards = page
    .locator('article[data-doctor-id]')
    .filter({ has: page.locator('button[data-club-price]') });
  await expect(cards.first()).toBeVisible();
  const count = Math.min(await cards.count(), 12);
  for (let i = 0; i < count; i++) {
    const card = cards.nth(i);
    await card.scrollIntoViewIfNeeded();
    const settled = card
      .getByRole('tabpanel')
      .or(card.getByText('Расписание недоступно'))
      .or(card.getByRole('link', { name: 'Запись на приём' }));
    await expect(settled.first()).toBeVisible({ timeout: 20_000 });
    if ((await card.getByRole('tabpanel').getByRole('button', { name: SLOT }).count()) > 0) return card;
  }
  throw new Error('no doctor with a club price and free slots among the first cards');
}

test('a patient books at the club price and prepays the coupon through the checkout', async ({ page }) => {
  await signInThroughApi(page, randomPhone().digits);
  const card = await clubCardWithSlots(page);
  await card.getByRole('tabpanel').getByRole('button', { name: SLOT }).first().click();
  await expect(page).toHaveURL(/\/appointment\/new\//);
  // The form answers once React has hydrated the page.
  await page.waitForFunction(() => {
    const main = document.getElementById('content');
    return main !== null && Object.keys(main).some((key) => key.startsWith('__reactFiber'));
  });

  await page.getByLabel('Фамилия').fill('Смирнова');
  await page.getByLabel('Имя', { exact: true }).fill('Ольга');
  await page.getByLabel('Отчество').fill('Игоревна');
  await page.getByLabel('Дата рождения').fill('1987-03-14');
  const club = page.getByTestId('club-booking');
  await club.getByRole('checkbox', { name: /Записаться по клубной цене \d/ }).check();
  const email = club.getByLabel('Email для чека');
  await email.fill('olga@');
  await page.getByRole('button', { name: 'Записаться', exact: true }).click();
  await expect(club).toContainText('Введите корректный адрес электронной почты.');
  await email.fill('olga@example.com');
  await page.screenshot({
    path: test.info().outputPath(`club-booking-form-${test.info().project.name}.png`),
  });

  // The browser leaves for the checkout at once: the reply is read on its way through.
  let coupon = { id: 0, status: 0 };
  await page.route('**/club/ajax/coupon_request/', async (route) => {
    const response = await route.fetch();
    coupon = { id: (await response.json()).id, status: response.status() };
    await route.fulfill({ response });
  });
  await page.getByRole('button', { name: 'Записаться', exact: true }).click();
  await expect(page).toHaveURL(/\/dev\/pay\/[\w-]+$/);
  expect(coupon.status).toBe(201);

  // Before paying, the coupon page shows the breakdown and counts the 20 minutes down.
  await page.goto(`/club/coupon_request/${coupon.id}/payment_status/`);
  await expect(page.getByText(/Осталось (19|20):\d\d/)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('coupon-breakdown')).toContainText('Купон (оплата на сайте)');
  await page.screenshot({
    path: test.info().outputPath(`club-coupon-start-${test.info().project.name}.png`),
  });
  await page.getByRole('button', { name: /^Оплатить \d/ }).click();
  await expect(page).toHaveURL(/\/dev\/pay\/[\w-]+$/);
  await page.getByRole('button', { name: 'Оплатить' }).click();

  await expect(page).toHaveURL(new RegExp(`/club/coupon_request/${coupon.id}/payment_status/`));
  await expect(page.getByRole('heading', { name: 'Вы записаны' })).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: test.info().outputPath(`club-coupon-done-${test.info().project.name}.png`) });
  await page.getByRole('link', { name: 'Перейти к записи' }).click();
  await expect(page).toHaveURL(/\/appointment\/\d+\/?$/);
});
