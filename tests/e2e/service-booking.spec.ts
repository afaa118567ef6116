import { expect, type Locator, type Page, test } from '@playwright/test';
import { randomPhone, signInThroughApi } from './support/patient';

/**
 * A service that needs a doctor's consultation first: its slot on the services page opens the
 * preliminary-consultation notice; 'Отменить' keeps the patient on the page, 'Записаться к
 * врачу' leads to /uslugi/appointment/new/, where the patient books the time.
 * Back on the services page after a reload, the time is gone.
 */

const SLOT = /^\d\d:\d\d$/;
const SERVICE_PAGE = '/moskva/diagnostika/kolonoskopiya/';

/** The first clinic card on the page whose calendar offers a time. */
async function calendarWithSlots(page: Page): Promise<Locator> {
  await page.goto(SERVICE_PAGE);
  const boxes = page.locator('li').filter({ has: page.locator('.slots-box') });
  await expect(boxes.first()).toBeAttached();
  const count = await boxes.count();
  for (let i = 0; i < count; i++) {
    const box = boxes.nth(i);
    await box.scrollIntoViewIfNeeded();
    const settled = box.getByRole('tabpanel').or(box.getByText('Расписание недоступно'));
    await expect(settled.first()).toBeVisible({ timeout: 10_000 });
    if ((await box.getByRole('tabpanel').getByRole('button', { name: SLOT }).count()) > 0) return box;
  }
  throw new Error(`no clinic with free slots on ${SERVICE_PAGE}`);
}

test('a colonoscopy slot shows the preliminary-consultation notice, then books on the service page', async ({
  page,
}, info) => {
  await signInThroughApi(page, randomPhone().digits);
  const card = await calendarWithSlots(page);
  const tabId = (await card.getByRole('tab', { selected: true }).getAttribute('id')) ?? '';
  const day = tabId.slice(tabId.indexOf('-tab-') + 5);
  const slot = card.getByRole('tabpanel').getByRole('button', { name: SLOT }).first();
  const time = (await slot.textContent())?.trim() ?? '';

  await slot.click();
  const sheet = page.getByRole('dialog', { name: 'Сначала нужно проконсультироваться с врачом' });
  await expect(sheet).toBeVisible();
  await expect(sheet).toContainText(
    'Он соберёт анамнез, проверит наличие показаний и противопоказаний и уже после этого назначит процедуру.',
  );
  // The page behind does not scroll while the sheet is open.
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
  await page.screenshot({ path: info.outputPath('preliminary-sheet.png') });

  await sheet.getByRole('button', { name: 'Отменить' }).click();
  await expect(sheet).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`${SERVICE_PAGE}$`));

  await slot.click();
  await expect(sheet).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();

  await slot.click();
  await sheet.getByRole('button', { name: 'Записаться к врачу' }).click();
  await expect(page).toHaveURL(
    new RegExp(
      `/uslugi/appointment/new/\\?lpu=\\d+&service=\\d+&slot=[\\d.]+\\+${time.replace(':', '%3A')}&source=services_list`,
    ),
  );
  await expect(page.getByRole('heading', { name: 'Запись на услугу', level: 1 })).toBeVisible();
  await expect(page.getByText('Колоноскопия').first()).toBeVisible();
  await expect(page.getByText(new RegExp(`, ${time}$`))).toBeVisible();

  // Nothing filled: the shared schema names what is missing (and the page is hydrated).
  await page.getByRole('button', { name: 'Записаться' }).click();
  await expect(page.getByText('Укажите фамилию', { exact: true })).toBeVisible();
  await page.getByLabel('Фамилия').fill('Кузнецова');
  await page.getByLabel('Имя', { exact: true }).fill('Вера');
  await page.getByLabel('Нет отчества').check();
  await page.getByLabel('Дата рождения').fill('21.08.1969');
  await page.getByRole('button', { name: 'Записаться' }).click();

  await expect(page.getByRole('heading', { name: 'Вы записаны', level: 1 })).toBeVisible();
  await expect(page.getByText('Колоноскопия').first()).toBeVisible();
  await expect(page.getByText('Стоимость:')).toBeVisible();
  await page.screenshot({ path: info.outputPath('service-booked.png'), fullPage: true });

  // The services page no longer offers that time on that day.
  const again = await calendarWithSlots(page);
  const sameDay = again.locator(`[id$="-tab-${day}"]`);
  if ((await sameDay.count()) > 0 && (await sameDay.getAttribute('aria-disabled')) !== 'true') {
    await sameDay.click();
    await expect(again.getByRole('tabpanel').getByRole('button', { name: time, exact: true })).toHaveCount(0);
  }
});

test('the price list’s «Записаться» opens the line’s calendar inline; a slot leads to its booking page', async ({
  page,
}) => {
  await page.goto('/moskva/lpu/4-diagnosticheskiy-tsentr-kordis/');
  await page.getByText('Только услуги с онлайн-записью').click();
  const book = page.getByRole('button', { name: 'Записаться', exact: true }).first();
  await expect(book).toBeVisible();
  await book.click();
  await expect(book).toHaveAttribute('aria-expanded', 'true');
  const slot = page.getByRole('tabpanel').getByRole('button', { name: SLOT }).first();
  await expect(slot).toBeVisible();
  const time = (await slot.textContent())?.trim() ?? '';
  await slot.click();
  await expect(page).toHaveURL(
    new RegExp(
      `/uslugi/appointment/new/\\?lpu=4&service=\\d+&slot=[\\d.]+\\+${time.replace(':', '%3A')}&source=clinic_prices`,
    ),
  );
  await expect(page.getByRole('heading', { name: 'Запись на услугу', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Подтвердить номер' })).toBeVisible();
});
