import { expect, test } from '@playwright/test';
import { hydrated } from './support/hydrated';
import { WORK_PHONES, workAccountContext } from './support/patient';

/**
 * 'Цены и услуги' end to end: the demo clinic's administrator changes a price and adds a line in
 * the cabinet; the clinic's public page shows the new price and 'Обновлено клиникой {date}'.
 * The added line is removed at the end, so reruns start from the same list.
 */

/** '12 345 ₽' as the pages write it (no-break spaces). */
const rub = (n: number) => `${new Intl.NumberFormat('ru-RU').format(n)}\u00a0₽`;

test('a clinic changes a price and adds a line; its public page shows them, updated by the clinic', async ({
  browser,
}) => {
  // Dev mode compiles the cabinet and the clinic page on first use.
  test.setTimeout(90_000);
  const project = test.info().project.name;
  const context = await workAccountContext(browser, WORK_PHONES.firstClinic);
  const page = await context.newPage();
  await page.goto('/cabinet/prices/');
  await expect(page.getByRole('heading', { level: 1, name: 'Цены и услуги' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Прайс-лист' })).toBeVisible();
  await hydrated(page);

  // Change the first line's price (a new one each run).
  const first = page.locator('[data-price-line]').first();
  await expect(first).toBeVisible();
  const lineId = await first.getAttribute('data-price-line');
  const lineName = (await first.locator('[data-line-name]').textContent())?.trim() ?? '';
  const price = 1000 + Math.floor(Math.random() * 8000);
  await first.getByRole('button', { name: `Изменить: ${lineName}` }).click();
  const form = page.locator(`[data-price-form="${lineId}"]`);
  // The name field has the focus; Tab walks to the duration and then the full price.
  await expect(form.getByLabel('Название в прайс-листе')).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Полная цена, ₽')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(String(price));
  // A club price above the full one is refused by the server, with its text by the field.
  await form.getByLabel('Клубная цена, ₽').fill(String(price + 1));
  await form.getByRole('button', { name: 'Сохранить' }).click();
  await expect(form.getByText('Клубная цена не может быть больше полной')).toBeVisible();
  await expect(form.getByLabel('Клубная цена, ₽')).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('Клубная цена, ₽').fill('');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Сохранено' })).toBeVisible();
  const saved = page.locator(`[data-price-line="${lineId}"]`);
  await expect(saved.locator('[data-line-price]')).toContainText(rub(price));
  await expect(page.locator('[data-price-status="1"]')).toContainText(/Обновлено клиникой \d\d\.\d\d\.\d{4}/);
  const statusText = (await page.locator('[data-price-status="1"]').textContent()) ?? '';

  // Add a line of a catalogue service.
  const added = `Ферритин, e2e ${project} ${Date.now() % 100_000}`;
  await page.getByRole('button', { name: '+ Добавить услугу' }).click();
  const addForm = page.locator('[data-price-form="new"]');
  await expect(addForm.getByLabel('Услуга из справочника')).toBeFocused();
  await page.keyboard.type('Ферри');
  await addForm
    .getByRole('button', { name: /^Ферритин/ })
    .first()
    .click();
  await expect(addForm.getByLabel('Название в прайс-листе')).toHaveValue('Ферритин');
  await addForm.getByLabel('Название в прайс-листе').fill(added);
  await addForm.getByLabel('Длительность, мин').fill('10');
  await addForm.getByLabel('Полная цена, ₽').fill('990');
  await addForm.getByLabel('Запись онлайн').check();
  await addForm.getByRole('button', { name: 'Добавить услугу' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Услуга добавлена' })).toBeVisible();
  const addedRow = page.locator('[data-price-line]').filter({ hasText: added });
  await expect(addedRow).toBeVisible();
  await expect(addedRow.locator('[data-line-price]')).toContainText(rub(990));
  await addedRow.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath(`cabinet-prices-${project}.png`), fullPage: false });
  await page.locator('#prices-h').scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath(`cabinet-prices-top-${project}.png`) });

  // The public page, as a patient sees it.
  const { clinicId } = await (await page.request.get('/cabinet/ajax/prices/')).json();
  const visitor = await browser.newContext();
  const patient = await visitor.newPage();
  await patient.goto(`/moskva/lpu/${clinicId}-x/`);
  const prices = patient.locator('#prices');
  await expect(prices.locator('[data-price-status="1"]')).toHaveText(statusText);
  await hydrated(patient);
  const search = prices.getByPlaceholder('Найти услугу');
  await search.fill(lineName);
  await expect(prices.getByText(lineName, { exact: true }).first()).toBeVisible();
  await expect(prices).toContainText(rub(price));
  await search.fill(added);
  await expect(prices.getByText(added)).toBeVisible();
  await expect(prices).toContainText(rub(990));
  await prices.scrollIntoViewIfNeeded();
  await patient.screenshot({ path: test.info().outputPath(`clinic-prices-${project}.png`) });
  await visitor.close();

  // Remove the added line again (asked first).
  await addedRow.getByRole('button', { name: `Удалить: ${added}` }).click();
  await addedRow.getByRole('button', { name: 'Удалить', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Услуга удалена' })).toBeVisible();
  await expect(page.locator('[data-price-line]').filter({ hasText: added })).toHaveCount(0);
  await context.close();
});

test('a doctor account reads its visit prices, set by the clinic, and edits none', async ({ browser }) => {
  const context = await workAccountContext(browser, WORK_PHONES.firstDoctor);
  const page = await context.newPage();
  await page.goto('/cabinet/prices/');
  await expect(
    page.getByText(
      'Стоимость ваших приёмов задаёт клиника. Чтобы изменить цену, обратитесь к администратору клиники.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Стоимость приёма врачей' })).toBeVisible();
  // Neither the visit prices nor the clinic's price list offer a field to change.
  await expect(page.getByRole('spinbutton')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Сохранить' })).toHaveCount(0);
  await context.close();
});
