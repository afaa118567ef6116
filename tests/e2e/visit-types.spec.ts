import { expect, type Locator, type Page, test } from '@playwright/test';

/**
 * The one visit-type control of a workplace: on a doctor page, a workplace that offers home
 * visits has a single tablist 'Тип приёма' whose tabs carry each type's price ('В клинике · 2 500 ₽',
 * 'На дому · 4 000 ₽'); choosing 'На дому' switches the price and draws the home-visit schedule,
 * and its slot leads to the booking page of a home visit. No separate price-chip row remains.
 * The data set is seeded, so the test looks for a Moscow home-visit doctor with such slots.
 */

const SLOT = /^\d\d:\d\d$/;
const PRICE = /\d[\d\s]*\s₽$/;

/** The first workplace on the page with type tabs, once its calendar has loaded. */
async function typedWorkplace(page: Page): Promise<Locator | null> {
  const places = page.locator('#workplaces li');
  const count = await places.count();
  for (let i = 0; i < count; i++) {
    const place = places.nth(i);
    await place.scrollIntoViewIfNeeded();
    await expect(place.locator('.slots-box[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
    if ((await place.getByRole('tablist', { name: 'Тип приёма' }).count()) > 0) return place;
  }
  return null;
}

/** The page's workplaces each have at most one 'Тип приёма' control, and no chip buttons. */
async function expectOneControlPerWorkplace(page: Page) {
  const places = page.locator('#workplaces > ul > li');
  const count = await places.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    expect(await places.nth(i).getByRole('tablist', { name: 'Тип приёма' }).count()).toBeLessThanOrEqual(1);
  }
  expect(
    await page.locator('#workplaces').getByRole('tablist', { name: 'Тип приёма' }).count(),
  ).toBeLessThanOrEqual(count);
  // The old price chips were toggle buttons ('В клинике' pressed or not) in a second row.
  await expect(page.locator('#workplaces [aria-pressed]')).toHaveCount(0);
  await expect(
    page.locator('#workplaces').getByRole('button', { name: /^(В клинике|На дому|Онлайн)$/ }),
  ).toHaveCount(0);
}

test('one control per workplace: «На дому» switches the price and the slots, and books a home visit', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // The list's HTML names the doctors; the browser then visits their pages one by one.
  const html = await (await page.request.get('/moskva/vrach/?na_dom=1')).text();
  const doctorUrls = [...new Set(html.match(/\/moskva\/vrach\/\d+-[a-z0-9-]+\//g) ?? [])].slice(0, 8);
  expect(doctorUrls.length).toBeGreaterThan(0);

  for (const url of doctorUrls) {
    await page.goto(url);
    const place = await typedWorkplace(page);
    if (!place) continue;
    await expectOneControlPerWorkplace(page);
    const tabs = place.getByRole('tablist', { name: 'Тип приёма' });
    const clinic = tabs.getByRole('tab', { name: /^В клинике · / });
    await expect(clinic).toHaveAttribute('aria-selected', 'true');
    await expect(clinic).toHaveText(PRICE);
    const clinicPrice = (await clinic.textContent())?.split(' · ')[1];
    const home = tabs.getByRole('tab', { name: /^На дому · / });
    const homePrice = (await home.textContent())?.split(' · ')[1];
    expect(homePrice).toMatch(PRICE);

    // The clinic's calendar first: its panel is named by the clinic's tab.
    const clinicPanel = place.getByRole('tabpanel', { name: /^В клинике · / });
    await expect(clinicPanel).toBeVisible();

    // The keyboard moves to the next type and chooses it.
    await clinic.focus();
    await page.keyboard.press('ArrowRight');
    await expect(home).toHaveAttribute('aria-selected', 'true');
    await expect(home).toBeFocused();
    await expect(clinic).toHaveAttribute('tabindex', '-1');
    await expect(home).toHaveAttribute('tabindex', '0');

    // The shown price is now the home visit's, and the panel holds the home-visit calendar.
    await expect(tabs.getByRole('tab', { selected: true })).toHaveText(`На дому · ${homePrice}`);
    if (clinicPrice !== homePrice)
      await expect(tabs.getByRole('tab', { selected: true })).not.toContainText(clinicPrice ?? '');
    const panel = place.getByRole('tabpanel', { name: /^На дому · / });
    await expect(panel).toBeVisible();
    await expect(panel.locator('.slots-box[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
    const slots = panel.getByRole('button', { name: SLOT });
    if ((await slots.count()) === 0) continue;
    const time = (await slots.first().textContent())?.trim() ?? '';
    await slots.first().click();

    await expect(page).toHaveURL(
      new RegExp(
        `/appointment/new/\\?doctor=\\d+&lpu=\\d+&slot=[\\d.]+\\+${time.replace(':', '%3A')}&type=home&source=doctor_page`,
      ),
    );
    await expect(page.getByRole('heading', { name: 'Запись на приём', level: 1 })).toBeVisible();
    await expect(page.getByText('Вызов врача на дом')).toBeVisible();
    return;
  }
  throw new Error('no Moscow home-visit doctor with home slots among the first list cards');
});

test('the control fits the workplace at this width (screenshot)', async ({ page }) => {
  test.setTimeout(120_000);
  const html = await (await page.request.get('/moskva/vrach/?na_dom=1')).text();
  const doctorUrls = [...new Set(html.match(/\/moskva\/vrach\/\d+-[a-z0-9-]+\//g) ?? [])].slice(0, 8);
  for (const url of doctorUrls) {
    await page.goto(url);
    const place = await typedWorkplace(page);
    if (!place) continue;
    const tabs = place.getByRole('tablist', { name: 'Тип приёма' });
    // Nothing of the control sticks out of the page's width.
    const width = page.viewportSize()?.width ?? 0;
    for (const tab of await tabs.getByRole('tab').all()) {
      const box = await tab.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await place.screenshot({
      path: test.info().outputPath(`visit-type-control-${test.info().project.name}.png`),
    });
    return;
  }
  throw new Error('no Moscow home-visit doctor with type tabs among the first list cards');
});
