import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { hydrated } from './support/hydrated';
import { WORK_PHONES, workAccountContext } from './support/patient';

/**
 * The doctor's photo end to end: a demo doctor uploads a photo in 'Мой профиль', it waits 'На
 * модерации', staff approve it in /staff/profiles/, and his public page shows it instead of
 * his initials. The third demo doctor (79990001003), whom no other scenario uses.
 */
const DOCTOR_PHONE = '79990001003';

test('a doctor uploads a photo; after moderation it is on his page', async ({ browser }, info) => {
  const width = info.project.use.viewport?.width ?? 0;
  // A new picture each run, so the approved address is a new one too: a grid of 6 × 8 random
  // colours. (A single random shade was not enough: the stored WebP is lossy, so two near shades
  // could come out as the same bytes and the same address, and the run failed.)
  const file = info.outputPath('photo.png');
  await sharp(randomBytes(6 * 8 * 3), { raw: { width: 6, height: 8, channels: 3 } })
    .resize(480, 640, { kernel: 'nearest' })
    .png()
    .toFile(file);

  const doctorContext = await workAccountContext(browser, DOCTOR_PHONE);
  const page = await doctorContext.newPage();
  await page.goto('/cabinet/profile/');
  await expect(page.getByRole('heading', { level: 1, name: 'Мой профиль' })).toBeVisible();
  await hydrated(page);
  await page.getByLabel('Загрузить фотографию').setInputFiles(file);
  await expect(
    page.getByRole('status').filter({ hasText: 'Фотография отправлена на модерацию' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'На модерации' })).toBeVisible();
  const preview = page.locator('section', { hasText: 'Загрузить фотографию' }).locator('img');
  await expect(preview).toHaveAttribute('src', /^\/cabinet\/ajax\/profile\/changes\/\d+\/photo\/$/);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const doctorUrl = (await page.getByRole('link', { name: 'Страница врача' }).getAttribute('href')) as string;
  expect(doctorUrl).toMatch(/^\/[a-z-]+\/vrach\/\d+-[a-z0-9-]+\/$/);
  await page.screenshot({ path: test.info().outputPath(`doctor-profile-${width}.png`), fullPage: true });

  // Not public yet: the page still shows the initials (or, on a later run, the photo approved then).
  const visitor = await browser.newContext({ baseURL: info.project.use.baseURL });
  const anonymous = await visitor.newPage();
  await anonymous.goto(doctorUrl);
  const about = anonymous.locator('#about');
  const earlier =
    (await about.locator('img').count()) > 0 ? await about.locator('img').getAttribute('src') : null;
  expect(earlier ?? '').not.toMatch(/\/cabinet\//);

  const staffContext = await workAccountContext(browser, WORK_PHONES.staff);
  const staff = await staffContext.newPage();
  await staff.goto('/staff/profiles/');
  await expect(staff.getByRole('heading', { level: 1, name: 'Модерация профилей врачей' })).toBeVisible();
  await hydrated(staff);
  const card = staff.locator('li', { has: staff.locator(`a[href="${doctorUrl}"]`) });
  await expect(card.getByRole('img', { name: 'Новое фото' })).toBeVisible();
  await staff.screenshot({ path: test.info().outputPath(`staff-profiles-${width}.png`), fullPage: true });
  await card.getByRole('button', { name: 'Одобрить' }).click();
  await expect(staff.getByRole('status').filter({ hasText: 'одобрены' })).toBeVisible();
  await expect(card).toHaveCount(0);

  // Public now, under its content-hashed address.
  await anonymous.goto(doctorUrl);
  const photo = about.locator('img');
  await expect(photo).toHaveAttribute('src', /^\/media\/doctors\/[0-9a-f]{32}\.webp$/);
  expect(await photo.getAttribute('src')).not.toBe(earlier);
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'Одобрено' })).toBeVisible();
  await visitor.close();
});
