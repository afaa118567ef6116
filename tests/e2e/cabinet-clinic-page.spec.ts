import { expect, type Page, test } from '@playwright/test';
import { hydrated } from './support/hydrated';
import { csrf, WORK_PHONES, workAccountContext } from './support/patient';

/**
 * The clinic page from the cabinet end to end: the Профи demo clinic edits its description, adds
 * a holiday day and a promotion; a patient sees them on the clinic page; 'Завершить' moves the
 * promotion to 'Архивные акции'. The Лайт demo clinic sees what Стандарт would give instead of
 * the promotions editor. The description and the holiday day are put back at the end; the ended
 * promotion stays in the archive, as ended promotions do.
 */

const LIGHT_CLINIC = '79990002002';

const MONTHS = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
];
const dayLabel = (date: string) => `${Number(date.slice(8))} ${MONTHS[Number(date.slice(5, 7)) - 1]}`;
/** A list row that starts with the day ('1 декабря' but not '31 декабря'). */
const startsWithDay = (date: string) => new RegExp(`^\\s*${dayLabel(date)}`);
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

test('a clinic edits its description, holiday hours and promotions; a patient sees them; an ended promotion is archived', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const project = test.info().project;
  const stamp = `${project.name}-${Date.now().toString(36)}`;
  const context = await workAccountContext(browser, WORK_PHONES.firstClinic);
  const page = await context.newPage();
  if (project.use.viewport) await page.setViewportSize(project.use.viewport);
  await page.goto('/cabinet/clinic/');
  await expect(page.getByRole('heading', { level: 1, name: 'Страница клиники' })).toBeVisible();
  await hydrated(page);

  // A free day soon (not a holiday the clinic has already), different for each project.
  const hours = await (await page.request.get('/cabinet/ajax/clinic/hours/')).json();
  const taken = new Set((hours.holidays as { date: string }[]).map((h) => h.date));
  const free: string[] = [];
  for (let n = 2; free.length < 2; n++)
    if (!taken.has(addDays(hours.today, n))) free.push(addDays(hours.today, n));
  const holiday = free[project.name === 'phone' ? 0 : 1];

  const aboutBefore = await (await page.request.get('/cabinet/ajax/clinic/about/')).json();
  const rulesBefore = await (await page.request.get('/cabinet/ajax/clinic/rules/')).json();
  try {
    await scenario(page, holiday, hours.today, stamp);
  } finally {
    // Whatever happened, the description and the day go back as they were, for the next run.
    const headers = { 'x-csrftoken': await csrf(page) };
    await page.request.post('/cabinet/ajax/clinic/about/', { data: aboutBefore, headers });
    await page.request.post('/cabinet/ajax/clinic/rules/', {
      data: { text: (rulesBefore.rules as string[]).join('\n') },
      headers,
    });
    const now = await (await page.request.get('/cabinet/ajax/clinic/hours/')).json();
    for (const h of now.holidays as { id: number; date: string }[]) {
      if (h.date === holiday)
        await page.request.delete(`/cabinet/ajax/clinic/holidays/${h.id}/`, { headers });
    }
    await context.close();
  }
});

async function scenario(page: Page, holiday: string, today: string, stamp: string) {
  const project = test.info().project;
  const browser = page.context().browser();
  if (!browser) throw new Error('no browser');
  // About: the description.
  const about = page.getByRole('form', { name: 'О клинике' });
  const description = about.getByRole('textbox', { name: 'Описание' });
  const original = await description.inputValue();
  const text = `Клиника принимает взрослых и детей, делает УЗИ и анализы. Проверка ${stamp}.`;
  await description.fill(text);
  await expect(about.getByRole('textbox', { name: 'Телефон 1' })).toHaveValue(
    /^\+7 \(\d{3}\) \d{3}-\d{2}-\d{2}$/,
  );
  await about.getByRole('button', { name: 'Сохранить' }).click();
  await expect(about.getByRole('status')).toHaveText('Сохранено');

  // A wrong website is refused in Russian, and nothing else changes.
  const site = about.getByRole('textbox', { name: 'Сайт' });
  const originalSite = await site.inputValue();
  await site.fill('klinika');
  await about.getByRole('button', { name: 'Сохранить' }).click();
  await expect(about.getByRole('alert')).toHaveText('Укажите адрес сайта, начиная с http:// или https://');
  await site.fill(originalSite);

  // Holiday hours: a closed day.
  const holidays = page.getByRole('region', { name: 'График работы в праздники' });
  await holidays.getByLabel('Дата', { exact: true }).fill(holiday);
  await expect(holidays.getByRole('checkbox', { name: 'Дата: Выходной' })).toBeChecked();
  await holidays.getByRole('button', { name: 'Добавить день' }).click();
  await expect(holidays.getByRole('status')).toHaveText('День добавлен');
  await expect(holidays.getByRole('listitem').filter({ hasText: startsWithDay(holiday) })).toContainText(
    'выходной',
  );

  // 'Правила посещения': one more line.
  const rulesForm = page.getByRole('form', { name: 'Правила посещения' });
  const rulesBox = rulesForm.getByRole('textbox');
  const rule = `Возьмите с собой паспорт (${stamp})`;
  await rulesBox.fill(`${await rulesBox.inputValue()}\n${rule}`);
  await rulesForm.getByRole('button', { name: 'Сохранить' }).click();
  await expect(rulesForm.getByRole('status')).toHaveText('Сохранено');

  // A promotion, typed with the keyboard.
  const promos = page.getByRole('region', { name: 'Акции' });
  const title = `Скидка 15% на УЗИ ${stamp}`;
  await promos.getByRole('textbox', { name: 'Название' }).fill(title);
  await page.keyboard.press('Tab');
  await page.keyboard.type('По будням до 12:00 для всех пациентов.');
  await promos.getByLabel('Окончание').fill(addDays(today, 30));
  await promos.getByRole('button', { name: 'Добавить акцию' }).click();
  await expect(promos.getByRole('status')).toHaveText('Акция добавлена');
  await expect(promos.getByRole('listitem').filter({ hasText: title })).toBeVisible();
  await page.screenshot({
    path: test.info().outputPath(`clinic-cabinet-${project.name}.png`),
    fullPage: true,
  });

  // The clinic's page, as a patient sees it.
  const { clinicId } = await (await page.request.get('/cabinet/ajax/appointments/')).json();
  const visitor = await browser.newContext({ baseURL: project.use.baseURL });
  const patient = await visitor.newPage();
  if (project.use.viewport) await patient.setViewportSize(project.use.viewport);
  await patient.goto(`/moskva/lpu/${clinicId}-x/`);
  await expect(patient.getByText(text)).toBeVisible();
  const promoSection = patient.getByRole('region', { name: 'Акции' });
  await expect(promoSection.getByText(title)).toBeVisible();
  await expect(patient.getByText('График работы в праздники').first()).toBeAttached();
  await expect(
    patient
      .getByRole('listitem')
      .filter({ hasText: startsWithDay(holiday) })
      .first(),
  ).toContainText('выходной');
  await hydrated(patient);
  await patient.getByRole('button', { name: 'Посмотреть правила' }).click();
  await expect(patient.getByRole('dialog').getByText(rule)).toBeVisible();
  await patient.keyboard.press('Escape');
  await promoSection.scrollIntoViewIfNeeded();
  await patient.screenshot({ path: test.info().outputPath(`clinic-page-${project.name}.png`) });

  // 'Завершить': the promotion leaves the page for 'Архивные акции'.
  await promos.getByRole('button', { name: `Завершить: ${title}` }).click();
  await expect(promos.getByRole('status')).toHaveText('Акция завершена и перенесена в архив');
  await expect(promos.getByRole('listitem').filter({ hasText: title })).toHaveCount(0);
  await patient.reload();
  await hydrated(patient);
  await expect(promoSection.getByText(title)).toHaveCount(0);
  await promoSection.getByRole('button', { name: 'Архивные акции' }).click();
  await expect(patient.getByRole('dialog', { name: 'Архивные акции' }).getByText(title)).toBeVisible();

  // Put the description back and take the day away, for the next run.
  await description.fill(original);
  await about.getByRole('button', { name: 'Сохранить' }).click();
  await expect(about.getByRole('status')).toHaveText('Сохранено');
  await holidays.getByRole('button', { name: `Убрать: ${dayLabel(holiday)}` }).click();
  await expect(holidays.getByRole('status')).toHaveText('День убран');
  await visitor.close();
}

test('a Лайт clinic sees what Стандарт would give instead of the promotions editor', async ({ browser }) => {
  test.setTimeout(90_000);
  const project = test.info().project;
  const context = await workAccountContext(browser, LIGHT_CLINIC);
  const page = await context.newPage();
  if (project.use.viewport) await page.setViewportSize(project.use.viewport);
  await page.goto('/cabinet/clinic/');
  const promos = page.getByRole('region', { name: 'Акции' });
  await expect(promos.getByText('Акции публикуют клиники с версией от «Стандарт»')).toBeVisible();
  await expect(promos.getByRole('listitem')).toHaveText([
    'Следит за эффективностью страницы',
    'Публикует акции и скидки',
  ]);
  await expect(promos.getByRole('button', { name: 'Добавить акцию' })).toHaveCount(0);
  await expect(page.getByRole('form', { name: 'О клинике' })).toBeVisible();
  await promos.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath(`clinic-cabinet-light-${project.name}.png`) });

  // Its public page shows no promotion either, current or ended: one rule for both sides.
  const { clinicId } = await (await page.request.get('/cabinet/ajax/appointments/')).json();
  const visitor = await browser.newContext({ baseURL: project.use.baseURL, viewport: project.use.viewport });
  const pub = await visitor.newPage();
  const res = await pub.goto(`/moskva/lpu/${clinicId}-x/`);
  expect(res?.status()).toBe(200);
  await expect(pub.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(pub.getByRole('heading', { name: 'Акции', exact: true })).toHaveCount(0);
  await expect(pub.getByRole('button', { name: 'Архивные акции' })).toHaveCount(0);
  await visitor.close();
  await context.close();
});
