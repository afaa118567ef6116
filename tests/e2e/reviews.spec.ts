import { expect, type Page, test } from '@playwright/test';

/**
 * The reviews page (issue 6): the type filter rewrites ?type= and shows only that type; an
 * unknown type is ignored; the list loads more as its end comes near.
 */

/** The reviews page of the first listed Moscow doctor with negative reviews and more than ten in all. */
async function reviewsPageWithNegatives(page: Page): Promise<string> {
  await page.goto('/moskva/vrach/');
  const links = await page
    .locator('article[data-doctor-id] h2 a')
    .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).getAttribute('href')));
  for (const href of links.slice(0, 20)) {
    await page.goto(`${href}otzivi/`);
    const negative = page
      .getByRole('navigation', { name: 'Тип отзывов' })
      .getByRole('link', { name: /^Отрицательные/ });
    const total = Number((await page.locator('main h1 + p').textContent())?.match(/\d+/)?.[0] ?? 0);
    if ((await negative.count()) > 0 && total > 10) return `${href}otzivi/`;
  }
  throw new Error('no doctor with negative reviews among the first twenty');
}

test('filtering negative reviews rewrites ?type= and shows only negative cards; «Все» brings the rest back', async ({
  page,
}) => {
  const path = await reviewsPageWithNegatives(page);
  const filter = page.getByRole('navigation', { name: 'Тип отзывов' });
  await expect(filter.getByRole('link', { name: /^Все/ })).toHaveAttribute('aria-current', 'true');
  await expect(filter.getByText(/^Положительные/)).toBeVisible();

  await filter.getByRole('link', { name: /^Отрицательные/ }).click();
  await expect(page).toHaveURL(new RegExp(`${path}\\?type=negative$`));
  await expect(filter.getByRole('link', { name: /^Отрицательные/ })).toHaveAttribute('aria-current', 'true');
  const cards = page.locator('#reviews-list article[data-review-id]');
  await expect(cards.first()).toBeVisible();
  expect(new Set(await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-state'))))).toEqual(
    new Set(['negative']),
  );

  await filter.getByRole('link', { name: /^Все/ }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(cards).toHaveCount(10);
});

test('an unknown ?type= is ignored, and the list loads more reviews as its end comes near', async ({
  page,
}) => {
  const path = await reviewsPageWithNegatives(page);
  await page.goto(`${path}?type=spam`);
  const cards = page.locator('#reviews-list article[data-review-id]');
  await expect(cards).toHaveCount(10);
  await expect(
    page.getByRole('navigation', { name: 'Тип отзывов' }).getByRole('link', { name: /^Все/ }),
  ).toHaveAttribute('aria-current', 'true');
  await page.getByRole('button', { name: 'Показать ещё отзывы' }).scrollIntoViewIfNeeded();
  await expect.poll(() => cards.count()).toBeGreaterThan(10);
});
