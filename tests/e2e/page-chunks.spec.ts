import { expect, type Page, test } from '@playwright/test';
import { hydrated } from './support/hydrated';

// ADR 021: the doctor list and the doctor's page share one route but not their code; a clinic
// page's sections below the fold hydrate from their own chunks, and a navigation in the browser
// loads those with the data, so the page never shows without them.

/** The scripts a page load fetched, as '/assets/…' paths. */
async function scriptsOf(page: Page, path: string): Promise<string[]> {
  const scripts: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js')) scripts.push(url.pathname);
  });
  await page.goto(path);
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  return scripts;
}

const LIST_CODE = /\/assets\/(town-)?doctor-list-/;
const DOCTOR_PAGE_CODE = /\/assets\/doctor-page-/;

test('the doctor page loads none of the list’s code, and the list none of the page’s', async ({ page }) => {
  const list = await scriptsOf(page, '/moskva/vrach/terapevt/');
  expect(list.filter((s) => LIST_CODE.test(s)).length).toBeGreaterThan(0);
  expect(list.filter((s) => DOCTOR_PAGE_CODE.test(s))).toEqual([]);

  const doctorUrl = await page
    .locator('article[data-doctor-id] a[href*="/vrach/"]')
    .first()
    .getAttribute('href');
  expect(doctorUrl).toMatch(/\/vrach\/\d+-/);
  await page.context().clearCookies();
  const other = await page.context().newPage();
  const doctor = await scriptsOf(other, doctorUrl as string);
  expect(doctor.filter((s) => DOCTOR_PAGE_CODE.test(s)).length).toBe(1);
  expect(doctor.filter((s) => LIST_CODE.test(s))).toEqual([]);

  // The page's own chunk is asked for in the HTML, beside the route's, not after it.
  const html = await (await page.request.get(doctorUrl as string)).text();
  expect(html).toMatch(/<link rel="modulepreload" href="\/assets\/doctor-page-[^"]+\.js"/);
  // Every section in place: none streamed apart to be moved in by a script (unreadable without one).
  expect(html).not.toContain('<template id="B:');
  await expect(other.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a link from a doctor’s page shows the clinic’s price list and doctors with the page', async ({
  page,
}) => {
  await page.goto('/moskva/lpu/');
  // A clinic whose page has both sections, and a doctor of it.
  const urls = await page
    .locator('article[data-lpu-id] a[href*="/lpu/"]')
    .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  let target: { clinic: string; doctor: string } | undefined;
  for (const url of urls) {
    const html = await (await page.request.get(url)).text();
    const doctor = html.match(/href="(\/moskva\/vrach\/\d+-[^"#]+)"/)?.[1];
    expect(html).not.toContain('<template id="B:');
    if (html.includes('id="prices-h"') && html.includes('id="doctors-h"') && doctor) {
      target = { clinic: url, doctor };
      break;
    }
  }
  if (!target) throw new Error('no Moscow clinic with prices and doctors');
  await page.goto(target.doctor);
  await hydrated(page);
  // Note any moment the clinic's heading is drawn while its price list or doctors are not.
  await page.evaluate(() => {
    const w = window as unknown as { gaps: number; seen: boolean };
    w.gaps = 0;
    w.seen = false;
    const doctorHeading = document.querySelector('h1')?.textContent;
    new MutationObserver(() => {
      const h1 = document.querySelector('h1')?.textContent;
      if (!h1 || h1 === doctorHeading) return;
      w.seen = true;
      if (!document.getElementById('prices-h') || !document.getElementById('doctors-h')) w.gaps++;
    }).observe(document.body, { childList: true, subtree: true });
  });
  await page.locator(`main a[href="${target.clinic}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`${target.clinic}$`));
  await expect(page.locator('#prices-h')).toBeVisible();
  await expect(page.locator('#doctors-h')).toBeVisible();
  // The same document (a navigation in the browser, not a load), and never a gap.
  expect(await page.evaluate(() => (window as unknown as { seen: boolean }).seen)).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { gaps: number }).gaps)).toBe(0);
  // The price list's search works once its section has hydrated.
  await expect(page.getByPlaceholder('Найти услугу')).toBeEnabled();

  // Back to the doctor's page, and on to the town's list by its breadcrumb: the route's other page.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${target.doctor}$`));
  await page.getByRole('link', { name: 'Врачи Москвы' }).first().click();
  await expect(page).toHaveURL(/\/moskva\/vrach\/$/);
  await expect(page.locator('article[data-doctor-id]').first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { seen: boolean }).seen)).toBe(true);
});

test('the stylesheet is asked for first, then the scripts, what every page needs in one file', async ({
  page,
}) => {
  // The first paint waits for it alone: behind some fifty module preloads it arrived after them,
  // and the page painted only once its scripts had run.
  await page.goto('/moskva/vrach/');
  const doctor = await page.locator('article[data-doctor-id] h2 a').first().getAttribute('href');
  await page.goto('/moskva/lpu/');
  const clinic = await page.locator('article h2 a').first().getAttribute('href');
  for (const path of ['/moskva/vrach/', doctor, '/moskva/lpu/', clinic, '/']) {
    const html = await (await page.request.get(path as string)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    const links = [...head.matchAll(/<link rel="(stylesheet|modulepreload)"/g)].map((m) => m[1]);
    expect(
      links.filter((rel) => rel === 'stylesheet'),
      path as string,
    ).toHaveLength(1);
    expect(links[0], path as string).toBe('stylesheet');
    // What every page loads before it hydrates comes as one file (server/tools/first-load-chunk.ts):
    // some fifty preloads on a list page before, 31 to 35 on these pages with it.
    expect(head, path as string).toMatch(/<link rel="modulepreload" href="\/assets\/first-load-[^"]+\.js"/);
    expect(links.length, path as string).toBeLessThanOrEqual(40);
  }
  // Styled, after a reload and after a navigation in the browser alike.
  await page.goto('/moskva/vrach/');
  await expect(page.locator('body')).toHaveCSS('display', 'flex');
  await hydrated(page);
  await page.locator('article[data-doctor-id] h2 a').first().click();
  await expect(page).toHaveURL(/\/vrach\/\d+-/);
  await expect(page.locator('body')).toHaveCSS('display', 'flex');
  await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(1);
});
