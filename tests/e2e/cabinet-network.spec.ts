import { expect, type Page, test } from '@playwright/test';
import { hydrated } from './support/hydrated';
import { workAccountContext } from './support/patient';

/**
 * A clinic network's account runs each of its branches: the demo network account
 * ('79990003001', server/db/seed/steps/users.ts) switches branch with 'Филиал' in the cabinet's
 * frame, sees the new branch's name on the clinic page editor and its visits on the reception
 * list, and a reload keeps the branch (the session holds it, not the address). Each run switches
 * from whichever branch the session runs to another, so reruns and both projects, which share
 * the account's session, start from any branch.
 */
const NETWORK_PHONE = '79990003001';

interface Branch {
  id: number;
  name: string;
  address: string;
  town: string;
}

async function branchesOf(page: Page): Promise<{ current: number; branches: Branch[] }> {
  const res = await page.request.get('/cabinet/ajax/branches/');
  expect(res.status()).toBe(200);
  return res.json();
}

async function weekVisits(page: Page): Promise<number[]> {
  const res = await page.request.get('/cabinet/ajax/appointments/?days=7');
  expect(res.status()).toBe(200);
  return (await res.json()).visits.map((v: { id: number }) => v.id);
}

test('a network account switches branch in the cabinet; the pages show that branch, and a reload keeps it', async ({
  browser,
}) => {
  // Dev mode compiles the cabinet's pages on first use.
  test.setTimeout(120_000);
  const context = await workAccountContext(browser, NETWORK_PHONE);
  const page = await context.newPage();
  const before = await branchesOf(page);
  expect(before.branches.length).toBeGreaterThanOrEqual(2);
  const from = before.branches.find((b) => b.id === before.current) as Branch;
  const to = before.branches.find((b) => b.id !== before.current) as Branch;
  const fromVisits = await weekVisits(page);

  await page.goto('/cabinet/clinic/');
  await expect(page.getByRole('heading', { level: 1, name: 'Страница клиники' })).toBeVisible();
  const picker = page.getByRole('region', { name: 'Филиал' });
  await expect(picker.getByTestId('current-branch-name')).toHaveText(from.name);
  await expect(picker.getByTestId('current-branch-address')).toContainText(from.address);
  await hydrated(page);

  // The keyboard's way: the list, then Tab to 'Перейти' and Enter.
  const select = picker.getByLabel('Филиал');
  await select.focus();
  await select.selectOption(String(to.id));
  await page.keyboard.press('Tab');
  await expect(picker.getByRole('button', { name: 'Перейти' })).toBeFocused();
  await page.keyboard.press('Enter');

  // The editor loads again for the new branch: its name and address, its own description.
  await expect(picker.getByTestId('current-branch-address')).toContainText(to.address);
  await expect(picker.getByTestId('current-branch-name')).toHaveText(to.name);
  await expect(page).toHaveURL(/\/cabinet\/clinic\/$/);
  expect((await branchesOf(page)).current).toBe(to.id);
  const about = await (await page.request.get('/cabinet/ajax/clinic/about/')).json();
  await expect(
    page.getByRole('form', { name: 'О клинике' }).locator('textarea[name="description"]'),
  ).toHaveValue(about.description);
  // At 390 px the frame fits: nothing runs off the side.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.screenshot({ path: test.info().outputPath('cabinet-network-clinic.png'), fullPage: false });

  // A reload shows the same branch.
  await page.reload();
  await expect(picker.getByTestId('current-branch-address')).toContainText(to.address);

  // The reception list is the new branch's: the visits its call answers, none of the old one's.
  const toVisits = await weekVisits(page);
  await page.goto('/cabinet/appointments/?days=7');
  await expect(page.getByRole('heading', { level: 1, name: 'Записи на приём' })).toBeVisible();
  await expect(picker.getByTestId('current-branch-address')).toContainText(to.address);
  const shown = page.locator('[data-visit-id]');
  if (toVisits.length > 0) await expect(shown.first()).toBeVisible();
  else await expect(page.getByText('Записей нет').first()).toBeVisible();
  const ids = (
    await shown.evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-visit-id'))))
  ).sort();
  expect(ids).toEqual([...toVisits].sort());
  expect(ids.filter((id) => fromVisits.includes(id))).toEqual([]);
  await page.screenshot({
    path: test.info().outputPath('cabinet-network-appointments.png'),
    fullPage: false,
  });
  await context.close();
});
