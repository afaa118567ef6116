import { expect, test } from '@playwright/test';
import { hydrated } from './support/hydrated';

/**
 * The page's source (core/directory/page-source.ts) on its main column: a treatment page is the
 * disease doctor list, a page of no kind is classed 'without-source', and a move inside the site
 * (no reload) reclasses the column.
 */

test('a treatment page is the disease doctor list; a page that matches nothing is without a source', async ({
  page,
}) => {
  await page.goto('/moskva/lechenie/gaimorit/');
  const main = page.locator('main#content');
  await expect(main).toHaveAttribute('data-page-source', 'disease_doctors_list');
  await expect(main).not.toHaveClass(/(^|\s)without-source(\s|$)/);

  await page.goto('/favourites');
  await expect(main).toHaveClass(/(^|\s)without-source(\s|$)/);
  await expect(main).not.toHaveAttribute('data-page-source');

  // From the home page (no source) to a doctor list by the site's own link: the class goes.
  await page.goto('/');
  await expect(main).toHaveClass(/(^|\s)without-source(\s|$)/);
  await hydrated(page);
  await page.locator('main a[href^="/moskva/vrach/"]').first().click();
  await expect(page).toHaveURL(/\/moskva\/vrach\//);
  await expect(main).toHaveAttribute('data-page-source', /^(doctors_list|doctor_page)$/);
  await expect(main).not.toHaveClass(/(^|\s)without-source(\s|$)/);
});
