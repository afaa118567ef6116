import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { cardWithTimes, SLOT } from './support/cards';
import { hydrated } from './support/hydrated';
import { csrf, randomPhone, signInThroughApi, WORK_PHONES, workAccountContext } from './support/patient';

/**
 * axe-core on the directory's main pages; serious and critical violations fail the test. With
 * `targetSize`, WCAG 2.2's target size too (axe's 'target-size', off by default: every control a
 * finger taps is 24×24 CSS px at least, or has that much room round it): the patient's flows
 * (booking, the club, a clinic's page, the visit page, the profile) are held to it.
 */
async function expectNoSeriousViolations(page: Page, { targetSize = false } = {}) {
  const results = await new AxeBuilder({ page })
    // `options` first: it replaces what `withTags` sets.
    .options(targetSize ? { rules: { 'target-size': { enabled: true } } } : {})
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', ...(targetSize ? ['wcag22aa'] : [])])
    .analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = bad.map(
    (v) =>
      `${v.impact} ${v.id}: ${v.help} — ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(' | ')}`,
  );
  expect(report).toEqual([]);
}

test('the doctor list has no serious accessibility violations', async ({ page }) => {
  await page.goto('/moskva/vrach/');
  await expect(page.locator('article[data-doctor-id]').first()).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('a doctor page has no serious accessibility violations', async ({ page }) => {
  await page.goto('/moskva/vrach/');
  await page.locator('article[data-doctor-id] h2 a').first().click();
  await expect(page).toHaveURL(/\/moskva\/vrach\/\d+-/);
  await expectNoSeriousViolations(page);
});

test('a clinic page has no serious accessibility violations', async ({ page }) => {
  // The target size's check measures every control of a long page: seconds on two busy cores.
  test.setTimeout(90_000);
  await page.goto('/moskva/lpu/');
  await page.locator('article h2 a').first().click();
  await expect(page).toHaveURL(/\/moskva\/lpu\/\d+-/);
  await expectNoSeriousViolations(page, { targetSize: true });
});

/** A clinic in the club, from the clinic list: its page has club prices and 'Как работает клубная цена'. */
async function openClubClinic(page: Page) {
  await page.goto('/moskva/lpu/');
  const card = page.locator('article[data-lpu-id]').filter({ hasText: 'Клубная цена' }).first();
  const href = await card.getByRole('heading').getByRole('link').getAttribute('href');
  expect(href).toBeTruthy();
  await page.goto(href as string);
  await hydrated(page);
}

test('a club clinic’s page and its club dialogs keep every target big enough to tap', async ({ page }) => {
  test.setTimeout(120_000);
  await signInThroughApi(page, randomPhone().digits);
  await page.goto('/moskva/lpu/');
  const joined = await page.request.post('/club/ajax/card/', {
    headers: { 'X-CSRFToken': await csrf(page) },
  });
  expect(joined.status()).toBe(201);
  await openClubClinic(page);
  const prices = page.locator('#prices');
  await expect(prices.locator('button[data-club-price]').first()).toBeVisible();
  await expectNoSeriousViolations(page, { targetSize: true });

  // The club's widget (a member's card) and the breakdown of a club price.
  await prices.locator('button[data-club-price]').first().click();
  const widget = page.getByRole('dialog');
  await expect(widget.getByRole('heading', { name: 'Вы в клубе' })).toBeVisible({ timeout: 20_000 });
  await expectNoSeriousViolations(page, { targetSize: true });
  await widget.getByRole('button', { name: 'Продолжить' }).click();
  await expect(widget).toBeHidden();
  await prices.getByRole('button', { name: 'Как работает клубная цена' }).first().click();
  await expect(
    page.getByRole('dialog').getByRole('heading', { name: 'Как работает клубная цена' }),
  ).toBeVisible({ timeout: 20_000 });
  await expectNoSeriousViolations(page, { targetSize: true });
});

test('booking a visit, the visit page and the profile keep every target big enough to tap', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signInThroughApi(page, randomPhone().digits);
  // A doctor card's calendar (support/cards.ts), then the booking form.
  const card = await cardWithTimes(page);
  await expectNoSeriousViolations(page, { targetSize: true });
  await card.getByRole('tabpanel').getByRole('button', { name: SLOT }).first().click();
  await expect(page).toHaveURL(/\/appointment\/new\//);
  await hydrated(page);
  await expectNoSeriousViolations(page, { targetSize: true });
  await page.getByLabel('Фамилия').fill('Смирнова');
  await page.getByLabel('Имя', { exact: true }).fill('Ольга');
  await page.getByLabel('Отчество').fill('Игоревна');
  await page.getByLabel('Дата рождения').fill('14.03.2011');
  await page.getByRole('button', { name: 'Записаться' }).click();

  // The visit page, with the cancel question open.
  await expect(page.getByRole('heading', { name: 'Вы записаны', level: 1 })).toBeVisible({ timeout: 30_000 });
  await hydrated(page);
  await expectNoSeriousViolations(page, { targetSize: true });
  const cancel = page.getByRole('button', { name: 'Отменить запись' });
  if ((await cancel.count()) > 0) {
    await cancel.click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await expectNoSeriousViolations(page, { targetSize: true });
  }

  // The profile and 'Мои записи'.
  await page.goto('/profile/');
  await hydrated(page);
  await expectNoSeriousViolations(page, { targetSize: true });
  await page.goto('/profile/appointments/');
  await hydrated(page);
  await expect(page.locator('li.card').first()).toBeVisible();
  await expectNoSeriousViolations(page, { targetSize: true });
});

test('the clinic list, with its calendars loaded, has no serious accessibility violations', async ({
  page,
}) => {
  await page.goto('/moskva/lpu/');
  // The first card with a schedule box: its skeleton turns into the calendar as it comes near.
  const card = page
    .locator('article[data-lpu-id]')
    .filter({ has: page.locator('.slots-box') })
    .first();
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByRole('tablist', { name: 'Дни для записи' })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('the rating formula page is reachable from the footer and readable', async ({ page }) => {
  await page.goto('/moskva/vrach/');
  await page.getByRole('link', { name: 'Как считается рейтинг' }).click();
  await expect(page).toHaveURL(/\/rating\/$/);
  await expect(page.getByRole('heading', { name: 'Как считается рейтинг', level: 1 })).toBeVisible();
  await expect(
    page.getByText('(2 + 2 + 2 − 2) / (4 + 1) = +0,8, то есть 3,5 звезды.', { exact: false }),
  ).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('a doctor’s reviews page has no serious accessibility violations', async ({ page }) => {
  await page.goto('/moskva/vrach/');
  const href = await page.locator('article[data-doctor-id] h2 a').first().getAttribute('href');
  await page.goto(`${href}otzivi/?type=all`);
  await expect(page.locator('#reviews-list article').first()).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('the review form, the staff queue and the cabinet pages have no serious accessibility violations', async ({
  page,
  browser,
}) => {
  // Five pages and three accounts: about 25 s on a quiet machine, too near the default 30.
  test.setTimeout(90_000);
  await signInThroughApi(page, randomPhone().digits);
  await page.goto('/reviews/new/?doctor=1');
  await expect(page.getByRole('heading', { level: 1, name: 'Отзыв о враче' })).toBeVisible();
  await expectNoSeriousViolations(page);

  const staff = await (await workAccountContext(browser, WORK_PHONES.staff)).newPage();
  await staff.goto('/staff/reviews/');
  await expect(staff.getByRole('heading', { level: 1, name: 'Модерация отзывов' })).toBeVisible();
  await expectNoSeriousViolations(staff);

  const doctor = await (await workAccountContext(browser, WORK_PHONES.firstDoctor)).newPage();
  await doctor.goto('/cabinet/reviews/');
  await expect(doctor.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoSeriousViolations(doctor);
  await doctor.goto('/cabinet/appointments/?days=7');
  await expect(doctor.getByRole('heading', { level: 1, name: 'Записи на приём' })).toBeVisible();
  await expect(doctor.locator('[data-visit-id]').first()).toBeVisible();
  await expectNoSeriousViolations(doctor);
  await doctor.goto('/cabinet/schedule/');
  await expect(
    doctor.getByRole('heading', { level: 1, name: 'Расписание: выходные и отпуск' }),
  ).toBeVisible();
  await expectNoSeriousViolations(doctor);
});

test('the reviews filter modal and an author’s trust profile have no serious accessibility violations', async ({
  page,
}) => {
  await page.goto('/moskva/vrach/');
  const href = await page.locator('article[data-doctor-id] h2 a').first().getAttribute('href');
  await page.goto(`${href}otzivi/`);
  if (test.info().project.name === 'phone') {
    await page.getByRole('button', { name: /^Фильтр/ }).click();
    await expect(page.getByRole('dialog', { name: 'Фильтр' })).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.keyboard.press('Escape');
  }
  const author = page.locator('#reviews-list [data-patient-profile]').first();
  if ((await author.count()) > 0) {
    await author.click();
    await expect(page.getByTestId('patient-profile')).toBeVisible();
    await expectNoSeriousViolations(page);
  }
});
