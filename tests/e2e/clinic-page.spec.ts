import { type APIRequestContext, expect, test } from '@playwright/test';
import { hydrated } from './support/hydrated';

/**
 * The first Moscow clinic (list order) whose page and data satisfy `wanted`; found over HTTP
 * rather than hard-coded ids, so the tests hold for any seed that has such a clinic.
 */
async function findClinic(
  request: APIRequestContext,
  wanted: (html: string, id: number) => boolean | Promise<boolean>,
): Promise<string> {
  for (let page = 1; page <= 4; page++) {
    const list = await (await request.get(`/moskva/lpu/${page > 1 ? `?page=${page}` : ''}`)).text();
    const urls = [...new Set([...list.matchAll(/href="(\/moskva\/lpu\/(\d+)-[a-z0-9-]+\/)"/g)])];
    for (const [, url, id] of urls) {
      const html = await (await request.get(url)).text();
      if (await wanted(html, Number(id))) return url;
    }
  }
  throw new Error('no Moscow clinic fits the test');
}

/** Number of thumbnails in the licence gallery of a clinic page. */
const licenceImages = (html: string) =>
  (/aria-label="Изображения лицензий"[\s\S]*?<\/ul>/.exec(html)?.[0].match(/<img /g) ?? []).length;

// Each test reads several clinic pages over HTTP first; the dev server compiles on first use.
test.describe.configure({ timeout: 60_000 });

test(
  'phone: the working hours open in the bottom sheet and «Понятно» closes it',
  { tag: '@phone' },
  async ({ page }, info) => {
    await page.goto('/moskva/lpu/');
    await page.locator('article[data-lpu-id]').first().getByRole('heading').getByRole('link').click();
    await expect(page).toHaveURL(/\/moskva\/lpu\/\d+-[a-z0-9-]+\/$/);
    await hydrated(page);
    const trigger = page.getByRole('button', { name: /График работы/ });
    await expect(trigger).toBeVisible();
    await trigger.click();
    const sheet = page.getByRole('dialog', { name: 'График работы' });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole('listitem')).not.toHaveCount(0);
    await expect(sheet.locator('[aria-current="date"]')).toHaveCount(1);
    // A bottom sheet: its bottom edge is the screen's.
    const box = await sheet.boundingBox();
    expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(844);
    await page.screenshot({ path: info.outputPath('hours-sheet.png') });
    await sheet.getByRole('button', { name: 'Понятно' }).click();
    await expect(sheet).toBeHidden();
  },
);

test('an address on the clinic list tells its working hours', async ({ page }, info) => {
  await page.goto('/moskva/lpu/');
  await hydrated(page);
  // The card's first button that is not the favourite heart.
  const address = page
    .locator('article[data-lpu-id]')
    .first()
    .locator('button:not([data-favourite])')
    .first();
  if (info.project.name === 'desktop') {
    await address.hover();
    const tooltip = page.getByRole('tooltip');
    await expect(tooltip).toContainText(/Загрузка\.\.\.|Понедельник/);
    await expect(tooltip.getByRole('listitem').first()).toContainText('Понедельник');
    await expect(tooltip.locator('[aria-current="date"]')).toHaveCount(1);
    await page.mouse.move(1200, 10);
    await expect(tooltip).toBeHidden();
    // Keyboard users get the same tooltip on focus; the cached schedule shows at once.
    await address.focus();
    await expect(page.getByRole('tooltip').getByRole('listitem').first()).toContainText('Понедельник');
  } else {
    const text = (await address.textContent()) ?? '';
    await address.click();
    const panel = page.getByRole('dialog', { name: 'График работы' });
    await expect(panel).toContainText(text);
    await expect(panel.getByRole('listitem').first()).toContainText('Понедельник');
    await panel.getByRole('button', { name: 'Понятно' }).click();
    await expect(panel).toBeHidden();
  }
});

test('the archived promotions popup pages through the archive', async ({ page, request }) => {
  const url = await findClinic(request, async (html, id) => {
    if (!html.includes('data-archive-url')) return false;
    const archive = await request.get(`/ajax/lpu/${id}/promotions/archive/`);
    return (await archive.text()).includes('Следующая страница');
  });
  await page.goto(url);
  await hydrated(page);
  await page.getByRole('button', { name: 'Архивные акции' }).click();
  const popup = page.getByRole('dialog', { name: 'Архивные акции' });
  const items = popup.locator('[data-promotion-id]');
  await expect(items).toHaveCount(10);
  const firstOfPage1 = await items.first().getAttribute('data-promotion-id');
  const pages = popup.getByRole('navigation', { name: 'Страницы архива' });
  await expect(pages.locator('[aria-current="page"]')).toHaveText('1');

  await pages.getByRole('link', { name: 'Следующая страница' }).click();
  await expect(pages.locator('[aria-current="page"]')).toHaveText('2');
  await expect(items.first()).not.toHaveAttribute('data-promotion-id', firstOfPage1 ?? '');
  expect(page.url()).toBe(new URL(url, page.url()).href);

  await pages.getByRole('link', { name: '1', exact: true }).click();
  await expect(pages.locator('[aria-current="page"]')).toHaveText('1');
  await expect(items.first()).toHaveAttribute('data-promotion-id', firstOfPage1 ?? '');
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
});

test('the licence gallery opens a lightbox that counts and moves with the arrows', async ({
  page,
  request,
}, info) => {
  const url = await findClinic(request, (html) => licenceImages(html) >= 2);
  await page.goto(url);
  await hydrated(page);
  const gallery = page.getByRole('list', { name: 'Изображения лицензий' });
  const total = await gallery.getByRole('link').count();
  await gallery.getByRole('link').first().click();
  const lightbox = page.getByRole('dialog', { name: /^Лицензия № / });
  await expect(lightbox.getByText(`1 из ${total}`)).toBeVisible();
  await expect(lightbox.getByRole('img')).toHaveJSProperty('complete', true);
  const firstTitle = await lightbox.getByRole('heading').textContent();

  if (info.project.name === 'desktop') {
    await page.keyboard.press('ArrowRight');
    await expect(lightbox.getByText(`2 из ${total}`)).toBeVisible();
    await expect(lightbox.getByRole('heading')).not.toHaveText(firstTitle ?? '');
    await page.keyboard.press('ArrowLeft');
  } else {
    await lightbox.getByRole('button', { name: 'Следующее изображение' }).click();
    await expect(lightbox.getByText(`2 из ${total}`)).toBeVisible();
    await lightbox.getByRole('button', { name: 'Предыдущее изображение' }).click();
  }
  await expect(lightbox.getByText(`1 из ${total}`)).toBeVisible();
  await expect(lightbox.getByRole('heading')).toHaveText(firstTitle ?? '');
  await page.screenshot({ path: info.outputPath('lightbox.png') });
  await page.keyboard.press('Escape');
  await expect(lightbox).toBeHidden();
});

test('a broken picture in the lightbox says it cannot be loaded', async ({ page, request }) => {
  const url = await findClinic(request, (html) => licenceImages(html) >= 1);
  await page.route('**/media/licences/**', (route) => route.fulfill({ status: 500, body: '' }));
  await page.goto(url);
  await hydrated(page);
  await page.getByRole('list', { name: 'Изображения лицензий' }).getByRole('link').first().click();
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveText(
    'The requested content cannot be loaded. Please try again later.',
  );
});

test('the visiting rules open in a dialog fetched from the covid rules call', async ({ page, request }) => {
  const url = await findClinic(request, (html) => html.includes('Посмотреть правила'));
  const id = Number(/\/lpu\/(\d+)-/.exec(url)?.[1]);
  const rules: string[] = await (await request.get(`/ajax/lpu/${id}/covid_rules/`)).json();
  await page.goto(url);
  await hydrated(page);
  await page.getByRole('button', { name: 'Посмотреть правила' }).click();
  const dialog = page.getByRole('dialog', { name: 'Правила посещения' });
  await expect(dialog.getByRole('listitem')).toHaveText(rules);
  await dialog.getByRole('button', { name: 'Понятно' }).click();
  await expect(dialog).toBeHidden();
  // The focus comes back to the button that opened it (it used to fall to the page: the button
  // was disabled while the rules loaded, and a disabled button loses the focus).
  await expect(page.getByRole('button', { name: 'Посмотреть правила' })).toBeFocused();
});

test('a failing covid rules call leaves the page as it is', async ({ page, request }) => {
  const url = await findClinic(request, (html) => html.includes('Посмотреть правила'));
  await page.route('**/covid_rules/', (route) => route.fulfill({ status: 503, body: '{}' }));
  await page.goto(url);
  await hydrated(page);
  const button = page.getByRole('button', { name: 'Посмотреть правила' });
  await button.click();
  await expect(button).toBeEnabled();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the equipment popup and the phonebook expander', async ({ page, request }) => {
  const url = await findClinic(
    request,
    (html) => html.includes('id="equipment-h"') && html.includes('Показать все телефоны'),
  );
  await page.goto(url);
  await hydrated(page);
  const phones = page.getByRole('list', { name: 'Телефоны' }).getByRole('link');
  await expect(phones.first()).toHaveAttribute('href', /^tel:\+7\d{10}$/);
  await expect(phones.nth(1)).toBeHidden();
  const showAll = page.getByRole('button', { name: 'Показать все телефоны' });
  const expander = page.locator(`button[aria-controls="${await showAll.getAttribute('aria-controls')}"]`);
  await expect(expander).toHaveAttribute('aria-expanded', 'false');
  await expander.click();
  await expect(phones.nth(1)).toBeVisible();
  await expect(expander).toHaveAttribute('aria-expanded', 'true');
  await expect(expander).toHaveText('Свернуть');

  const equipment = page.getByRole('region', { name: 'Оборудование' }).getByRole('button').first();
  const name = ((await equipment.locator('span').first().textContent()) ?? '').trim();
  // The list shows each item's description under its name; the popup shows it whole.
  const description = ((await equipment.locator('[data-equipment-description]').textContent()) ?? '').trim();
  expect(description).not.toBe('');
  await equipment.click();
  const popup = page.getByRole('dialog', { name });
  await expect(popup).toBeVisible();
  await expect(popup.getByText(description)).toBeVisible();
  await expect(popup.locator('dt').first()).not.toBeEmpty();
  await popup.getByRole('button', { name: 'Закрыть' }).last().click();
  await expect(popup).toBeHidden();
});

test('the clinic page reads without JavaScript', async ({ browser, request }) => {
  const url = await findClinic(
    request,
    (html) => html.includes('Показать все телефоны') && html.includes('id="interview-h"'),
  );
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(url);
  await expect(page.getByRole('heading', { name: 'График работы', exact: true })).toBeVisible();
  await expect(page.locator('[aria-current="date"]')).toHaveCount(1);
  const phones = page.getByRole('list', { name: 'Телефоны' }).getByRole('link');
  for (const phone of await phones.all()) await expect(phone).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Интервью с клиникой' }).getByRole('heading', { level: 3 }).last(),
  ).toBeVisible();
  const licence = page.getByRole('list', { name: 'Изображения лицензий' }).getByRole('link').first();
  await expect(licence).toHaveAttribute('href', /\.svg$|\.(jpe?g|png|webp)$/);
  await context.close();
});

// Three answers overflow the collapsed block on a phone.
test('phone: the interview opens and closes with its expander', { tag: '@phone' }, async ({
  page,
  request,
}) => {
  const url = await findClinic(request, (html) => {
    const interview = /id="interview-h"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
    return (interview.match(/<h3/g) ?? []).length >= 3;
  });
  await page.goto(url);
  await hydrated(page);
  const interview = page.getByRole('region', { name: 'Интервью с клиникой' });
  const lastAnswer = interview.locator('p').last();
  const toggle = interview.getByRole('button', { name: 'Читать полностью' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(lastAnswer).not.toBeInViewport();
  await toggle.click();
  await expect(interview.getByRole('button', { name: 'Свернуть' })).toHaveAttribute('aria-expanded', 'true');
  await lastAnswer.scrollIntoViewIfNeeded();
  await expect(lastAnswer).toBeInViewport();
  await interview.getByRole('button', { name: 'Свернуть' }).click();
  await expect(interview.getByRole('button', { name: 'Читать полностью' })).toBeVisible();
});
