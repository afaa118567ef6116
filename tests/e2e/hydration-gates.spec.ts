import { expect, type Page, test } from '@playwright/test';

/**
 * Before a page hydrates, its server HTML is all there is: a control whose work is a script's
 * (a tab, a popup, 'Показать ещё отзывы', the price list's search box) would swallow a click or
 * typing. Such controls come disabled from the server (the shared Button, ADR 035; the review cards'
 * author buttons in the server-built card HTML too) and turn on as React takes
 * the page over. What works without a script stays enabled: a form with an action (search, the
 * list filters), the review cards' hint buttons, whose tooltip is CSS on focus
 * (`aria-describedby`, cards-html.ts), and buttons that open an HTML popover (`popovertarget`).
 */
async function liveControls(page: Page): Promise<string[]> {
  const controls = 'button, input:not([type=hidden]), select, textarea';
  return page.$$eval(controls, (found) =>
    (found as HTMLButtonElement[])
      .filter((c) => {
        const inForm = Boolean(c.closest('form')?.getAttribute('action'));
        if (c.disabled || (inForm && (c.tagName !== 'BUTTON' || c.type === 'submit'))) return false;
        return !['aria-describedby', 'popovertarget'].some((a) => c.hasAttribute(a));
      })
      .map((c) =>
        (c.getAttribute('aria-label') || c.textContent || c.name || '').trim().replace(/\s+/g, ' '),
      ),
  );
}

test('controls that need a script stay disabled until the page hydrates', async ({ browser, request }) => {
  const list = await (await request.get('/moskva/vrach/')).text();
  const doctor = /href="(\/moskva\/vrach\/\d+-[a-z0-9-]+\/)"/.exec(list)?.[1];
  const clinics = await (await request.get('/moskva/lpu/')).text();
  // A clinic with a price list: its search box and switch are gated too.
  let clinic: string | undefined;
  for (const [, url] of clinics.matchAll(/href="(\/moskva\/lpu\/\d+-[a-z0-9-]+\/)"/g)) {
    if ((await (await request.get(url)).text()).includes('placeholder="Найти услугу"')) {
      clinic = url;
      break;
    }
  }
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
    const live = await liveControls(page);
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
