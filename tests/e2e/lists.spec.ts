import { expect, type Locator, type Page, test } from '@playwright/test';
import { hydrated } from './support/hydrated';

const cards = (page: Page) => page.locator('article[data-doctor-id]');

/** The '4,8' of each rating line ('Рейтинг 4,8' to screen readers). */
const ratingsIn = (scope: Locator) => numbers(scope.locator('span:has(> span.sr-only)'), /Рейтинг([\d,]+)/);

/** Numbers in each element's text ('1 234 отзыва' → 1234), in page order. */
async function numbers(locator: Locator, pattern: RegExp): Promise<number[]> {
  return (await locator.allTextContents()).map((text) => {
    const m = pattern.exec(text.replace(/[\s\u00a0]/g, ''));
    if (!m) throw new Error(`no number in «${text}»`);
    return Number(m[1].replace(',', '.'));
  });
}

const descending = (xs: number[]) => xs.every((x, i) => i === 0 || xs[i - 1] >= x);
const ascending = (xs: number[]) => xs.every((x, i) => i === 0 || xs[i - 1] <= x);

async function jsonLdTypes(page: Page): Promise<string[]> {
  return (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
    (t) => JSON.parse(t)['@type'],
  );
}

/** On phones the filter checkboxes fold behind 'Фильтры'. */
async function openFilters(page: Page) {
  const toggle = page.getByRole('button', { name: /^Фильтры/ });
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) === 'false') {
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  }
}

test('sort and filters of a doctor list live in the URL, and back restores them', async ({ page }) => {
  await page.goto('/moskva/vrach/terapevt/');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Терапевты в Москве');
  const sort = page.getByRole('combobox', { name: 'Сортировка' });
  await expect(sort).toHaveValue('rating');

  await sort.selectOption({ label: 'По числу отзывов' });
  await expect(page).toHaveURL(/\/moskva\/vrach\/terapevt\/\?sort=reviews$/);
  // React commits the new page a moment after the URL changes.
  const reviewCounts = () => numbers(cards(page).locator('a[href$="#reviews"]'), /^(\d+)отзыв/);
  await expect.poll(async () => descending(await reviewCounts())).toBe(true);
  expect((await reviewCounts()).length).toBeGreaterThan(10);
  await expect(cards(page)).toHaveCount(20);

  await openFilters(page);
  await page.getByRole('checkbox', { name: 'На дому' }).check();
  await expect(page).toHaveURL(/\?na_dom=1&sort=reviews$/);
  await expect(page).toHaveTitle(/^Терапевты в Москве \(на дому\) — /);
  const homeFlags = () => cards(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-na-dom')));
  await expect.poll(async () => [...new Set(await homeFlags())]).toEqual(['true']);

  await page.goBack();
  await expect(page).toHaveURL(/\?sort=reviews$/);
  await expect(sort).toHaveValue('reviews');
  await openFilters(page);
  await expect(page.getByRole('checkbox', { name: 'На дому' })).not.toBeChecked();
  await page.goBack();
  await expect(page).toHaveURL(/\/moskva\/vrach\/terapevt\/$/);
  await expect(sort).toHaveValue('rating');
});

test('a filtered list renders on the server, readable before any script runs', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/moskva/vrach/?online=1&sort=price');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Врачи в Москве');
  await expect(page.getByRole('checkbox', { name: 'Онлайн' })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Показать' })).toBeVisible();
  await expect(cards(page)).toHaveCount(20);
  const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
  expect(canonical).toMatch(/\/moskva\/vrach\/\?online=1$/);
  await context.close();
});

test('a metro station lists the doctors who work there', async ({ page }) => {
  await page.goto('/moskva/vrach/');
  const metro = page.getByRole('region', { name: 'Метро' });
  const first = metro.getByRole('link').first();
  const station = ((await first.textContent()) ?? '').trim();
  await first.click();
  await expect(page).toHaveURL(/\/moskva\/metro\/[a-z0-9-]+\/vrach\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Врачи у метро ${station} в Москве`);
  await expect(cards(page).first()).toBeVisible();
  expect(await jsonLdTypes(page)).toEqual(['ItemList', 'BreadcrumbList']);
  await page.getByRole('link', { name: `Клиники у метро ${station}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Клиники у метро ${station} в Москве`);
  await expect(page.locator('article[data-lpu-id]').first()).toBeVisible();
});

test('«Все станции» leads from the list to the catalog’s stations, below the sticky header, and back', async ({
  page,
}) => {
  await page.goto('/moskva/vrach/');
  const metro = page.getByRole('region', { name: 'Метро' });
  // The list shows the first six; the rest are the catalog's, not folded into this page.
  await expect(metro.getByRole('listitem')).toHaveCount(6);
  await expect(page.locator('details')).toHaveCount(0);
  await metro.getByRole('link', { name: /^Все станции \(\d+\)$/ }).click();
  await expect(page).toHaveURL(/\/moskva\/katalog\/#metro-h$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Каталог врачей и клиник в Москве');
  const stations = page.getByRole('region', { name: 'Врачи у метро' });
  expect(await stations.getByRole('link').count()).toBeGreaterThan(6);
  const [heading, header] = await page.evaluate(() => [
    document.getElementById('metro-h')!.getBoundingClientRect().top,
    document.querySelector('header')!.getBoundingClientRect().bottom,
  ]);
  expect(heading).toBeGreaterThanOrEqual(header);
  const last = stations.getByRole('link').last();
  const station = ((await last.textContent()) ?? '').trim();
  await last.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Врачи у метро ${station} в Москве`);
  await page.goBack();
  await expect(page).toHaveURL(/\/moskva\/katalog\/#metro-h$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/moskva\/vrach\/$/);
});

test('the nearby list asks for the position and orders doctors by distance', async ({ page, context }) => {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 55.7558, longitude: 37.6173 });
  await page.goto('/moskva/ryadom/vrach/');
  await hydrated(page);
  await page.getByRole('button', { name: 'Найти врачей рядом' }).click();
  await expect(page).toHaveURL(/\/moskva\/ryadom\/vrach\/\?lat=55\.7558&lon=37\.6173$/);
  await expect(cards(page).first()).toBeVisible();
  const notes = await cards(page)
    .getByText(/^Ближайшая клиника в/)
    .allTextContents();
  expect(notes.length).toBeGreaterThan(0);
  const km = notes.map((text) => {
    const m = /в ([\d,]+) (м|км)$/.exec(text.replace(/\u00a0/g, ' '));
    if (!m) throw new Error(`no distance in «${text}»`);
    return Number(m[1].replace(',', '.')) / (m[2] === 'м' ? 1000 : 1);
  });
  expect(ascending(km)).toBe(true);
});

test('a treatment lists the doctors of its specialities', async ({ page }) => {
  const response = await page.goto('/moskva/lechenie/gaimorit/');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Лечение гайморита в Москве');
  await expect(page.getByText('Лечением занимаются:')).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
  for (const specs of await cards(page).locator('h2 + p').allTextContents()) {
    expect(specs).toMatch(/ЛОР/);
  }
});

test('online consultations span towns and lead with the online price', async ({ page }) => {
  await page.goto('/online/vrach/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Онлайн-консультации врачей');
  await expect(cards(page)).toHaveCount(20);
  await expect(page.getByRole('checkbox', { name: 'На дому' })).toHaveCount(0);
  const first = cards(page).first();
  await expect(first.getByText('Онлайн-консультация')).toBeVisible();
  // Its visit-type tabs lead with the online price, and the calendar shows that type.
  await expect(first.getByRole('tab', { name: /^Онлайн · / })).toHaveAttribute('aria-selected', 'true');
  const towns = new Set(await cards(page).getByText(/^г\. /).allTextContents());
  expect(towns.size).toBeGreaterThan(1);
});

test('a top list ranks a town’s clinics of one kind by rating', async ({ page }) => {
  await page.goto('/moskva/lpu/');
  await page
    .getByRole('region', { name: 'Рейтинги клиник' })
    .getByRole('link', { name: 'Лучшие стоматологии' })
    .click();
  await expect(page).toHaveURL(/\/moskva\/top\/stomatologii\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Лучшие стоматологии Москвы');
  const clinics = page.locator('ol article[data-lpu-id]');
  await expect(clinics.first()).toBeVisible();
  const ratings = await ratingsIn(clinics);
  expect(descending(ratings)).toBe(true);
});

test('a service lists its clinics cheapest first and re-sorts by rating', async ({ page }) => {
  await page.goto('/moskva/diagnostika/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Диагностика в Москве');
  const service = page.getByRole('region', { name: 'УЗИ' }).getByRole('link').first();
  const name = ((await service.textContent()) ?? '').trim();
  await service.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${name} в Москве`);
  const prices = page.locator('[data-price]');
  await expect(prices.first()).toBeVisible();
  const byPrice = (await prices.evaluateAll((els) =>
    els.map((el) => Number(el.getAttribute('data-price'))),
  )) as number[];
  expect(ascending(byPrice)).toBe(true);

  const sorting = page.getByRole('navigation', { name: 'Сортировка' });
  await expect(sorting.getByText('Сначала дешевле')).toHaveAttribute('aria-current', 'true');
  await sorting.getByRole('link', { name: 'По рейтингу' }).click();
  await expect(page).toHaveURL(/\?sort=rating$/);
  const ratings = await ratingsIn(page.locator('article[data-lpu-id]'));
  expect(descending(ratings)).toBe(true);
});

test('unknown list slugs answer a real 404 page', async ({ page }) => {
  for (const path of [
    '/moskva/lechenie/net-takogo/',
    '/moskva/metro/net-takoy/vrach/',
    '/moskva/rayon/net-takogo/lpu/',
    '/moskva/top/nichego/',
    '/moskva/uslugi/net-takoy/',
    '/online/vrach/net-takoy/',
    '/moskva/vrach/terapevt/?na_dom=1&page=9999',
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Страница не найдена');
  }
});
