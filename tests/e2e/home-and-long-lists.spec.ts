import { type APIRequestContext, expect, type Page, test } from '@playwright/test';

/**
 * What a first-time patient meets: the search under 'Найдите хорошего врача' on the home page,
 * and a doctor whose price list is long enough to fold behind 'Показать весь список', which
 * works from the keyboard on phones and desktops alike. Demo doctors show initials, no photo.
 */

const FIELD = 'Поиск врача, клиники или услуги';

/** The first Moscow doctor on the list pages whose page folds a list (the data set is seeded, not hand-made). */
async function doctorWithLongList(request: APIRequestContext): Promise<string> {
  for (const n of [1, 2, 3, 4, 5]) {
    const html = await (await request.get(`/moskva/vrach/?page=${n}`)).text();
    for (const url of new Set(html.match(/\/moskva\/vrach\/\d+-[a-z0-9-]+\//g) ?? [])) {
      if ((await (await request.get(url)).text()).includes('Показать весь список')) return url;
    }
  }
  throw new Error('no Moscow doctor with a folded list on the first five list pages');
}

let doctorUrl = '';

test.beforeAll(async ({ playwright }, info) => {
  test.setTimeout(120_000);
  const request = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
  try {
    doctorUrl = await doctorWithLongList(request);
  } finally {
    await request.dispose();
  }
});

async function openHome(page: Page) {
  await page.goto('/?town=choose');
  await page.waitForLoadState('networkidle');
}

test('the home page offers the search right under “Найдите хорошего врача”', async ({ page }, info) => {
  await openHome(page);
  const heading = page.getByRole('heading', { level: 1, name: 'Найдите хорошего врача' });
  const field = page.getByRole('combobox', { name: FIELD });
  await expect(heading).toBeVisible();
  await expect(field).toBeVisible();
  const [h, f] = [await heading.boundingBox(), await field.boundingBox()];
  expect(f!.y).toBeGreaterThan(h!.y + h!.height);
  // Above the town list: the first thing after the heading and its line.
  const towns = await page.getByRole('heading', { name: 'Выберите город' }).boundingBox();
  expect(f!.y).toBeLessThan(towns!.y);

  await field.click();
  const status = page.getByRole('status').filter({ hasText: /символ/ });
  await expect(status).toHaveText('Введите 2 символа для поиска');
  await field.fill('к');
  await expect(status).toHaveText('Введите 2 символа для поиска');
  await field.fill('кардиолог');
  const option = page.getByRole('option', { name: /^Кардиолог/ });
  await expect(option).toBeVisible();
  await page.screenshot({ path: info.outputPath(`home-search-${info.project.name}.png`) });
  await field.press('ArrowDown');
  await field.press('Enter');
  await expect(page).toHaveURL(/\/moskva\/vrach\/kardiolog\/$/);
});

test('Enter in the home search opens the full results page', async ({ page }) => {
  await openHome(page);
  const field = page.getByRole('combobox', { name: FIELD });
  await field.click();
  await field.fill('Иванов');
  await field.press('Enter');
  await expect(page).toHaveURL(/\/moskva\/search\/\?q=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Результаты поиска «иванов»');
});

test('“Показать весь список” is visible and works from the keyboard on a long list', async ({
  page,
}, info) => {
  await page.goto(doctorUrl);
  await page.waitForLoadState('networkidle');
  const toggle = page.getByRole('button', { name: 'Показать весь список' }).first();
  await toggle.scrollIntoViewIfNeeded();
  await expect(toggle).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  const list = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
  const total = await list.locator('li').count();
  const shownBefore = await list.locator('li:visible').count();
  expect(shownBefore).toBeLessThan(total);
  await page.screenshot({ path: info.outputPath(`long-list-${info.project.name}.png`) });

  // Reached with Tab from the element before it, opened with Enter.
  await toggle.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(toggle).toBeFocused();
  await page.keyboard.press('Enter');
  const hide = page.getByRole('button', { name: 'Скрыть' }).first();
  await expect(hide).toHaveAttribute('aria-expanded', 'true');
  await expect(list.locator('li:visible')).toHaveCount(total);
  await expect(hide).toBeFocused();
  await page.keyboard.press('Space');
  await expect(list.locator('li:visible')).toHaveCount(shownBefore);
});

test('demo doctors show a drawn portrait marked «Демо», or their initials, never a photo', async ({
  page,
}) => {
  await page.goto(doctorUrl);
  const about = page.locator('#about');
  const pictures = about.locator('img');
  // Seven demo doctors in ten have a drawing from public/demo/portraits (docs/product/demo-data.md).
  if ((await pictures.count()) > 0) {
    await expect(pictures.first()).toHaveAttribute('src', /\/demo\/portraits\//);
    return;
  }
  await expect(
    about
      .locator('span[aria-hidden="true"]')
      .filter({ hasText: /^[А-ЯЁ]{2}$/ })
      .first(),
  ).toBeVisible();
});
