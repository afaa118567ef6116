import { expect, type Page, test } from '@playwright/test';
import { hydrated } from './support/hydrated';

/**
 * The 'Ближайшая запись' sort and the 'Сегодня' / 'Завтра' / 'В ближайшие 3 дня' chips of a
 * doctor list (ADR 046), by keyboard, at the phone's and the desktop's width.
 */
const cards = (page: Page) => page.locator('article[data-doctor-id]');
const nearestTimes = (page: Page) =>
  page
    .locator('[data-nearest-at]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-nearest-at') ?? ''));

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`the nearest-time sort and the free chips work by keyboard at ${viewport.width}`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize(viewport);
    await page.goto('/moskva/vrach/terapevt/');
    await hydrated(page);
    const sort = page.getByRole('combobox', { name: 'Сортировка' });
    await sort.focus();
    // The URL changes before the sorted list arrives, and the default list's cards have their
    // 'Ближайшая запись' lines too: the sorted list's data is awaited.
    const sortedData = page.waitForResponse((r) => r.url().includes('.data?sort=nearest'));
    await sort.selectOption({ label: 'Ближайшая запись' });
    await sortedData;
    await expect(page).toHaveURL(/\/moskva\/vrach\/terapevt\/\?sort=nearest$/);
    await expect(sort).toHaveValue('nearest');
    // A freshly seeded database has every first free time still to compute: the each-minute job
    // fills them (ADR 046), so the page is reloaded until the cards have theirs.
    await expect
      .poll(
        async () => {
          if ((await nearestTimes(page)).length === 0) {
            await page.reload();
            await hydrated(page);
          }
          // The cards say their first free time, earliest first (once the sorted list is drawn).
          const times = await nearestTimes(page);
          return times.length > 0 && times.every((t, i) => i === 0 || times[i - 1] <= t);
        },
        { timeout: 150_000, intervals: [1_000, 5_000] },
      )
      .toBe(true);
    await expect(
      page.getByText(/^Ближайшая запись: (сегодня|завтра|\d{1,2} [а-я]+), \d\d:\d\d$/).first(),
    ).toBeVisible();
    // The first card leads with the clinic of its time: the line names no other clinic, and its
    // calendar (re-sorted in place from the default list) opens on that time.
    const line = page.locator('[data-nearest-at]').first();
    await expect(line).not.toContainText(' — ');
    const time = ((await line.textContent()) ?? '').slice(-5);
    const first = cards(page).first();
    await first.scrollIntoViewIfNeeded();
    await expect(first.locator('.slots-box').getByText(time, { exact: true }).first()).toBeVisible({
      timeout: 30_000,
    });
    await page.screenshot({ path: `test-results/nearest-sort-${viewport.width}.png`, fullPage: false });

    // The chips are radio buttons: Tab reaches the group, arrows move within it.
    const any = page.getByRole('radio', { name: 'Любое время' });
    await expect(any).toBeChecked();
    await any.focus();
    await page.keyboard.press('ArrowRight');
    await expect(page).toHaveURL(/\?free=today&sort=nearest$/);
    await expect(page.getByRole('radio', { name: 'Сегодня' })).toBeChecked();
    // Who is free today changes by the minute: not a page for search engines.
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow');
    await expect
      .poll(async () => {
        const n = await cards(page).count();
        if (n === 0) return (await page.getByRole('status').count()) > 0;
        return (await page.locator('[data-nearest-at]').allTextContents()).every((t) =>
          t.includes('сегодня'),
        );
      })
      .toBe(true);

    await page.getByRole('radio', { name: 'В ближайшие 3 дня' }).focus();
    await page.keyboard.press('Space');
    await expect(page).toHaveURL(/\?free=3days&sort=nearest$/);
    await expect.poll(async () => cards(page).count()).toBeGreaterThan(0);
    await page.screenshot({ path: `test-results/nearest-3days-${viewport.width}.png`, fullPage: false });
    const chip = page.locator('label', { has: page.getByRole('radio', { name: 'Сегодня' }) });
    const box = await chip.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(24);
    expect(box?.width).toBeGreaterThanOrEqual(24);

    // Back restores the previous view; reload keeps the URL's.
    await page.goBack();
    await expect(page).toHaveURL(/\?free=today&sort=nearest$/);
    await expect(page.getByRole('radio', { name: 'Сегодня' })).toBeChecked();
    await page.reload();
    await hydrated(page);
    await expect(page.getByRole('combobox', { name: 'Сортировка' })).toHaveValue('nearest');
  });
}
