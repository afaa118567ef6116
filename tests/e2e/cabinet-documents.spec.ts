import { writeFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { hydrated } from './support/hydrated';
import { WORK_PHONES, workAccountContext } from './support/patient';

/**
 * The diploma for the 'Документы проверены' badge end to end: the demo doctor changes his
 * education (which clears the diploma's mark: it vouched for the old one), sends a scan of his
 * diploma under 'Документы' in 'Мой профиль', staff accept it in /staff/profiles/ ('Документы'),
 * and the documents modal of his page lists the diploma again. The second demo doctor
 * (79990001002), whom no other scenario uses.
 */
const DOCTOR_PHONE = '79990001002';
const DIPLOMA = 'Диплом о базовом образовании';

/** The doctor page's documents modal, opened from its badge: whether it lists the diploma. */
async function modalListsDiploma(page: Page, url: string): Promise<boolean> {
  await page.goto(url);
  await hydrated(page);
  const dialog = page.getByRole('dialog');
  // The modal's code loads on first use; under E2E_DEV its first compile may reload the page and
  // swallow the click, so the click is retried until the dialog is there.
  await expect(async () => {
    await page.getByRole('button', { name: 'Документы проверены' }).click();
    await expect(dialog).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 25_000 });
  const listed = (await dialog.getByText(DIPLOMA).count()) > 0;
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  return listed;
}

test('a doctor sends his diploma; staff accept it; his page lists it as checked', async ({
  browser,
}, info) => {
  // Three accounts and a dozen page loads: more than one page's usual 30 s.
  test.setTimeout(60_000);
  const width = info.project.use.viewport?.width ?? 0;
  const scan = info.outputPath('diploma.pdf');
  writeFileSync(scan, `%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% run ${Date.now()}\n%%EOF\n`);

  const doctorContext = await workAccountContext(browser, DOCTOR_PHONE);
  const page = await doctorContext.newPage();
  await page.goto('/cabinet/profile/');
  await expect(page.getByRole('heading', { level: 1, name: 'Мой профиль' })).toBeVisible();
  await hydrated(page);
  const doctorUrl = (await page.getByRole('link', { name: 'Страница врача' }).getAttribute('href')) as string;

  // A changed education: approved, it clears the diploma's mark.
  const speciality = page.getByLabel('Специальность').first();
  const was = await speciality.inputValue();
  await speciality.fill(was === 'Лечебное дело' ? 'Лечебное дело, с отличием' : 'Лечебное дело');
  await page.getByRole('button', { name: 'Отправить на модерацию' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Изменения отправлены на модерацию' }),
  ).toBeVisible();

  const staffContext = await workAccountContext(browser, WORK_PHONES.staff);
  const staff = await staffContext.newPage();
  await staff.goto('/staff/profiles/');
  await hydrated(staff);
  const change = staff.locator('li', { has: staff.locator(`a[href="${doctorUrl}"]`) });
  await change.getByRole('button', { name: 'Одобрить' }).click();
  await expect(staff.getByRole('status').filter({ hasText: 'одобрены' })).toBeVisible();

  const visitor = await browser.newContext({ baseURL: info.project.use.baseURL });
  const anonymous = await visitor.newPage();
  expect(await modalListsDiploma(anonymous, doctorUrl)).toBe(false);

  // The scan: sent as soon as it is chosen, waiting for staff.
  await page.reload();
  await hydrated(page);
  const slot = page.locator('[data-document-kind="education"]');
  await page.getByLabel(new RegExp(`^Загрузить (новый )?скан: ${DIPLOMA}$`)).setInputFiles(scan);
  await expect(slot.getByRole('status').filter({ hasText: 'Документ отправлен на проверку' })).toBeVisible();
  await expect(slot.getByText('На проверке')).toBeVisible();
  await expect(slot.getByRole('button', { name: `Отозвать: ${DIPLOMA}` })).toBeVisible();
  await slot.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath(`cabinet-documents-${width}.png`), fullPage: true });

  await staff.goto('/staff/profiles/?section=documents');
  await hydrated(staff);
  const card = staff
    .locator('li', { has: staff.locator(`a[href="${doctorUrl}"]`) })
    .filter({ hasText: DIPLOMA });
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('link', { name: 'Открыть файл' })).toHaveAttribute(
    'href',
    /^\/cabinet\/ajax\/profile\/documents\/\d+\/file\/$/,
  );
  await staff.screenshot({ path: test.info().outputPath(`staff-documents-${width}.png`), fullPage: true });
  await card.getByRole('button', { name: 'Принять' }).click();
  await expect(staff.getByRole('status').filter({ hasText: 'принят' })).toBeVisible();
  await expect(card).toHaveCount(0);

  // On the page at once (its cached copy was dropped), and 'Принят' in the cabinet.
  expect(await modalListsDiploma(anonymous, doctorUrl)).toBe(true);
  await anonymous.getByRole('button', { name: 'Документы проверены' }).click();
  await expect(anonymous.getByRole('dialog').getByText(DIPLOMA)).toBeVisible();
  await anonymous.screenshot({ path: test.info().outputPath(`doctor-documents-modal-${width}.png`) });
  await page.reload();
  await expect(slot.getByText('Принят', { exact: true })).toBeVisible();
  await visitor.close();
});
