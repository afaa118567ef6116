import { type Browser, expect, test } from '@playwright/test';
import { hydrated } from './support/hydrated';
import { WORK_PHONES, workAccountContext } from './support/patient';

/**
 * Page effectiveness end to end: a patient opens the demo clinic's page and presses its phone;
 * the clinic (Профи) sees both in its cabinet, by day; a clinic on Лайт sees what Стандарт gives.
 */

const SECOND_CLINIC = '79990002002';

interface Report {
  page: { url: string };
  series: { day: string; views: number; phoneClicks: number; timed: number; timeMs: number }[];
}

/** The demo clinic's cabinet at the project's width, and its last week's report. */
async function clinicCabinet(browser: Browser) {
  const viewport = test.info().project.use.viewport ?? { width: 1280, height: 800 };
  const context = await workAccountContext(browser, WORK_PHONES.firstClinic);
  const cabinet = await context.newPage();
  await cabinet.setViewportSize(viewport);
  const report = async () =>
    (await (await cabinet.request.get('/cabinet/ajax/effectiveness/?days=7')).json()) as Report;
  return { viewport, context, cabinet, report };
}

test('a patient’s visit and phone press reach the clinic’s effectiveness page', async ({ browser }) => {
  // Two browsers, a dozen page loads.
  test.setTimeout(60_000);
  const { viewport, context, cabinet, report } = await clinicCabinet(browser);
  const before = await report();
  const today = before.series.at(-1) as Report['series'][number];

  // A patient's own browser (each run and viewport is a visitor of its own: counts are per visitor and day).
  const visitor = await browser.newContext({
    viewport,
    userAgent: `Mozilla/5.0 (e2e ${test.info().project.name} ${Date.now()})`,
  });
  const patient = await visitor.newPage();
  const viewed = patient.waitForRequest(
    (r) => r.url().endsWith('/ajax/page_stats/') && r.method() === 'POST',
  );
  await patient.goto(before.page.url);
  await hydrated(patient);
  expect((await viewed).postData()).toContain('event=view');
  // The phone link would hand over to a dialler: the test keeps the press on the page.
  await patient.evaluate(() =>
    window.addEventListener('click', (e) => {
      if ((e.target as Element).closest('a[href^="tel:"]')) e.preventDefault();
    }),
  );
  const pressed = patient.waitForRequest(
    (r) => r.url().endsWith('/ajax/page_stats/') && r.postData()?.includes('event=phone') === true,
  );
  await patient.locator('main a[href^="tel:"]').first().click();
  await pressed;

  await expect
    .poll(async () => (await report()).series.at(-1))
    .toMatchObject({ day: today.day, views: today.views + 1, phoneClicks: today.phoneClicks + 1 });

  await cabinet.goto('/cabinet/effectiveness/?days=7');
  await expect(cabinet.getByRole('heading', { level: 1, name: 'Эффективность страницы' })).toBeVisible();
  await expect(cabinet.getByText('Ваша версия: «Профи»')).toBeVisible();
  const totalViews = before.series.reduce((s, d) => s + d.views, 0) + 1;
  await expect(cabinet.locator('[data-metric="views"]')).toHaveText(totalViews.toLocaleString('ru-RU'));
  await expect(cabinet.getByRole('img', { name: /^Просмотры страницы по дням за 7 дней/ })).toBeVisible();

  // Another count and period are links: the choice survives a reload and goes back with Back.
  await cabinet.getByRole('link', { name: /Нажатия на телефон/ }).click();
  await expect(cabinet).toHaveURL(/metric=phoneClicks/);
  await expect(cabinet.getByRole('img', { name: /^Нажатия на телефон по дням за 7 дней/ })).toBeVisible();
  await cabinet.getByRole('link', { name: '30 дней' }).click();
  await expect(cabinet.getByRole('img', { name: /^Нажатия на телефон по дням за 30 дней/ })).toBeVisible();
  await cabinet.reload();
  await expect(cabinet.getByRole('link', { name: '30 дней' })).toHaveAttribute('aria-current', 'page');
  await cabinet.goBack();
  await expect(cabinet.getByRole('img', { name: /^Нажатия на телефон по дням за 7 дней/ })).toBeVisible();
  await cabinet.getByText('Таблица по дням').click();
  await expect(cabinet.getByRole('row')).toHaveCount(8);
  await cabinet.screenshot({
    path: test.info().outputPath(`effectiveness-${test.info().project.name}.png`),
    fullPage: true,
  });
  await visitor.close();
  await context.close();
});

test('a clinic on Лайт sees what Стандарт would give, not an error', async ({ browser }) => {
  const context = await workAccountContext(browser, SECOND_CLINIC);
  const page = await context.newPage();
  await page.setViewportSize(test.info().project.use.viewport ?? { width: 1280, height: 800 });
  await page.goto('/cabinet/effectiveness/');
  await expect(page.getByText('Ваша версия: «Лайт»')).toBeVisible();
  await expect(
    page.getByRole('heading', { name: 'Эффективность страницы видна в версиях от «Стандарт»' }),
  ).toBeVisible();
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Следит за эффективностью страницы' }),
  ).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Публикует акции и скидки' })).toBeVisible();
  await expect(page.locator('[data-metric]')).toHaveCount(0);
  await page.screenshot({
    path: test.info().outputPath(`effectiveness-locked-${test.info().project.name}.png`),
  });
  await context.close();
});

test('the time a patient spends on the clinic’s page comes from the tab history to the cabinet', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const { viewport, context, cabinet, report } = await clinicCabinet(browser);
  const before = (await report()).series.at(-1) as Report['series'][number];
  const clinicUrl = (await report()).page.url;

  const visitor = await browser.newContext({
    viewport,
    userAgent: `Mozilla/5.0 (e2e time ${test.info().project.name} ${Date.now()})`,
  });
  const patient = await visitor.newPage();
  await patient.goto('/moskva/lpu/');
  // The history's code loads after hydration.
  await expect
    .poll(() => patient.evaluate(() => sessionStorage.getItem('tab_history')))
    .toContain('/moskva/lpu/');
  await patient.goto(clinicUrl);
  await hydrated(patient);
  await patient.waitForTimeout(1_200);
  const timed = patient.waitForRequest(
    (r) => r.url().endsWith('/ajax/page_stats/') && r.postData()?.includes('event=time') === true,
  );
  // Leaving by a link of the page (a navigation in the browser) ends the page's visit.
  await patient.getByRole('link', { name: 'Клиники Москвы' }).first().click();
  await expect(patient).toHaveURL(/\/moskva\/lpu\/$/);
  const ms = Number(new URLSearchParams((await timed).postData() ?? '').get('ms'));
  expect(ms).toBeGreaterThanOrEqual(1_200);
  expect(ms).toBeLessThan(30_000);

  // The tab's history: the list (a page load), the clinic (left after `ms`), the list again (open).
  const history = await patient.evaluate(() => JSON.parse(sessionStorage.getItem('tab_history') ?? '[]'));
  expect(history.map((r: { url: string }) => r.url)).toEqual(['/moskva/lpu/', clinicUrl, '/moskva/lpu/']);
  expect(history[1]).toMatchObject({ difference: ms, end: history[1].start + ms });
  expect(history[2]).toMatchObject({ end: null, difference: null });

  await expect
    .poll(async () => (await report()).series.at(-1))
    .toMatchObject({ timed: before.timed + 1, timeMs: before.timeMs + ms });
  await cabinet.goto('/cabinet/effectiveness/?days=7');
  await expect(cabinet.getByText('Среднее время на странице:')).toBeVisible();
  await expect(cabinet.locator('[data-metric="averageTime"]')).toHaveText(/^(\d+ мин \d\d|\d+) с$/);
  await visitor.close();
  await context.close();
});
