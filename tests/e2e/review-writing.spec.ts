import { type Browser, expect, type Page, test } from '@playwright/test';
import { randomPhone, signInThroughApi, WORK_PHONES, workAccountContext } from './support/patient';

/**
 * A signed-in patient writes a review, staff publish it and the doctor's rating and
 * count take it in; the doctor answers, staff publish the answer and it shows under the review.
 * The demo accounts: staff 79990000001, the first demo doctor 79990001001 (doctor id 1).
 */
const DOCTOR_ID = 1;

async function signedInPage(browser: Browser, phone: string): Promise<Page> {
  return (await workAccountContext(browser, phone)).newPage();
}

/** The doctor page's count of reviews ('128 отзывов'). */
async function reviewsCount(page: Page): Promise<number> {
  const text = await page.locator('main h1 + p').first().textContent();
  return Number((text ?? '').replace(/\s/g, '').match(/\d+/)?.[0] ?? 0);
}

test('write a review, publish it as staff, see it counted; answer it as the doctor', async ({
  page,
  browser,
}) => {
  test.slow();
  const token = `Проверка-${Date.now().toString(36)}`;
  const text =
    `${token}: врач внимательно выслушал, подробно объяснил диагноз и план лечения, ` +
    'назначил только нужные анализы. Через две недели стало заметно лучше.';

  // The patient: the form refuses a short text, then sends the review for moderation.
  await signInThroughApi(page, randomPhone().digits);
  await page.goto(`/reviews/new/?doctor=${DOCTOR_ID}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Отзыв о враче' })).toBeVisible();
  const doctorUrl = (await page.locator('main h1 + p a').getAttribute('href')) as string;
  await page.getByRole('textbox', { name: 'Ваш отзыв' }).fill('Хороший врач');
  await page.getByRole('button', { name: 'Отправить отзыв' }).click();
  await expect(page.getByText('Поставьте хотя бы одну оценку')).toBeVisible();
  await page.getByRole('group', { name: 'Эффективность лечения' }).getByTitle('Отлично').click();
  await page.getByRole('group', { name: 'Отношение к пациенту' }).getByTitle('Хорошо').click();
  await page.getByRole('button', { name: 'Отправить отзыв' }).click();
  await expect(page.getByText(/^Расскажите подробнее: ещё \d+ символ/)).toBeVisible();
  await page.getByRole('textbox', { name: 'Ваш отзыв' }).fill(text);
  await page.getByText('+ Внимательный врач').click();
  await page.getByRole('button', { name: 'Отправить отзыв' }).click();
  await expect(page.getByText('Спасибо! Отзыв отправлен на проверку')).toBeVisible();

  // Not shown before moderation.
  await page.goto(`${doctorUrl}otzivi/`);
  const before = await reviewsCount(page);
  await expect(page.getByText(token)).toHaveCount(0);

  // Staff publish it and read the rating it led to.
  const staff = await signedInPage(browser, WORK_PHONES.staff);
  await staff.goto('/staff/reviews/');
  // The seeded queue is long: the moderator finds the review by words of its text.
  await staff.getByRole('searchbox', { name: 'Поиск отзывов' }).fill(token);
  await staff.getByRole('searchbox', { name: 'Поиск отзывов' }).press('Enter');
  await expect(staff).toHaveURL(/[?&]q=/);
  const card = staff.locator('li', { hasText: token }).last();
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Опубликовать' }).click();
  const notice = staff.getByRole('status').filter({ hasText: 'Отзыв опубликован' });
  await expect(notice).toHaveText(new RegExp(`Рейтинг: \\d,\\d, ${before + 1} отзыв`));
  const rating = (await notice.textContent())?.match(/Рейтинг: (\d,\d)/)?.[1] as string;

  // Counted: the reviews page has one more, with the card; the doctor page shows the new stars.
  await page.goto(`${doctorUrl}otzivi/`);
  expect(await reviewsCount(page)).toBe(before + 1);
  await expect(page.locator('#reviews-list article', { hasText: token })).toBeVisible();
  await page.goto(doctorUrl);
  await expect(page.locator('#reviews')).toContainText(`Рейтинг ${rating}`);

  // The doctor answers from the cabinet; the answer waits for moderation.
  const doctor = await signedInPage(browser, WORK_PHONES.firstDoctor);
  await doctor.goto('/cabinet/reviews/');
  const mine = doctor.locator('li', { hasText: token });
  await mine.getByRole('button', { name: 'Ответить' }).click();
  const answer = `Спасибо за отзыв! ${token}: рад, что лечение помогло.`;
  await mine.getByRole('textbox', { name: 'Ваш ответ' }).fill(answer);
  await mine.getByRole('button', { name: 'Отправить ответ' }).click();
  await expect(mine.getByText('Ваш ответ (на проверке у модератора)')).toBeVisible();

  await staff.goto(`/staff/reviews/?q=${encodeURIComponent(token)}`);
  const reply = staff.locator('li', { hasText: answer });
  await reply.getByRole('button', { name: 'Опубликовать ответ' }).click();
  await expect(staff.getByRole('status').filter({ hasText: 'Ответ опубликован' })).toBeVisible();

  await page.goto(`${doctorUrl}otzivi/`);
  const published = page.locator('#reviews-list article', { hasText: token });
  await published.getByText('Ответ врача').click();
  await expect(published.getByText(answer)).toBeVisible();
});

test('the review form asks a visitor to sign in first', async ({ page }) => {
  await page.goto(`/reviews/new/?doctor=${DOCTOR_ID}`);
  await expect(page.getByText('Войдите, чтобы оставить отзыв')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Войти как пациент' })).toHaveAttribute(
    'href',
    /^\/login\/\?kind=patient&next=/,
  );
});
