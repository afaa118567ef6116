import { expect, test } from '@playwright/test';

/**
 * No page is wider than the screen: on a phone something poking out (an absolutely placed part
 * of a slider or a tooltip) widens the layout and shrinks everything to fit.
 */
test('the directory, doctor, clinic and reviews pages fit the screen, 390 px wide too', async ({ page }) => {
  const fits = async () =>
    expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);
  await page.goto('/moskva/vrach/');
  await fits();
  const doctor = await page.locator('article[data-doctor-id] h2 a').first().getAttribute('href');
  await page.goto('/moskva/lpu/');
  await fits();
  const clinic = await page.locator('article h2 a').first().getAttribute('href');
  for (const path of [
    doctor,
    `${doctor}otzivi/`,
    clinic,
    `${clinic}otzivi/`,
    '/moskva/diagnostika/mrt/',
    '/rating/',
  ]) {
    await page.goto(path ?? '/');
    await fits();
  }
});
