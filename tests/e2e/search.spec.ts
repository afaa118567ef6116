import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { hydrated } from './support/hydrated';

const FIELD = 'Поиск врача, клиники или услуги';

// The dev server (E2E_DEV=1) compiles each page on its first visit, which can take most of a test's time.
test.slow(process.env.E2E_DEV === '1', 'dev server compiles pages on first visit');

/** The header field answers typing once React has hydrated. */
async function searchField(page: Page, path = '/moskva/vrach/') {
  await page.goto(path);
  await hydrated(page);
  return page.getByRole('combobox', { name: FIELD });
}

test('search «кордиолог» and land on cardiologists, choosing with the keyboard', async ({ page }, info) => {
  const field = await searchField(page);
  await field.click();
  await field.pressSequentially('кордиолог');
  const listbox = page.getByRole('listbox', { name: 'Результаты поиска' });
  const suggestion = listbox.getByRole('option', { name: /^Кардиолог/ });
  await expect(suggestion).toBeVisible();
  await expect(listbox.getByRole('group', { name: 'Специальности' })).toBeVisible();
  await expect(field).toHaveAttribute('aria-expanded', 'true');
  await page.screenshot({ path: info.outputPath('suggestions.png') });

  // The typo's best correction comes first: one step down makes it the active option.
  await field.press('ArrowDown');
  await expect(suggestion).toHaveAttribute('aria-selected', 'true');
  await expect(field).toHaveAttribute('aria-activedescendant', (await suggestion.getAttribute('id')) ?? '');
  await field.press('Enter');
  await expect(page).toHaveURL(/\/moskva\/vrach\/kardiolog\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Кардиологи в Москве');
});

test('a suggestion can be chosen with the mouse; Escape closes the list, then clears the field', async ({
  page,
}) => {
  const field = await searchField(page);
  await field.click();
  await field.fill('кардиологи');
  const option = page.getByRole('option', { name: /^Кардиолог/ });
  await expect(option).toBeVisible();
  await field.press('Escape');
  await expect(option).toBeHidden();
  await expect(field).toHaveAttribute('aria-expanded', 'false');
  await expect(field).toHaveValue('кардиологи');
  await field.press('Escape');
  await expect(field).toHaveValue('');

  await field.fill('кардиолог');
  await page.getByRole('option', { name: /^Кардиолог/ }).click();
  await expect(page).toHaveURL(/\/moskva\/vrach\/kardiolog\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Кардиологи в Москве');
});

test('below two characters the field asks for the 2 the search needs', async ({ page }) => {
  const field = await searchField(page);
  await field.click();
  const status = page.getByRole('status').filter({ hasText: /символ/ });
  await expect(status).toHaveText('Введите 2 символа для поиска');
  await field.fill('к');
  await expect(status).toHaveText('Введите 2 символа для поиска');
  await field.fill('  к ');
  await expect(status).toHaveText('Введите 2 символа для поиска');
  // Enter on a short query stays on the page.
  await field.press('Enter');
  await expect(page).toHaveURL(/\/moskva\/vrach\/$/);
});

test('Enter on a query opens the full results page; the open list has no serious a11y issues', async ({
  page,
}) => {
  const field = await searchField(page);
  await field.click();
  await field.fill('Иванов');
  await expect(page.getByRole('group', { name: 'Врачи' }).getByRole('option').first()).toBeVisible();
  const axe = await new AxeBuilder({ page }).include('header').withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  await field.press('Enter');
  await expect(page).toHaveURL(/\/moskva\/search\/\?q=%D0%B8%D0%B2%D0%B0%D0%BD%D0%BE%D0%B2$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Результаты поиска «иванов»');
  await expect(page.getByRole('heading', { level: 2, name: 'Врачи' })).toBeVisible();
  const cards = page.locator('article[data-doctor-id]');
  await expect(cards.first()).toBeVisible();
  for (const name of await cards.getByRole('heading', { level: 2 }).allTextContents()) {
    expect(name.trim()).toMatch(/^Иванов/);
  }
  await expect(page.getByRole('combobox', { name: FIELD })).toHaveValue('иванов');
});

test('the results page is server-rendered, and says when nothing is found', async ({ page }) => {
  const response = await page.goto(
    '/moskva/search/?q=%D0%BA%D0%B0%D1%80%D0%B4%D0%B8%D0%BE%D0%BB%D0%BE%D0%B3',
  );
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle('Поиск «кардиолог» в Москве — врачи, клиники, услуги');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow');
  const specialities = page.getByRole('region', { name: 'Специальности' });
  await expect(specialities.getByRole('link', { name: /^Кардиолог/ }).first()).toHaveAttribute(
    'href',
    '/moskva/vrach/kardiolog/',
  );

  await page.goto('/moskva/search/?q=%D1%89%D1%89%D1%89%D1%89');
  await expect(page.getByText('Ничего не найдено')).toBeVisible();
  await page.goto('/moskva/search/?q=%D0%BA');
  await expect(page.getByText('Введите 2 символа для поиска')).toBeVisible();
});

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false });

  test('the header search is a plain form that opens the results page', async ({ page }) => {
    await page.goto('/moskva/vrach/');
    const field = page.getByRole('combobox', { name: FIELD });
    await field.fill('Кардиолог');
    await page.getByRole('button', { name: 'Найти' }).click();
    await expect(page).toHaveURL(/\/moskva\/search\/\?q=/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Результаты поиска «кардиолог»');
  });
});
