import { expect, type Page, test } from '@playwright/test';

/**
 * Before a page hydrates, its server HTML is all there is: a button whose work is a script's
 * (a tab, a popup, 'Показать ещё отзывы') would swallow a click. Such buttons come disabled
 * from the server (`useHydrated`) and turn on as React takes the page over. What works without
 * a script stays enabled: a form's submit with an action (search, the list filters) and the
 * review cards' hint buttons, whose tooltip is CSS on focus (`aria-describedby`, cards-html.ts).
 * Left out: the reviewer's name in a review card, a button in server-built card HTML that the
 * reviews list handles by delegation.
 */
async function liveButtons(page: Page): Promise<string[]> {
  return page.$$eval('button:not([disabled])', (buttons) =>
    (buttons as HTMLButtonElement[])
      .filter((b) => {
        const form = b.closest('form');
        const submits = b.type === 'submit' && form?.getAttribute('action');
        return !submits && !b.hasAttribute('aria-describedby') && !b.hasAttribute('data-patient-profile');
      })
      .map((b) => (b.getAttribute('aria-label') || b.textContent || '').trim().replace(/\s+/g, ' ')),
  );
}

test('controls that need a script stay disabled until the page hydrates', async ({ browser, request }) => {
  const list = await (await request.get('/moskva/vrach/')).text();
  const doctor = /href="(\/moskva\/vrach\/\d+-[a-z0-9-]+\/)"/.exec(list)?.[1];
  const clinics = await (await request.get('/moskva/lpu/')).text();
  const clinic = /href="(\/moskva\/lpu\/\d+-[a-z0-9-]+\/)"/.exec(clinics)?.[1];
  expect(doctor && clinic).toBeTruthy();

  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const paths = [
    '/',
    '/moskva/vrach/',
    `${doctor}`,
    '/moskva/lpu/',
    `${clinic}`,
    `${doctor}otzivi/`,
    '/moskva/ryadom/vrach/',
    '/moskva/search/?q=терапевт',
  ];
  const found: Record<string, string[]> = {};
  for (const path of paths) {
    await page.goto(path);
    const live = await liveButtons(page);
    if (live.length) found[path] = live;
  }
  expect(found).toEqual({});
  // The server did render the gated controls: the list's visit-type tabs, disabled.
  await page.goto('/moskva/vrach/');
  await expect(page.getByRole('tab').first()).toBeDisabled();
  await context.close();
});

test('the gated controls turn on once the page hydrates', async ({ page }) => {
  await page.goto('/moskva/vrach/');
  const tabs = page.getByRole('tab');
  await expect(tabs.first()).toBeEnabled();
  // A card with two visit types or more: its second tab is chosen by a click.
  const second = page.locator('[role=tablist]:has([role=tab] + [role=tab])').first().getByRole('tab').nth(1);
  await second.click();
  await expect(second).toHaveAttribute('aria-selected', 'true');
});
