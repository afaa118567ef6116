import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { WORK_PHONES, workAccountContext } from './support/patient';

/**
 * Ads (docs/product/ads.md) on the seed's demo campaigns: a list page's banner carries the
 * label ('Реклама', the advertiser, the erid); its view is counted once, 2 s after it came into
 * view; the hide control puts ads away for the day without counting a click; a click counts
 * once and opens the campaign's page in a new tab; a PRO clinic's page has no ad, a LIGHT one's
 * has. Counts are read through the staff's call, as deltas, so reruns on one database agree.
 */

const LIST = '/moskva/lpu/';
const SECOND_CLINIC = '79990002002';

interface Stats {
  campaigns: {
    id: number;
    series: { day: string; type: string; impressions: number; views: number; clicks: number }[];
  }[];
}

/** A visitor's own browser: headless browsers say so in their agent, and crawlers get no ads. */
async function visitor(browser: Browser): Promise<BrowserContext> {
  const viewport = test.info().project.use.viewport ?? { width: 1280, height: 800 };
  return browser.newContext({
    viewport,
    isMobile: test.info().project.use.isMobile,
    hasTouch: test.info().project.use.hasTouch,
    baseURL: test.info().project.use.baseURL,
    userAgent: `Mozilla/5.0 (e2e ads ${test.info().project.name}) AppleWebKit/537.36 Chrome/140.0 Safari/537.36`,
  });
}

// Two browsers and a few page loads each; the banner comes after hydration, slow on a busy dev server.
test.describe.configure({ timeout: 60_000 });

let staff: BrowserContext;
test.beforeAll(async ({ browser }) => {
  staff = await workAccountContext(browser, WORK_PHONES.staff);
});
test.afterAll(async () => {
  await staff?.close();
});

/** Every campaign's counts over the last two days (the Moscow day may turn mid-run). */
async function snapshot(): Promise<Stats> {
  const res = await staff.request.get('/api/staff/ads/?days=2');
  expect(res.status()).toBe(200);
  return (await res.json()) as Stats;
}

/** A campaign's counts at one place in a snapshot. */
function countsIn(stats: Stats, campaign: number, place: string) {
  const rows = stats.campaigns.find((c) => c.id === campaign)?.series.filter((r) => r.type === place) ?? [];
  return {
    impressions: rows.reduce((s, r) => s + r.impressions, 0),
    views: rows.reduce((s, r) => s + r.views, 0),
    clicks: rows.reduce((s, r) => s + r.clicks, 0),
  };
}

const counts = async (campaign: number, place: string) => countsIn(await snapshot(), campaign, place);

/** The list's top banner, loaded and labelled; its campaign. */
async function topBanner(page: Page) {
  const ad = page.locator('[data-ad-slot="list_top"][data-ad-campaign]');
  await expect(ad).toBeVisible({ timeout: 20_000 });
  return { ad, campaign: Number(await ad.getAttribute('data-ad-campaign')) };
}

test('a list’s banner is labelled and its view is counted once, 2 s after it came into view', async ({
  browser,
}) => {
  const context = await visitor(browser);
  const page = await context.newPage();
  // The page's own clock, not the test's: under load the test notices the banner a poll or
  // more after it was drawn, which once made a correct 2 s look like 1.4 s (CI). The script
  // notes when the banner last became half visible (a demo campaign's bar) and when the view
  // report left for the beacon.
  await page.addInitScript(() => {
    const times = { shownAt: -1, sentAt: -1 };
    Object.assign(window, { __adTimes: times });
    const send = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, data) => {
      if (String(url).endsWith('/ajax/view_banner/') && times.sentAt < 0) times.sentAt = performance.now();
      return send(url, data);
    };
    let enough = false;
    const io = new IntersectionObserver(
      ([entry]) => {
        const now = entry.isIntersecting && entry.intersectionRatio >= 0.49;
        if (now && !enough) times.shownAt = performance.now();
        enough = now;
      },
      { threshold: [0, 0.25, 0.5, 0.75, 0.99, 1] },
    );
    new MutationObserver((_, mo) => {
      const el = document.querySelector('[data-ad-slot="list_top"][data-ad-campaign]');
      if (!el) return;
      mo.disconnect();
      io.observe(el);
    }).observe(document, { childList: true, subtree: true });
  });
  const viewed = page.waitForRequest((r) => r.url().endsWith('/ajax/view_banner/'));
  // Read before the page opens: on a wide screen the banner is in view at once.
  const start = await snapshot();
  await page.goto(LIST);
  const { ad, campaign } = await topBanner(page);
  const before = countsIn(start, campaign, 'list_top');

  const label = ad.locator('[data-ad-label]');
  await expect(label).toContainText(/^Реклама · Демо-рекламодатель: .+ · erid: demo-\w+$/);
  await expect(ad.getByRole('link')).toHaveAttribute('target', '_blank');
  await expect(ad.getByRole('link')).toHaveAttribute('rel', 'sponsored noopener');
  await expect(ad.getByRole('link')).toHaveAttribute(
    'href',
    new RegExp(`^/ad/event/c/${campaign}/\\?banner_type=list_top&key=`),
  );

  // On a phone the banner may start below the fold: the 2 s start when it comes into view.
  await ad.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const request = await viewed;
  const times = await page.evaluate(
    () => (window as unknown as { __adTimes: { shownAt: number; sentAt: number } }).__adTimes,
  );
  expect(times.shownAt).toBeGreaterThanOrEqual(0);
  // 2 s of view (both observers note the same frame; a few ms of slack for their order).
  expect(times.sentAt - times.shownAt).toBeGreaterThanOrEqual(1_980);
  const href = (await ad.getByRole('link').getAttribute('href')) as string;
  const key = new URL(href, 'http://localhost').searchParams.get('key');
  const fields = new URLSearchParams(request.postData() ?? '');
  expect(Object.fromEntries(fields)).toMatchObject({ c: String(campaign), btype: 'list_top', redis_id: key });
  expect(Number(fields.get('p'))).toBeGreaterThanOrEqual(50);

  await expect.poll(async () => (await counts(campaign, 'list_top')).views).toBe(before.views + 1);
  // The same report again (a retry, a replay) counts nothing.
  const again = await page.request.post('/ajax/view_banner/', {
    form: Object.fromEntries(fields),
  });
  expect(await again.json()).toEqual({ counted: false });
  expect((await counts(campaign, 'list_top')).views).toBe(before.views + 1);
  await context.close();
});

test('the hide control puts ads away for the day without counting a click', async ({ browser }) => {
  const context = await visitor(browser);
  const page = await context.newPage();
  await page.goto(LIST);
  const { ad, campaign } = await topBanner(page);
  const before = await counts(campaign, 'list_top');
  let opened = false;
  context.on('page', () => {
    opened = true;
  });
  await ad.getByRole('button', { name: 'Скрыть рекламу' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Реклама скрыта на сутки' })).toBeVisible();
  expect(opened).toBe(false);
  expect((await context.cookies()).find((c) => c.name === 'ads_hidden')?.value).toBe('1');
  expect((await counts(campaign, 'list_top')).clicks).toBe(before.clicks);

  // The next page is rendered without ad slots at all.
  await page.goto(LIST);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[data-ad-slot]')).toHaveCount(0);
  await context.close();
});

test('a click opens the campaign’s page in a new tab and counts once', async ({ browser }) => {
  const context = await visitor(browser);
  const page = await context.newPage();
  await page.goto(LIST);
  const { ad, campaign } = await topBanner(page);
  const before = await counts(campaign, 'list_top');
  const href = (await ad.getByRole('link').getAttribute('href')) as string;
  const [tab] = await Promise.all([context.waitForEvent('page'), ad.getByRole('link').click()]);
  await tab.waitForLoadState();
  expect(new URL(tab.url()).pathname).toMatch(/^\/(rating\/)?$/);
  await expect.poll(async () => (await counts(campaign, 'list_top')).clicks).toBe(before.clicks + 1);
  // The link followed again (the same key) leads on but counts nothing more.
  const second = await page.request.get(href, { maxRedirects: 0 });
  expect(second.status()).toBe(302);
  expect((await counts(campaign, 'list_top')).clicks).toBe(before.clicks + 1);
  await context.close();
});

test('a PRO clinic’s page has no ad; a LIGHT clinic’s page has one beside it', async ({ browser }) => {
  const pageOf = async (digits: string) => {
    const clinic = await workAccountContext(browser, digits);
    const res = await clinic.request.get('/cabinet/ajax/effectiveness/?days=7');
    const { page: p, version } = (await res.json()) as { page: { url: string }; version: string };
    await clinic.close();
    return { url: p.url, version };
  };
  const pro = await pageOf(WORK_PHONES.firstClinic);
  const light = await pageOf(SECOND_CLINIC);
  expect(pro.version).toBe('PRO');
  expect(light.version).toBe('LIGHT');

  const context = await visitor(browser);
  const page = await context.newPage();
  let asked = 0;
  page.on('request', (r) => {
    if (r.url().includes('/ajax/ad/banner/')) asked++;
  });
  await page.goto(pro.url);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[data-ad-slot]')).toHaveCount(0);
  expect(asked).toBe(0);

  await page.goto(light.url);
  const side = page.locator('[data-ad-slot="page_side"][data-ad-campaign]');
  await expect(side).toBeAttached({ timeout: 15_000 });
  await side.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await expect(side).toBeVisible();
  await expect(side.locator('[data-ad-label]')).toContainText('Реклама · Демо-рекламодатель');
  await context.close();
});

/**
 * Where the list's top banner stands: above the cards on a wide screen, after the first card on
 * a phone (its first screen is the list's own); the slot hidden at the width asks for nothing.
 */
async function topBannerPlace(browser: Browser, phone: boolean) {
  const context = await visitor(browser);
  const page = await context.newPage();
  const asked: (string | null)[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/ajax/ad/banner/')) asked.push(new URL(r.url()).searchParams.get('place'));
  });
  await page.goto(LIST);
  const { ad } = await topBanner(page);
  const firstCard = page.getByRole('article').first();
  // Both boxes from one layout: the card grows while its schedule fills in, so two separate
  // reads could see the banner before the card's growth pushed it down (CI read 944.5 < 958.5).
  const cardElement = await firstCard.elementHandle();
  const { banner, card } = await ad.evaluate((el, cardEl) => {
    const box = (e: Element) => {
      const r = e.getBoundingClientRect();
      return { y: r.top, height: r.height };
    };
    if (!cardEl) throw new Error('the first card has no element');
    return { banner: box(el), card: box(cardEl) };
  }, cardElement);
  if (phone) expect(banner.y).toBeGreaterThanOrEqual(card.y + card.height);
  else expect(banner.y + banner.height).toBeLessThanOrEqual(card.y);
  await expect(page.locator('[data-ad-slot="list_top"]')).toHaveCount(1);
  expect(asked.filter((place) => place === 'list_top')).toHaveLength(1);
  await context.close();
}

test('on a phone the list’s top banner follows the first card, and only that slot asks for one', async ({
  browser,
}) => {
  await topBannerPlace(browser, true);
});

test('on a wide screen the list’s top banner stands above the cards @desktop', async ({ browser }) => {
  await topBannerPlace(browser, false);
});

test('a list with a banner at its top asks for the banner’s code in its head; a doctor’s page and a crawler’s list do not', async ({
  browser,
  page,
}) => {
  const BANNER_CODE = /<link rel="modulepreload" href="\/assets\/ad-banner-[^"]+\.js"/;
  const context = await visitor(browser);
  try {
    for (const list of [LIST, '/moskva/vrach/']) {
      const html = await (await context.request.get(list)).text();
      expect(html, list).toContain('data-ad-slot="list_top"');
      // Beside the page's own scripts, not once hydration reaches the slot: on a wide screen the
      // banner is on the first screen.
      expect(html, list).toMatch(BANNER_CODE);
    }
    const html = await (await context.request.get('/moskva/vrach/')).text();
    const doctor = html.match(/href="(\/moskva\/vrach\/\d+-[^"#]+)"/)?.[1];
    expect(doctor).toBeDefined();
    expect(await (await context.request.get(doctor as string)).text()).not.toMatch(BANNER_CODE);
  } finally {
    await context.close();
  }
  // A headless browser is a crawler to the ads: no slot, and no banner code either.
  const crawled = await (await page.request.get(LIST)).text();
  expect(crawled).not.toContain('data-ad-slot="list_top"');
  expect(crawled).not.toMatch(BANNER_CODE);
});
