import { expect, type Locator, type Page, test } from '@playwright/test';
import { settledSchedule } from './support/cards';
import { hydrated } from './support/hydrated';
import { randomPhone, signInThroughApi } from './support/patient';
import { shot } from './support/shot';

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
    // The calendar's day tabs, or what a card without them says (support/cards.ts).
    await expect(settledSchedule(card)).toBeVisible({ timeout: 20_000 });
    if ((await card.getByRole('tabpanel').getByRole('button', { name: SLOT }).count()) > 0) return card;
  }
  throw new Error('no doctor with a club price and free slots among the first cards');
}

/** Fills the booking form (on its page, hydrated), ticks 'Записаться по клубной цене', gives the e-mail. */
async function fillClubBooking(page: Page, receiptEmail = 'olga@example.com'): Promise<Locator> {
  await page.getByLabel('Фамилия').fill('Смирнова');
  await page.getByLabel('Имя', { exact: true }).fill('Ольга');
  await page.getByLabel('Отчество').fill('Игоревна');
  await page.getByLabel('Дата рождения').fill('14.03.1987');
  const club = page.getByTestId('club-booking');
  await club.getByRole('checkbox', { name: /Записаться по клубной цене \d/ }).check();
  await club.getByLabel('Email для чека').fill(receiptEmail);
  return club;
}

/**
 * Presses 'Записаться' on a filled club booking form: the browser leaves for the checkout at
 * once, so the coupon request's reply is read on its way through. Returns the coupon's id.
 */
async function submitToCheckout(page: Page): Promise<number> {
  let coupon = { id: 0, status: 0 };
  await page.route('**/club/ajax/coupon_request/', async (route) => {
    const response = await route.fetch();
    coupon = { id: (await response.json()).id, status: response.status() };
    await route.fulfill({ response });
  });
  await page.getByRole('button', { name: 'Записаться', exact: true }).click();
  await expect(page).toHaveURL(/\/dev\/pay\/[\w-]+$/);
  await page.unroute('**/club/ajax/coupon_request/');
  expect(coupon.status).toBe(201);
  return coupon.id;
}

test('a patient books at the club price and prepays the coupon through the checkout', async ({ page }) => {
  await signInThroughApi(page, randomPhone().digits);
  const card = await clubCardWithSlots(page);
  await card.getByRole('tabpanel').getByRole('button', { name: SLOT }).first().click();
  await expect(page).toHaveURL(/\/appointment\/new\//);
  await hydrated(page);

  const club = await fillClubBooking(page, 'olga@');
  const email = club.getByLabel('Email для чека');
  await page.getByRole('button', { name: 'Записаться', exact: true }).click();
  await expect(club).toContainText('Введите корректный адрес электронной почты.');
  await email.fill('olga@example.com');
  await shot(page, 'club-booking-form');
  const coupon = await submitToCheckout(page);

  // Before paying, the coupon page shows the breakdown and counts the 20 minutes down.
  await page.goto(`/club/coupon_request/${coupon}/payment_status/`);
  await expect(page.getByText(/Осталось (19|20):\d\d/)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('coupon-breakdown')).toContainText('Купон (оплата на сайте)');
  await shot(page, 'club-coupon-start');
  await page.getByRole('button', { name: /^Оплатить \d/ }).click();
  await expect(page).toHaveURL(/\/dev\/pay\/[\w-]+$/);
  await page.getByRole('button', { name: 'Оплатить' }).click();

  await expect(page).toHaveURL(new RegExp(`/club/coupon_request/${coupon}/payment_status/`));
  await expect(page.getByRole('heading', { name: 'Вы записаны' })).toBeVisible({ timeout: 30_000 });
  await shot(page, 'club-coupon-done');
  await page.getByRole('link', { name: 'Перейти к записи' }).click();
  await expect(page).toHaveURL(/\/appointment\/\d+\/?$/);
});

test('a declined coupon payment lets the time go; booking again and paying succeeds', async ({ page }) => {
  await signInThroughApi(page, randomPhone().digits);
  const card = await clubCardWithSlots(page);
  await card.getByRole('tabpanel').getByRole('button', { name: SLOT }).first().click();
  await expect(page).toHaveURL(/\/appointment\/new\//);
  const bookingUrl = page.url();
  await hydrated(page);
  await fillClubBooking(page);
  const declined = await submitToCheckout(page);

  // The bank says no: back on the site the coupon page says so and offers to book again.
  await page.getByRole('button', { name: 'Отклонить' }).click();
  await expect(page).toHaveURL(new RegExp(`/club/coupon_request/${declined}/payment_status/`));
  const failed = page.locator('[data-step="failed"]');
  await expect(failed.getByRole('heading', { name: 'Не получилось записаться' })).toBeVisible({
    timeout: 30_000,
  });
  await shot(page, 'club-coupon-declined');
  // The declined coupon cannot be paid any more.
  const again = await page.request.post(`/club/ajax/coupon_request/${declined}/payment/`, {
    headers: {
      'X-CSRFToken': (await page.context().cookies()).find((c) => c.name === 'csrftoken')?.value ?? '',
    },
  });
  expect(again.status()).toBe(409);

  // 'Записаться заново' returns to the doctor's booking page (the return address keeps no
  // time): the patient picks a time again and books at the club price.
  await failed.getByRole('link', { name: 'Записаться заново' }).click();
  const rebook = new URL(bookingUrl);
  rebook.searchParams.delete('slot');
  await expect(page).toHaveURL(rebook.href);
  await hydrated(page);
  const times = page.locator('section[aria-labelledby="choose-time"]');
  await times.getByRole('tabpanel').getByRole('button', { name: SLOT }).first().click();
  await expect(page).toHaveURL(/[?&]slot=/);
  await hydrated(page);
  await fillClubBooking(page);
  const paid = await submitToCheckout(page);
  expect(paid).not.toBe(declined);
  await page.getByRole('button', { name: 'Оплатить' }).click();
  await expect(page).toHaveURL(new RegExp(`/club/coupon_request/${paid}/payment_status/`));
  await expect(page.getByRole('heading', { name: 'Вы записаны' })).toBeVisible({ timeout: 30_000 });
});
