import { expect, type Page, type Request, test } from '@playwright/test';
import { WORK_PHONES, workAccountContext } from './support/patient';
import { pressUntil } from './support/press';

/**
 * The reviews page: the type filter (chips on desktop, the 'Фильтр' modal on phones)
 * rewrites ?type= and shows only that type, from its cache the second time; an unknown type is
 * ignored; the list loads more as its end comes near; the tags block narrows the list; the
 * doctor page's tags lead here; seen reviews go out in the rate-metrics beacon; a fake-review
 * warning shows where staff put it.
 */

/** The reviews page of the first listed Moscow doctor with negative reviews, tags and more than ten in all. */
async function reviewsPageWithNegatives(page: Page): Promise<string> {
  await page.goto('/moskva/vrach/');
  const links = await page
    .locator('article[data-doctor-id] h2 a')
    .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).getAttribute('href')));
  for (const href of links.slice(0, 20)) {
    await page.goto(`${href}otzivi/`);
    const negative = page.locator('nav[aria-label="Тип отзывов"] a', { hasText: /^Отрицательные/ });
    const total = Number((await page.locator('main h1 + p').textContent())?.match(/\d+/)?.[0] ?? 0);
    const tags = await page.getByRole('region', { name: 'Пациенты упоминали в отзывах' }).count();
    if ((await negative.count()) > 0 && total > 10 && tags > 0) return `${href}otzivi/`;
  }
  throw new Error('no doctor with negative reviews and tags among the first twenty');
}

const isPhone = () => test.info().project.name === 'phone';

/** Chooses a type as the viewport offers it: a chip on desktop, the 'Фильтр' modal on phones. */
async function chooseType(page: Page, title: string) {
  if (isPhone()) {
    await page.getByRole('button', { name: /^Фильтр/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Фильтр' });
    await expect(dialog).toBeVisible();
    // The open sheet locks the page's scroll yet changes nothing <body> passes down: each such
    // change restyles the whole page on the tap (over INP's 200 ms on a phone; app/app.css).
    await expect(page.locator('body')).toHaveAttribute('data-scroll-locked', /\d/);
    expect(
      await page.evaluate(() => {
        const style = getComputedStyle(document.body);
        return [style.pointerEvents, style.getPropertyValue('--removed-body-scroll-bar-size').trim()];
      }),
    ).toEqual(['auto', '0px']);
    await dialog.getByRole('radio', { name: title }).click();
    await expect(dialog).toBeHidden();
  } else {
    await page
      .getByRole('navigation', { name: 'Тип отзывов' })
      .getByRole('link', { name: new RegExp(`^${title}`) })
      .click();
  }
}

/** The chosen type as the page shows it. */
async function expectChosen(page: Page, title: string) {
  if (isPhone()) await expect(page.getByRole('button', { name: /^Фильтр/ })).toContainText(title);
  else
    await expect(
      page
        .getByRole('navigation', { name: 'Тип отзывов' })
        .getByRole('link', { name: new RegExp(`^${title}`) }),
    ).toHaveAttribute('aria-current', 'true');
}

const cards = (page: Page) => page.locator('#reviews-list article[data-review-id]');

test('filtering negative reviews rewrites ?type= and shows only negative cards; «Все» comes back from the cache', async ({
  page,
}) => {
  const path = await reviewsPageWithNegatives(page);
  await expectChosen(page, 'Все');
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/reviews/?')) calls.push(r.url());
  });
  const filtered: string[] = [];
  await page.exposeFunction('onFiltered', (type: string) => filtered.push(type));
  await page.evaluate(() =>
    window.addEventListener('reviews:filtered', (e) =>
      (window as unknown as { onFiltered: (t: string) => void }).onFiltered(
        (e as CustomEvent<{ type: string }>).detail.type,
      ),
    ),
  );

  await chooseType(page, 'Отрицательные');
  await expect(page).toHaveURL(new RegExp(`${path}\\?type=negative$`));
  await expectChosen(page, 'Отрицательные');
  await expect(cards(page).first()).toBeVisible();
  expect(
    new Set(await cards(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-state')))),
  ).toEqual(new Set(['negative']));
  expect(calls).toEqual([expect.stringContaining('ratetype=negative')]);

  await chooseType(page, 'Все');
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(cards(page)).toHaveCount(10);
  // 'Все' was the server's page: shown again without a call; both choices fired 'filtered'.
  expect(calls).toHaveLength(1);
  await expect.poll(() => filtered).toEqual(['negative', 'all']);
});

test('an unknown ?type= is ignored, and the list loads more reviews as its end comes near', async ({
  page,
}) => {
  const path = await reviewsPageWithNegatives(page);
  await page.goto(`${path}?type=spam`);
  await expect(cards(page)).toHaveCount(10);
  await expectChosen(page, 'Все');
  await page.getByRole('button', { name: 'Показать ещё отзывы' }).scrollIntoViewIfNeeded();
  await expect.poll(() => cards(page).count()).toBeGreaterThan(10);
});

test('a tag narrows the list and goes into ?tag=; a second click clears it', async ({ page }) => {
  const path = await reviewsPageWithNegatives(page);
  const tags = page.getByRole('region', { name: 'Пациенты упоминали в отзывах' });
  const first = tags.getByRole('button').first();
  const name = (await first.locator('span').first().textContent()) ?? '';
  const mentions = (await first.textContent())?.match(/\d+/g)?.map(Number) ?? [];
  const expected = Math.min(
    10,
    mentions.reduce((a, b) => a + b, 0),
  );

  await first.click();
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(new RegExp(`${path}\\?tag=[a-z0-9-]+$`));
  // As many cards as the tag's likes and dislikes (up to a page), each a review that mentions it.
  await expect(cards(page)).toHaveCount(expected);

  await tags.getByRole('button', { name: new RegExp(`^${name}`) }).click();
  await expect(first).toHaveAttribute('aria-pressed', 'false');
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(cards(page)).toHaveCount(10);
});

test('the doctor page’s tags lead to the reviews page with the tag chosen, at the list', async ({ page }) => {
  const path = await reviewsPageWithNegatives(page);
  const doctorPage = path.replace(/otzivi\/$/, '');
  await page.goto(doctorPage);
  const tag = page
    .locator('#reviews')
    .getByRole('region', { name: 'Пациенты упоминали в отзывах' })
    .getByRole('link')
    .first();
  const href = (await tag.getAttribute('href')) ?? '';
  expect(href).toMatch(new RegExp(`^${path}\\?tag=[a-z0-9-]+#tab-content$`));
  // A press while the page still lays out its late parts (hydration, the schedule above) once
  // left the page where it was (seen in CI on a busy machine): pressed again until it goes.
  const atTag = (url: URL) => `${url.pathname}${url.search}${url.hash}` === href;
  await pressUntil(tag, async () => atTag(new URL(page.url())));
  await expect(
    page.getByRole('region', { name: 'Пациенты упоминали в отзывах' }).locator('[aria-pressed="true"]'),
  ).toHaveCount(1);
  await expect(cards(page).first()).toBeInViewport();
});

test('reviews seen for two seconds go out in the rate-metrics beacon when the page is hidden', async ({
  page,
}) => {
  await reviewsPageWithNegatives(page);
  const first = cards(page).first();
  await first.scrollIntoViewIfNeeded();
  const id = Number(await first.getAttribute('data-review-id'));
  const beacons: Request[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/ajax/rate_metrics/') && r.method() === 'POST') beacons.push(r);
  });
  const rates = (r: Request) =>
    JSON.parse(new URLSearchParams(r.postData() ?? '').get('rates_id') ?? '{}') as {
      lpu_rates_id?: number[];
      doctor_rates_id?: number[];
    };
  const withCard = () => beacons.find((r) => rates(r).doctor_rates_id?.includes(id));
  // Each time the page hides it sends what was seen so far: the card once it has been on screen for 2 s.
  await expect
    .poll(
      async () => {
        await page.evaluate(() => {
          Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
          document.dispatchEvent(new Event('visibilitychange'));
        });
        return withCard() !== undefined;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  const request = withCard() as Request;
  expect(rates(request).lpu_rates_id).toEqual([]);
  expect((await request.response())?.status()).toBe(204);
});

test('a fake-review warning staff put on a doctor shows on the doctor’s pages until taken off', async ({
  page,
  browser,
}) => {
  const path = await reviewsPageWithNegatives(page);
  const doctorId = Number(path.match(/\/vrach\/(\d+)-/)?.[1]);
  const staffContext = await workAccountContext(browser, WORK_PHONES.staff);
  const staff = await staffContext.newPage();
  await staff.request.get('/healthz');
  const token = (await staffContext.cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
  const mark = (warning: string | null) =>
    staff.request.post('/api/staff/fake-warning/', {
      data: { kind: 'doctor', id: doctorId, warning },
      headers: { 'X-CSRFToken': token },
    });
  expect((await mark('rating')).status()).toBe(200);
  try {
    await page.goto(path);
    await expect(page.getByRole('note')).toContainText('Рейтинг врача пытались накрутить');
    await page.goto(path.replace(/otzivi\/$/, ''));
    await expect(page.locator('#reviews').getByRole('note')).toContainText(
      'Рейтинг врача пытались накрутить',
    );
  } finally {
    expect((await mark(null)).status()).toBe(200);
  }
  await page.reload();
  await expect(page.locator('#reviews').getByRole('note')).toHaveCount(0);
});
