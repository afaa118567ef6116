import { expect, type Page, test } from '@playwright/test';

// The first visit of each page type compiles its code under E2E_DEV; the clinic look-ups below
// add a few dozen calls. Production runs take a fraction of this.
test.describe.configure({ timeout: 60_000 });

interface Candidate {
  id: number;
  url: string;
}

/** The Moscow clinic list's cards: their ids and page links. */
async function moscowClinics(page: Page): Promise<Candidate[]> {
  await page.goto('/moskva/lpu/');
  return page.locator('article[data-lpu-id]').evaluateAll((cards) =>
    cards.map((card) => ({
      id: Number(card.getAttribute('data-lpu-id')),
      url: new URL((card.querySelector('a[href]') as HTMLAnchorElement).href).pathname,
    })),
  );
}

/**
 * A clinic whose price list has several pages, ultrasound lines and online-bookable lines
 * (found through the price list call itself, so the test does not hard-code seed ids).
 */
let longPriceList: Awaited<ReturnType<typeof findClinicWithLongPriceList>> | undefined;
async function clinicWithLongPriceList(page: Page) {
  longPriceList ??= await findClinicWithLongPriceList(page);
  return longPriceList;
}

async function findClinicWithLongPriceList(page: Page) {
  for (const clinic of await moscowClinics(page)) {
    const call = (query: string) => page.request.get(`/ajax/lpu/services/?lpu_id=${clinic.id}&${query}`);
    const all = await call('page=1');
    if (!all.ok() || (await all.json()).num_pages < 2) continue;
    const uzi = await call(`page=1&search_query=${encodeURIComponent('узи')}`);
    const online = await call('page=1&is_available_appointment_direct=true');
    if (uzi.ok() && online.ok()) return { ...clinic, onlinePages: (await online.json()).num_pages as number };
  }
  throw new Error('No Moscow clinic on the list page has a long price list with ultrasound');
}

/** The clinic with the most doctors among the list page's clinics, with women of 15+ years. */
let manyDoctors: Awaited<ReturnType<typeof findClinicWithManyDoctors>> | undefined;
async function clinicWithManyDoctors(page: Page) {
  manyDoctors ??= await findClinicWithManyDoctors(page);
  return manyDoctors;
}

async function findClinicWithManyDoctors(page: Page) {
  let best: (Candidate & { total: number }) | null = null;
  for (const clinic of await moscowClinics(page)) {
    const res = await page.request.get(`/ajax/lpu/${clinic.id}/doctors/?gender=F&staj=15`);
    if (!res.ok() || (await res.json()).total === 0) continue;
    const total: number = (await (await page.request.get(`/ajax/lpu/${clinic.id}/doctors/`)).json()).total;
    if (!best || total > best.total) best = { ...clinic, total };
  }
  if (!best)
    throw new Error('No Moscow clinic on the list page has a woman doctor with 15 years of experience');
  return best;
}

test('the price list searches services, says when none match and hides the pages then', async ({ page }) => {
  const clinic = await clinicWithLongPriceList(page);
  await page.goto(clinic.url);
  const prices = page.getByRole('region', { name: 'Цены на услуги' });
  const services = prices.locator('li[data-service-id]');
  await expect(prices.getByRole('navigation', { name: 'Страницы' })).toBeVisible();
  const search = prices.getByRole('combobox', { name: 'Найти услугу' });
  await expect(search).toHaveAttribute('placeholder', 'Найти услугу');
  const searched = (query: string) =>
    page.waitForResponse((r) => r.url().includes('/ajax/lpu/services/') && r.url().includes(query));
  const found = searched(`search_query=${encodeURIComponent('узи')}`);
  await search.fill('узи');
  expect((await found).status()).toBe(200);
  await expect(prices.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(prices.getByRole('heading', { level: 3, name: 'УЗИ' })).toBeVisible();
  // Every line is an ultrasound one: its group is УЗИ or its own name says so.
  for (const group of await prices.getByRole('region').all()) {
    const name = await group.getAttribute('aria-label');
    if (name === 'УЗИ') continue;
    for (const line of await group.locator('li[data-service-id] a[target="_blank"]').allTextContents()) {
      expect(line.toLowerCase()).toContain('узи');
    }
  }

  const missed = searched('search_query=zzzz');
  await search.fill('zzzz');
  expect((await missed).status()).toBe(404);
  await expect(prices.getByText('Такой услуги нет в клинике')).toBeVisible();
  await expect(services).toHaveCount(0);
  await expect(prices.getByRole('navigation', { name: 'Страницы' })).toHaveCount(0);
});

test('the online switch keeps only services bookable online; «Показать все услуги» turns it off', async ({
  page,
}) => {
  const clinic = await clinicWithLongPriceList(page);
  await page.goto(clinic.url);
  const prices = page.getByRole('region', { name: 'Цены на услуги' });
  const services = prices.locator('li[data-service-id]');
  const toggle = prices.getByRole('switch', { name: 'Только услуги с онлайн-записью' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(prices.locator('li[data-service-id][data-direct="false"]').first()).toBeAttached();

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expect(prices.locator('li[data-service-id][data-direct="false"]')).toHaveCount(0);
  expect(await services.count()).toBeGreaterThan(0);

  const showAll = prices.getByRole('button', { name: 'Показать все услуги' });
  if (clinic.onlinePages > 1) {
    await expect(showAll).toHaveCount(0);
    await prices
      .getByRole('navigation', { name: 'Страницы' })
      .getByRole('link', { name: String(clinic.onlinePages), exact: true })
      .first()
      .click();
  }
  await showAll.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(prices.locator('li[data-service-id][data-direct="false"]').first()).toBeAttached();
  await expect(prices.getByRole('combobox', { name: 'Найти услугу' })).toBeFocused();
});

test('the price list keeps its page in ?page= and a reload shows the same page', async ({ page }) => {
  const clinic = await clinicWithLongPriceList(page);
  await page.goto(clinic.url);
  const prices = page.getByRole('region', { name: 'Цены на услуги' });
  const services = prices.locator('li[data-service-id]');
  const firstOnPage1 = await services.first().getAttribute('data-service-id');

  await prices
    .getByRole('navigation', { name: 'Страницы' })
    .getByRole('link', { name: 'Следующая страница' })
    .click();
  await expect(page).toHaveURL(/\?page=2$/);
  await expect(services.first()).not.toHaveAttribute('data-service-id', firstOnPage1 ?? '');
  const firstOnPage2 = await services.first().getAttribute('data-service-id');

  await page.reload();
  await expect(page).toHaveURL(/\?page=2$/);
  await expect(services.first()).toHaveAttribute('data-service-id', firstOnPage2 ?? '');
  await expect(
    prices.getByRole('navigation', { name: 'Страницы' }).locator('[aria-current="page"]:visible'),
  ).toHaveText('2');
});

test('clinic doctors filter by gender and experience in the hash; back restores the previous filter', async ({
  page,
}) => {
  const clinic = await clinicWithManyDoctors(page);
  await page.goto(`${clinic.url}vrachi/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Врачи клиники');
  const cards = page.locator('li[data-doctor-id]');
  await expect(cards).toHaveCount(Math.min(20, clinic.total));

  const women = page.getByRole('button', { name: 'Женщина' });
  await women.click();
  await expect(page).toHaveURL(/#gender=F$/);
  await expect(women).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('li[data-doctor-id][data-gender="M"]')).toHaveCount(0);
  await expect(cards.first()).toBeVisible();

  await page.getByText('от 15 лет', { exact: true }).click();
  await expect(page).toHaveURL(/#staj=15&gender=F$/);
  await expect(page.getByRole('radio', { name: 'от 15 лет' })).toBeChecked();
  await expect(cards.first()).toBeVisible();
  await expect
    .poll(async () =>
      (await cards.evaluateAll((li) => li.map((l) => Number(l.getAttribute('data-experience'))))).every(
        (y) => y >= 15,
      ),
    )
    .toBe(true);
  await expect(page.locator('li[data-doctor-id][data-gender="M"]')).toHaveCount(0);

  await page.goBack();
  await expect(page).toHaveURL(/#gender=F$/);
  await expect(page.getByRole('radio', { name: 'Любой' })).toBeChecked();
  await expect(women).toHaveAttribute('aria-pressed', 'true');

  // Clicking the chosen gender again turns the filter off.
  await women.click();
  await expect(women).toHaveAttribute('aria-pressed', 'false');
  await expect(page).not.toHaveURL(/gender=/);
  await expect(cards).toHaveCount(Math.min(20, clinic.total));

  await page.getByRole('button', { name: /Специальность/ }).click();
  const picker = page.getByRole('dialog', { name: 'Специалист' });
  await picker.getByRole('searchbox', { name: 'Название специальности' }).fill('zzzz');
  await expect(picker.getByText('Совпадений не найдено')).toBeVisible();
});

test('a filter change on the clinic page goes to the doctors page with the filter in the hash', async ({
  page,
}) => {
  const clinic = await clinicWithManyDoctors(page);
  await page.goto(clinic.url);
  const block = page.getByRole('region', { name: 'Врачи клиники' });
  await block.getByRole('button', { name: 'Женщина' }).click();
  await expect(page).toHaveURL(new RegExp(`${clinic.url}vrachi/#gender=F$`));
  // A first visit to another page type may load its code first.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Врачи клиники', { timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Женщина' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('li[data-doctor-id][data-gender="F"]').first()).toBeVisible();
  await expect(page.locator('li[data-doctor-id][data-gender="M"]')).toHaveCount(0);
});
