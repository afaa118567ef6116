import { expect, type Locator, type Page, test } from '@playwright/test';

/**
 * Appointment type tabs: on a doctor page, a workplace that
 * offers home visits has tabs 'В клинике' / 'На дому' over its calendar; choosing 'На дому'
 * draws the home-visit schedule, and its slot leads to the booking page of a home visit.
 * The data set is seeded, so the test looks for a Moscow home-visit doctor with such slots.
 */

const SLOT = /^\d\d:\d\d$/;

/** The first workplace on the page with type tabs, once its widget has loaded. */
async function typedWorkplace(page: Page): Promise<Locator | null> {
  const places = page.locator('#workplaces li');
  const count = await places.count();
  for (let i = 0; i < count; i++) {
    const place = places.nth(i);
    await place.scrollIntoViewIfNeeded();
    await expect(place.getByText('Загружаем расписание…')).toHaveCount(0, { timeout: 10_000 });
    if ((await place.getByRole('tablist', { name: 'Тип приёма' }).count()) > 0) return place;
  }
  return null;
}

test('a home-visit slot chosen under «На дому» opens the booking of a home visit', async ({ page }) => {
  test.setTimeout(90_000);
  // The list's HTML names the doctors; the browser then visits their pages one by one.
  const html = await (await page.request.get('/moskva/vrach/?na_dom=1')).text();
  const doctorUrls = [...new Set(html.match(/\/moskva\/vrach\/\d+-[a-z0-9-]+\//g) ?? [])].slice(0, 8);
  expect(doctorUrls.length).toBeGreaterThan(0);

  for (const url of doctorUrls) {
    await page.goto(url);
    const place = await typedWorkplace(page);
    if (!place) continue;
    const tabs = place.getByRole('tablist', { name: 'Тип приёма' });
    await expect(tabs.getByRole('tab', { name: 'В клинике' })).toHaveAttribute('aria-selected', 'true');

    // The keyboard moves to the next type and chooses it.
    await tabs.getByRole('tab', { name: 'В клинике' }).focus();
    await page.keyboard.press('ArrowRight');
    const home = tabs.getByRole('tab', { name: 'На дому' });
    await expect(home).toHaveAttribute('aria-selected', 'true');
    await expect(home).toBeFocused();

    const panel = place.getByRole('tabpanel', { name: 'На дому' });
    await expect(panel).toHaveAttribute('aria-busy', 'false');
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
