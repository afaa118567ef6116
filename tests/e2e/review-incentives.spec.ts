import { expect, type Locator, type Page, test } from '@playwright/test';
import { hydrated } from './support/hydrated';

/**
 * The reviews page's incentive widgets: the review-award banner with its form
 * link and programme PDF, and the author's trust profile ('Доверие к профилю') that a review
 * card's author button opens.
 */

/** The reviews page of the first listed Moscow doctor whose cards carry an author profile button. */
async function reviewsPageWithAuthors(page: Page): Promise<{ path: string; doctorId: number }> {
  await page.goto('/moskva/vrach/');
  const links = await page
    .locator('article[data-doctor-id] h2 a')
    .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).getAttribute('href') ?? ''));
  for (const href of links.slice(0, 20)) {
    await page.goto(`${href}otzivi/`);
    if ((await page.locator('#reviews-list [data-patient-profile]').count()) > 0) {
      const doctorId = Number(href.match(/\/vrach\/(\d+)-/)?.[1]);
      return { path: `${href}otzivi/`, doctorId };
    }
  }
  throw new Error('no doctor among the first twenty has a review with an author profile button');
}

/** Opens an author's 'Доверие к профилю' (the button is enabled once the page listens for it). */
async function openProfile(page: Page, author: Locator) {
  const dialog = page.getByRole('dialog', { name: 'Доверие к профилю' });
  await author.click();
  await expect(dialog).toBeVisible();
  return dialog;
}

test('the award banner offers 300 roubles for a review, links the form and opens the rules PDF in a new tab', async ({
  page,
}) => {
  const { doctorId } = await reviewsPageWithAuthors(page);
  const banner = page.getByRole('region', { name: 'Скидка за отзыв' });
  await expect(banner).toContainText('Получите 300 рублей за отзыв.');
  await expect(banner.getByRole('link', { name: 'Оставить отзыв' })).toHaveAttribute(
    'href',
    `/reviews/new/?doctor=${doctorId}`,
  );
  const more = banner.getByRole('link', { name: 'Подробнее' });
  await expect(more).toHaveAttribute('target', '_blank');
  await expect(more).toHaveAttribute('rel', /noopener/);
  const pdf = await page.request.get((await more.getAttribute('href')) ?? '');
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  // The banner sits above the list.
  const bannerBox = await banner.boundingBox();
  const listBox = await page.locator('#reviews-list').boundingBox();
  expect(bannerBox && listBox && bannerBox.y < listBox.y).toBe(true);
});

test('a review author opens «Доверие к профилю»: percent, verdict, counts; Escape and «Закрыть» close it', async ({
  page,
}, testInfo) => {
  const { path } = await reviewsPageWithAuthors(page);
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/rates/patient_profile/')) calls.push(r.url());
  });
  const author = page.locator('#reviews-list [data-patient-profile]').first();
  const patientId = await author.getAttribute('data-patient-profile');
  // The author signed up on the site or in the mobile app: the call names which.
  const idParam =
    (await author.getAttribute('data-patient-kind')) === 'mobile' ? 'patient_mobile_id' : 'patient_id';

  const dialog = await openProfile(page, author);
  await expect(page).toHaveURL(new RegExp(`${path}#patient-profile$`));
  await expect(dialog).toContainText('По данным Продокторов');
  const profile = dialog.getByTestId('patient-profile');
  await expect(profile).toContainText(/\d+%/);
  await expect(profile).toContainText(/Можно доверять|Доверяйте с осторожностью/);
  await expect(profile).toContainText('Положительные');
  await expect(profile).toContainText('Отрицательные');
  await expect(profile).toContainText('Всего');
  await expect(profile.getByRole('progressbar', { name: 'Доля положительных отзывов' })).toBeAttached();
  await expect(profile).toContainText('Записи через сервис');
  expect(calls).toEqual([expect.stringMatching(new RegExp(`[?&]${idParam}=${patientId}$`))]);

  const box = await dialog.boundingBox();
  if (testInfo.project.name === 'desktop') {
    // A 400 px side panel at the right edge.
    expect(Math.round(box?.width ?? 0)).toBe(400);
    expect(Math.round((box?.x ?? 0) + (box?.width ?? 0))).toBe(page.viewportSize()?.width);
  } else {
    expect(Math.round(box?.width ?? 0)).toBe(page.viewportSize()?.width);
  }

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`${path}$`));

  // Reopening the same author answers from the page's cache; «Закрыть» closes as well.
  await author.click();
  await expect(dialog.getByTestId('patient-profile')).toBeVisible();
  expect(calls).toHaveLength(1);
  await dialog.getByRole('button', { name: 'Закрыть' }).last().click();
  await expect(dialog).toBeHidden();
});

test('a failed profile call shows an error, and opening the profile again retries it', async ({ page }) => {
  await reviewsPageWithAuthors(page);
  let failing = true;
  await page.route('**/api/rates/patient_profile/**', (route) =>
    failing ? route.fulfill({ status: 500, json: { detail: 'Произошла ошибка' } }) : route.continue(),
  );
  const author = page.locator('#reviews-list [data-patient-profile]').first();
  const dialog = await openProfile(page, author);
  await expect(dialog.getByRole('alert')).toHaveText(
    'Не удалось загрузить профиль пациента. Попробуйте ещё раз.',
  );
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  failing = false;
  await author.click();
  await expect(dialog.getByTestId('patient-profile')).toContainText(/\d+%/);
});

test('«Оставить отзыв» on a doctor page offers the discount: the doctor’s form and the doctor’s clinics', async ({
  page,
}) => {
  await page.goto('/moskva/vrach/');
  const href = (await page.locator('article[data-doctor-id] h2 a').first().getAttribute('href')) as string;
  await page.goto(href);
  const doctorId = Number(href.match(/\/vrach\/(\d+)-/)?.[1]);
  const write = page.locator('#reviews').getByRole('link', { name: 'Оставить отзыв' });
  // Without scripts it is a plain link to the form.
  await expect(write).toHaveAttribute('href', `/reviews/new/?doctor=${doctorId}`);
  // The dialog comes with scripts: a press before React has hydrated the link follows it to the
  // form (seen once in CI on a busy machine), as it would for a patient.
  await hydrated(write);
  await write.click();
  const dialog = page.getByRole('dialog', { name: 'Дарим скидку 300 ₽ за честный отзыв' });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/#review-power$/);
  await expect(dialog.getByRole('link', { name: 'Оставить отзыв о враче' })).toHaveAttribute(
    'href',
    `/reviews/new/?doctor=${doctorId}`,
  );
  // One clinic: its form; several: a list of them.
  const clinicLinks = dialog.locator('a[href^="/reviews/new/?lpu="]');
  expect(await clinicLinks.count()).toBeGreaterThan(0);
  await page.goBack();
  await expect(dialog).toBeHidden();
});
