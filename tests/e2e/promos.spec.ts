import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import { hydrated } from './support/hydrated';
import { pressUntil } from './support/press';

/**
 * The promo banners (docs/product/promotions.md). The server runs with CLOCK_OVERRIDE, so a
 * `test_now` cookie opens the site on a chosen instant; the award's rows are the defaults the
 * server added at start for this year and the next.
 */
const YEAR = new Date(Date.now() + 3 * 3600_000).getUTCFullYear();
const LIST = '/moskva/vrach/';
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

async function openAt(context: BrowserContext, baseURL: string, moscow: string) {
  await context.addCookies([{ name: 'test_now', value: `${YEAR}-${moscow}+03:00`, url: baseURL }]);
}
/**
 * Opens a lazily loaded modal. The dev server compiles its chunk on the first press and may
 * reload the page for a newly optimized dependency, losing that press: press again until open.
 */
const openModal = (trigger: Locator, dialog: Locator) =>
  pressUntil(trigger, () => dialog.isVisible(), { timeout: 25_000 });

/** A finger's swipe across an element, `dx` px to the right (negative: to the left). */
async function swipe(target: Locator, dx: number) {
  await target.evaluate((el, dx) => {
    const box = el.getBoundingClientRect();
    const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
    const touch = (clientX: number) => new Touch({ identifier: 1, target: el, clientX, clientY: y });
    el.dispatchEvent(
      new TouchEvent('touchstart', { bubbles: true, touches: [touch(x)], changedTouches: [touch(x)] }),
    );
    el.dispatchEvent(
      new TouchEvent('touchend', { bubbles: true, touches: [], changedTouches: [touch(x + dx)] }),
    );
  }, dx);
}

/**
 * Presses a banner's button and waits for the banner to go. Its buttons are disabled until the
 * banner's chunk has hydrated (Button), so the click waits for one that works.
 */
async function closeBanner(banner: Locator, button: string) {
  await banner.getByRole('button', { name: button }).first().click({ timeout: 25_000 });
  await expect(banner).toHaveCount(0);
}

/** A doctor's page (the app promo's card shows there; lists give phones the award's banner). */
async function openDoctorPage(page: Page) {
  await page.goto(LIST);
  const href = await page.locator('article[data-doctor-id] a[href*="/vrach/"]').first().getAttribute('href');
  await page.goto(href ?? '');
  await hydrated(page);
}

/** axe-core's serious and critical findings inside `selector` (WCAG 2.1 A and AA). */
async function seriousViolations(page: Page, selector: string): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .include(selector)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

const awardBanner = (page: Page) => page.getByRole('region', { name: 'Премия ПроДокторов' });
const NIGHT_BLUE = 'rgb(16, 28, 58)';

const PHASES = [
  {
    at: '10-05T12:00:00',
    phase: 'announce',
    title: `Премия ПроДокторов ${YEAR}`,
    button: 'Подробнее о премии',
  },
  {
    at: '11-05T12:00:00',
    phase: 'results',
    title: `Итоги премии ПроДокторов ${YEAR}`,
    button: 'Смотреть лауреатов',
  },
  {
    at: '11-16T18:59:00',
    phase: 'grand_prix_registration',
    title: `Гран-при премии ПроДокторов ${YEAR}`,
    button: 'Напомнить о трансляции',
  },
  {
    at: '11-16T19:00:00',
    phase: 'grand_prix_broadcast',
    title: `Гран-при премии ПроДокторов ${YEAR}: прямой эфир`,
    button: 'Смотреть трансляцию',
  },
  {
    at: '11-30T23:59:00',
    phase: 'grand_prix_results',
    title: `Итоги Гран-при премии ПроДокторов ${YEAR}`,
    button: 'Узнать итоги',
  },
] as const;

test.describe('the award banner', () => {
  for (const { at, phase, title, button } of PHASES) {
    test(`on ${at} Moscow shows the ${phase} phase and its modal`, async ({
      page,
      context,
      baseURL,
    }, info) => {
      await openAt(context, baseURL ?? '', at);
      await page.goto(LIST);
      await hydrated(page);
      const banner = awardBanner(page);
      await expect(banner).toHaveAttribute('data-award-phase', phase);
      await expect(banner).toContainText(title);
      const dark = phase.startsWith('grand_prix');
      await page.screenshot({ path: info.outputPath(`banner-${phase}.png`) });

      const dialog = page.getByRole('dialog', { name: title });
      await openModal(banner.getByRole('button', { name: 'Подробнее' }), dialog);
      const link = dialog.getByRole('link', { name: button });
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('href', /^https:\/\//);
      const background = await dialog.evaluate((el) => getComputedStyle(el).backgroundColor);
      if (dark) expect(background).toBe(NIGHT_BLUE);
      else expect(background).not.toBe(NIGHT_BLUE);
      const box = await dialog.boundingBox();
      const viewport = page.viewportSize();
      if (viewport && viewport.width < 640) expect(box?.width).toBe(viewport.width);
      else expect(Math.round(box?.width ?? 0)).toBe(456);
      await page.screenshot({ path: info.outputPath(`modal-${phase}.png`) });

      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    });
  }

  test('passes axe in its dark theme, banner and modal', async ({ page, context, baseURL }) => {
    await openAt(context, baseURL ?? '', '11-12T12:00:00');
    await page.goto(LIST);
    await hydrated(page);
    expect(await seriousViolations(page, '[aria-label="Премия ПроДокторов"]')).toEqual([]);
    const dialog = page.getByRole('dialog');
    await openModal(awardBanner(page).getByRole('button', { name: 'Подробнее' }), dialog);
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  });

  test('is gone from 1 December 00:00 Moscow', async ({ page, context, baseURL }) => {
    await openAt(context, baseURL ?? '', '12-01T00:00:00');
    await page.goto(LIST);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(awardBanner(page)).toHaveCount(0);
  });

  // Full screen on phones: there is no outside.
  test('closes its modal on a click outside (desktop)', { tag: '@desktop' }, async ({
    page,
    context,
    baseURL,
  }) => {
    await openAt(context, baseURL ?? '', '11-05T12:00:00');
    await page.goto(LIST);
    await hydrated(page);
    const dialog = page.getByRole('dialog');
    await openModal(awardBanner(page).getByRole('button', { name: 'Подробнее' }), dialog);
    // The dialog listens for presses outside from the task after it opens (Radix's dismissable
    // layer): on a busy machine a press at once can come before that, as no person's would.
    await expect(async () => {
      await page.mouse.click(20, 400);
      await expect(dialog).toBeHidden({ timeout: 1000 });
    }).toPass({ timeout: 10_000 });
  });

  test('stays hidden across reloads for half a day once hidden', async ({ page, context, baseURL }) => {
    await openAt(context, baseURL ?? '', '11-05T12:00:00');
    await page.goto(LIST);
    await hydrated(page);
    await closeBanner(awardBanner(page), 'Скрыть');
    const cookie = (await context.cookies()).find((c) => c.name === 'award_banner');
    expect(cookie?.value).toBe('hidden');
    expect(cookie?.path).toBe('/');
    const hours = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(11.9);
    expect(hours).toBeLessThanOrEqual(12);
    // The server's own HTML leaves it out, so a reload never flashes it.
    const html = await (await page.request.get(LIST)).text();
    expect(html).toContain('<h1');
    expect(html).not.toContain('data-award-phase');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(awardBanner(page)).toHaveCount(0);
  });
});

test.describe('the mobile-app promo', () => {
  test(
    'on a phone opens two slides; arrow keys and dots turn them; closing keeps it closed',
    { tag: '@phone' },
    async ({ page, context, baseURL }, info) => {
      await openAt(context, baseURL ?? '', '11-05T12:00:00');
      await page.goto(LIST);
      // Under the award's banner a phone gets no second card.
      await expect(awardBanner(page)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Закрыть рекламу приложения' })).toBeHidden();
      await openDoctorPage(page);
      const promo = page.getByRole('region', { name: 'Приложение ПроДокторов' });
      const dialog = page.getByRole('dialog', { name: 'Приложение ПроДокторов' });
      await openModal(promo.getByRole('button', { name: 'Подробнее' }), dialog);
      const slide = (n: number) => dialog.getByRole('region', { name: `${n} из 2` });
      await expect(slide(1)).toContainText('Добавляйте в медкарту заключения и анализы');
      await expect(slide(1)).toBeInViewport();
      await page.screenshot({ path: info.outputPath('app-promo-slide-1.png') });
      await page.keyboard.press('ArrowRight');
      await expect(slide(2)).toContainText('На приёме врач посмотрит всё на компьютере');
      await expect(slide(2)).toBeInViewport();
      await expect(dialog.getByRole('button', { name: 'Слайд 2 из 2' })).toHaveAttribute(
        'aria-current',
        'true',
      );
      await page.screenshot({ path: info.outputPath('app-promo-slide-2.png') });
      await dialog.getByRole('button', { name: 'Слайд 1 из 2' }).click();
      await expect(slide(1)).toBeInViewport();
      const carousel = dialog.getByRole('region', { name: 'Что умеет приложение' });
      await swipe(carousel, -120);
      await expect(slide(2)).toBeInViewport();
      await swipe(carousel, 20);
      await expect(slide(2)).toBeInViewport();
      await swipe(carousel, 120);
      await expect(slide(1)).toBeInViewport();
      expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
      await dialog.getByRole('button', { name: 'Закрыть', exact: true }).last().click();
      await expect(dialog).toBeHidden();

      await closeBanner(promo, 'Закрыть рекламу приложения');
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Приложение ПроДокторов' })).toHaveCount(0);
    },
  );

  test('on desktop is one modest line with both stores', { tag: '@desktop' }, async ({ page }, info) => {
    await page.goto(LIST);
    const promo = page.getByRole('region', { name: 'Приложение ПроДокторов' });
    await expect(promo.getByRole('link', { name: 'App Store' })).toHaveAttribute('href', /apps\.apple\.com/);
    await expect(promo.getByRole('link', { name: 'Google Play' })).toHaveAttribute(
      'href',
      /play\.google\.com/,
    );
    await expect(promo.getByRole('button', { name: 'Подробнее' })).toBeHidden();
    await page.screenshot({ path: info.outputPath('app-promo-desktop.png') });
  });

  for (const [device, userAgent, store] of [
    ['iPhone', IPHONE_UA, /^https:\/\/apps\.apple\.com\//],
    ['Android', ANDROID_UA, /^https:\/\/play\.google\.com\//],
  ] as const) {
    // The install button is in the phone's modal.
    test(`installs from the ${device} store in a new tab`, { tag: '@phone' }, async ({
      browser,
      viewport,
      baseURL,
    }) => {
      const context = await browser.newContext({
        userAgent,
        viewport,
        isMobile: true,
        hasTouch: true,
        baseURL,
      });
      const page = await context.newPage();
      await openDoctorPage(page);
      const dialog = page.getByRole('dialog');
      await openModal(
        page
          .getByRole('region', { name: 'Приложение ПроДокторов' })
          .getByRole('button', { name: 'Подробнее' }),
        dialog,
      );
      const install = dialog.getByRole('link', { name: 'Установить приложение' });
      await expect(install).toHaveAttribute('href', store);
      await expect(install).toHaveAttribute('target', '_blank');
      await context.close();
    });
  }
});
