import { expect, type Page, test } from '@playwright/test';
import { hydrated } from './support/hydrated';
import { WORK_PHONES, workAccountContext } from './support/patient';
import { shot } from './support/shot';

/**
 * The club card widget from a club price: a work account is refused, an anonymous visitor is
 * asked for a phone. Screenshots of each step land in the run's output folder.
 */

// The dev server compiles the widget's chunk on its first open.
test.describe.configure({ timeout: 60_000 });

const widget = (page: Page) => page.getByRole('dialog');

/** A doctor list with club prices: the first '… ₽ в клубе' on it. */
async function firstClubPrice(page: Page) {
  await page.goto('/moskva/vrach/');
  await hydrated(page);
  const price = page.locator('button[data-club-price]').first();
  await expect(price).toBeVisible();
  await expect(price).toHaveText(/₽ в клубе$/);
  return price;
}

test('a work account clicking a club price is told the club is for patients', async ({ browser }) => {
  const context = await workAccountContext(browser, WORK_PHONES.staff);
  const page = await context.newPage();
  const viewport = test.info().project.use.viewport;
  if (viewport) await page.setViewportSize(viewport);
  await (await firstClubPrice(page)).click();
  // The first open of a run waits for the dev server to compile the widget.
  await expect(widget(page).getByRole('heading', { name: 'Недоступно для рабочих аккаунтов' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(widget(page)).toContainText('Чтобы пользоваться клубом, войдите как пациент');
  await shot(page, 'club-work-account');
  await widget(page).getByRole('button', { name: 'Понятно' }).click();
  await expect(widget(page)).toBeHidden();
  await context.close();
});

test('an anonymous visitor is asked to confirm a phone, and can go on at the regular price', async ({
  page,
}) => {
  const price = await firstClubPrice(page);
  await price.click();
  await expect(widget(page).getByRole('heading', { name: 'Получить клубную цену' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(widget(page).getByLabel('Номер телефона')).toBeVisible();
  await shot(page, 'club-confirmation');
  const box = await widget(page).boundingBox();
  if (test.info().project.name === 'desktop') expect(Math.round(box?.width ?? 0)).toBe(456);
  else expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(844);
  await widget(page).getByRole('button', { name: 'Пойду по обычной цене' }).click();
  await expect(widget(page)).toBeHidden();
  // Keyboard users land back on the price they opened it from.
  if (test.info().project.name === 'desktop') await expect(price).toBeFocused();
});

// The phone's sheet closes by its buttons only.
test('desktop: Escape and the Back button close the widget and leave the page as it was', {
  tag: '@desktop',
}, async ({ page }) => {
  const price = await firstClubPrice(page);
  const url = page.url();
  await price.press('Enter');
  await expect(widget(page).getByRole('heading', { name: 'Получить клубную цену' })).toBeVisible({
    timeout: 20_000,
  });
  await page.keyboard.press('Escape');
  await expect(widget(page)).toBeHidden();
  await expect(price).toBeFocused();
  await price.press('Enter');
  await expect(widget(page)).toBeVisible();
  await page.goBack();
  await expect(widget(page)).toBeHidden();
  expect(page.url()).toBe(url);
});
