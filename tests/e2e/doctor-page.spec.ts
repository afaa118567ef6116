import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ACTIVITY_SECTION_INFO, type ActivitySection, showMoreLabel } from '../../core/doctor/activities';

/**
 * A Moscow doctor with a 'Показать ещё …' button in the activities (publications, else any
 * section). The data set is seeded, not hand-made, so the test looks one up once: the first
 * list pages' doctors, asked in order, until one has more than the first fragment shows.
 */
let doctorUrl = '';
let moreSection: ActivitySection = 'publications';

test.beforeAll(async ({ playwright }, info) => {
  test.setTimeout(120_000);
  const request = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
  try {
    ({ url: doctorUrl, section: moreSection } = await doctorWithMoreActivities(request));
  } finally {
    await request.dispose();
  }
});

async function doctorWithMoreActivities(
  request: APIRequestContext,
): Promise<{ url: string; section: ActivitySection }> {
  let fallback: { url: string; section: ActivitySection } | null = null;
  for (const page of [1, 2, 3]) {
    const html = await (await request.get(`/moskva/vrach/?page=${page}`)).text();
    const urls = [...new Set(html.match(/\/moskva\/vrach\/\d+-[a-z0-9-]+\//g) ?? [])];
    for (const url of urls) {
      const id = /\/(\d+)-/.exec(url)?.[1];
      const fragment = await (await request.get(`/ajax/doctor/${id}/activities/`)).text();
      if (fragment.includes('data-activity-more="publications"')) return { url, section: 'publications' };
      const section = /data-activity-more="([a-z]+)"/.exec(fragment)?.[1] as ActivitySection | undefined;
      if (section && !fallback) fallback = { url, section };
    }
  }
  if (fallback) return fallback;
  throw new Error('no Moscow doctor with a “Показать ещё” in the activities on the first list pages');
}

const contents = (page: Page) => page.getByRole('navigation', { name: 'Содержание' });

/** The contents mark the current section once the page's scripts run: a sign of hydration. */
async function openHydrated(page: Page, url: string) {
  await page.goto(url);
  // Generous: a development server compiles the page's modules on the first visit.
  await expect(contents(page).locator('[aria-current="true"]')).toHaveCount(1, { timeout: 15_000 });
}

test('the contents highlight the section being read and stay in view while scrolling', async ({ page }) => {
  await openHydrated(page, doctorUrl);
  const nav = contents(page);
  await expect(nav.getByRole('link', { name: 'О враче' })).toHaveAttribute('aria-current', 'true');

  await page.locator('#education').evaluate((el) => el.scrollIntoView());
  await expect(nav.getByRole('link', { name: 'Образование' })).toHaveAttribute('aria-current', 'true');
  await expect(nav.locator('[aria-current="true"]')).toHaveCount(1);

  await page.locator('#reviews').evaluate((el) => el.scrollIntoView());
  await expect(nav.getByRole('link', { name: 'Отзывы' })).toHaveAttribute('aria-current', 'true');
  await expect(nav.getByRole('link', { name: 'Образование' })).not.toHaveAttribute('aria-current');
  // Sticky: far down the page the contents are still on screen, near its top.
  const box = await nav.boundingBox();
  expect(box?.y).toBeGreaterThanOrEqual(0);
  expect(box?.y).toBeLessThan(200);

  await nav.getByRole('link', { name: 'Опыт работы' }).click();
  await expect(page).toHaveURL(/#experience$/);
  await expect(nav.getByRole('link', { name: 'Опыт работы' })).toHaveAttribute('aria-current', 'true');
  await expect(page.getByRole('heading', { name: 'Опыт работы' })).toBeInViewport();
});

test('activities load as they near the viewport and “Показать ещё” adds the next page', async ({ page }) => {
  const loads: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/activities/')) loads.push(r.url());
  });
  await openHydrated(page, doctorUrl);
  expect(loads).toEqual([]);

  await page.locator('#experience').evaluate((el) => el.scrollIntoView());
  const region = page.getByRole('region', {
    name: new RegExp(`^${ACTIVITY_SECTION_INFO[moreSection].title}`),
  });
  await expect(region).toBeVisible();
  expect(loads).toHaveLength(1);
  const items = region.getByRole('listitem');
  await expect(items).toHaveCount(3);

  const more = region.getByRole('button', { name: /^Показать ещё \d+ / });
  const remaining = Number(/\d+/.exec((await more.textContent()) ?? '')?.[0]);
  await more.click();
  await expect(items).toHaveCount(3 + Math.min(10, remaining));
  if (remaining > 10) {
    await expect(more).toHaveText(showMoreLabel(moreSection, remaining - 10));
  } else {
    await expect(more).toHaveCount(0);
  }
  expect(loads.at(-1)).toMatch(new RegExp(`/activities/${moreSection}/\\?page=2$`));
});

test('the documents modal opens from the badge and closes with Escape', async ({ page }) => {
  await openHydrated(page, doctorUrl);
  const badge = page.getByRole('button', { name: 'Документы проверены' });
  await badge.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading')).toHaveText(/^(Лицензия проверена|Документы проверены)$/);
  await expect(dialog.getByRole('button', { name: 'Хорошо' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(badge).toBeFocused();
});

test('a visitor reports a mistake through the popup form', async ({ page }) => {
  await openHydrated(page, doctorUrl);
  await page.getByRole('button', { name: 'Сообщить об ошибке' }).click();
  const dialog = page.getByRole('dialog', { name: 'Сообщить об ошибке' });
  await expect(dialog).toBeVisible();

  const text = dialog.getByLabel('Что не так?');
  await text.fill('Ошибка');
  await dialog.getByRole('button', { name: 'Отправить' }).click();
  await expect(dialog.getByText('Опишите ошибку подробнее: не меньше 10 символов')).toBeVisible();
  await expect(text).toHaveAttribute('aria-invalid', 'true');
  await expect(text).toBeFocused();

  await text.fill('Врач больше не принимает в этой клинике');
  await dialog.getByLabel(/Как с вами связаться/).fill('patient@example.ru');
  const response = page.waitForResponse((r) => r.url().endsWith('/ajax/mistake_reports/'));
  await dialog.getByRole('button', { name: 'Отправить' }).click();
  expect((await response).status()).toBe(201);
  await expect(dialog.getByText('Спасибо! Мы проверим информацию.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Закрыть' }).last().click();
  await expect(dialog).toHaveCount(0);
});
