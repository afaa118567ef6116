import { expect, test } from '@playwright/test';

/**
 * A town's own address is its home (issue 47): /moskva/ offers the search, the nearest free
 * times, the specialities and the best clinics; an unknown town is a 404. Both widths: the town's
 * home is a page of its own layout.
 */

test('/moskva/ is Moscow’s home: search, nearest free times, specialities, best clinics', async ({
  page,
}, info) => {
  const res = await page.goto('/moskva/');
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Врачи и клиники Москвы', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/^Врачи и клиники Москвы — /);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/moskva\/$/);
  await expect(page.getByRole('main').getByRole('combobox')).toBeVisible();

  const nearest = page.getByRole('region', { name: 'Ближайшее свободное время' });
  await expect(nearest.getByRole('link', { name: 'Все врачи' })).toHaveAttribute(
    'href',
    '/moskva/vrach/?sort=nearest',
  );
  const specialities = page.getByRole('region', { name: /^Специальности врачей/ });
  await expect(specialities.getByRole('link').first()).toBeVisible();
  const clinics = page.getByRole('region', { name: 'Лучшие клиники Москвы' });
  await expect(clinics.getByRole('listitem').first()).toBeVisible();
  await page.screenshot({ path: info.outputPath('town-home.png'), fullPage: true });

  // A speciality's nearest free times: its list, sorted by them.
  const first = nearest.getByRole('listitem').nth(1).getByRole('link');
  const href = (await first.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/moskva\/vrach\/[\w-]+\/\?sort=nearest$/);
  const list = await page.goto(href);
  expect(list?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const unknown = await page.goto('/no-such-town/');
  expect(unknown?.status()).toBe(404);
});
