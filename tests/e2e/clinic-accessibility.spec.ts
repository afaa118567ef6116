import { expect, test } from '@playwright/test';
import { hydrated } from './support/hydrated';
import { WORK_PHONES, workAccountContext } from './support/patient';

/**
 * 'Доступная среда' end to end: the demo clinic's administrator ticks what the clinic has, its
 * page shows it, and a patient filters the town's clinics to those with a step-free entrance.
 */

test('a clinic tells of its step-free entrance and lift; its page shows them; the list filters on it', async ({
  browser,
}) => {
  const context = await workAccountContext(browser, WORK_PHONES.firstClinic);
  const page = await context.newPage();
  await page.goto('/cabinet/clinic/');
  await expect(page.getByRole('heading', { level: 1, name: 'Страница клиники' })).toBeVisible();
  await hydrated(page);
  const box = (name: string) => page.getByRole('checkbox', { name });
  for (const name of [
    'Вход без ступенек или с пандусом',
    'Лифт или подъёмник на этажи приёма',
    'Туалет для посетителей на кресле-коляске',
    'Парковка для людей с инвалидностью',
    'Помощь слабослышащим: переводчик жестового языка или индукционная петля',
  ]) {
    await box(name).setChecked(false);
  }
  await box('Вход без ступенек или с пандусом').check();
  // Keyboard: Tab to the lift's box and tick it with Space.
  await box('Вход без ступенек или с пандусом').focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(box('Лифт или подъёмник на этажи приёма')).toBeChecked();
  // The page has a 'Сохранить' per section: this one is the accessibility form's.
  await page
    .getByRole('form', { name: 'Доступная среда' })
    .getByRole('button', { name: 'Сохранить' })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'Сохранено' })).toBeVisible();
  await page.screenshot({
    path: test.info().outputPath(`accessibility-cabinet-${test.info().project.name}.png`),
  });
  await page.reload();
  await expect(box('Вход без ступенек или с пандусом')).toBeChecked();
  await expect(box('Туалет для посетителей на кресле-коляске')).not.toBeChecked();

  // The clinic's page, as a patient sees it.
  const { clinicId } = await (await page.request.get('/cabinet/ajax/appointments/')).json();
  const visitor = await browser.newContext();
  const patient = await visitor.newPage();
  await patient.goto(`/moskva/lpu/${clinicId}-x/`);
  const section = patient.locator('[data-accessibility]');
  await expect(section.getByRole('heading', { name: 'Доступная среда' })).toBeVisible();
  await expect(section.getByRole('listitem')).toHaveText([
    /Вход без ступенек или с пандусом/,
    /Лифт или подъёмник на этажи приёма/,
  ]);
  await section.scrollIntoViewIfNeeded();
  await patient.screenshot({
    path: test.info().outputPath(`accessibility-page-${test.info().project.name}.png`),
  });

  // The town's list, filtered and back: fewer clinics once the filtered list has come.
  await patient.goto('/moskva/lpu/');
  await hydrated(patient);
  const count = patient
    .locator('header, main')
    .getByText(/^\d[\d\s\u00a0]* клиник/)
    .first();
  const all = (await count.textContent()) ?? '';
  // The leading number ('1 234 клиники, страница 2 из 3' → 1234).
  const number = (text: string) =>
    Number.parseInt((/^[\d\s\u00a0]+/.exec(text)?.[0] ?? '').replace(/\D/g, ''), 10);
  await patient.getByRole('checkbox', { name: 'Вход без ступенек' }).check();
  await expect(patient).toHaveURL(/\/moskva\/lpu\/\?bez_stupenek=1$/);
  await expect(count).not.toHaveText(all);
  expect(number((await count.textContent()) ?? '')).toBeLessThan(number(all));
  await expect(patient.locator('article[data-lpu-id]').first()).toBeVisible();
  await patient.goBack();
  await expect(patient).toHaveURL(/\/moskva\/lpu\/$/);
  await expect(patient.getByRole('checkbox', { name: 'Вход без ступенек' })).not.toBeChecked();
  await visitor.close();
  await context.close();
});
