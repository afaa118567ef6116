import { expect, test } from '@playwright/test';

test('a patient browses Moscow doctors, opens one and reads the profile', async ({ page }, info) => {
  const response = await page.goto('/moskva/vrach/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/^Врачи в Москве — [\d\s\u00a0]+ врач(а|ей)?, отзывы$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Врачи в Москве');
  const cards = page.locator('article[data-doctor-id]');
  await expect(cards).toHaveCount(20);
  await page.screenshot({ path: info.outputPath('doctor-list.png'), fullPage: false });

  const first = cards.first().getByRole('heading', { level: 2 }).getByRole('link');
  const name = (await first.textContent())?.trim() ?? '';
  expect(name.split(' ').length).toBeGreaterThanOrEqual(2);
  await first.click();
  await expect(page).toHaveURL(/\/moskva\/vrach\/\d+-[a-z0-9-]+\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByRole('heading', { name: 'Где принимает' })).toBeVisible();
  const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) =>
    JSON.parse(t),
  );
  expect(ld.map((x) => x['@type'])).toEqual(['Physician', 'BreadcrumbList']);
  expect(ld[1].itemListElement.at(-1).name).toBe(name);
  await page.screenshot({ path: info.outputPath('doctor-page.png'), fullPage: false });

  await page.goBack();
  await expect(page).toHaveURL(/\/moskva\/vrach\/$/);
  await expect(cards).toHaveCount(20);
});

test('a speciality list pages through ?page= and keeps 20 cards a page', async ({ page }) => {
  await page.goto('/moskva/vrach/terapevt/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Терапевты в Москве');
  await page
    .getByRole('navigation', { name: 'Страницы' })
    .getByRole('link', { name: 'Следующая страница' })
    .click();
  await expect(page).toHaveURL(/\/moskva\/vrach\/terapevt\/\?page=2$/);
  await expect(page.locator('article[data-doctor-id]')).not.toHaveCount(0);
  await expect(page).toHaveTitle(/страница 2$/);
});

test('a clinic page shows its hours, prices and doctors', async ({ page }) => {
  await page.goto('/moskva/lpu/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Клиники в Москве');
  await page.locator('article[data-lpu-id]').first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/moskva\/lpu\/\d+-[a-z0-9-]+\/$/);
  await expect(page.getByRole('heading', { name: 'График работы', exact: true })).toBeVisible();
  await expect(page.locator('[aria-current="date"]')).toHaveCount(1);
});

test('unknown towns, doctors and pages answer a real 404 page', async ({ page }) => {
  for (const path of [
    '/atlantida/vrach/',
    '/moskva/vrach/999999999-nikto/',
    '/moskva/vrach/net-takoy-spec/',
    '/moskva/vrach/?page=100000',
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Страница не найдена');
  }
});

test('keyboard users skip to the content and reach a speciality list from the town list', async ({
  page,
}) => {
  await page.goto('/moskva/vrach/');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Перейти к содержанию' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#content')).toBeFocused();

  const specialities = page.getByRole('region', { name: 'Специальности' });
  const first = specialities.getByRole('link').first();
  // The link reads '{speciality}{count}'; the count is in its own span.
  const label = ((await first.textContent()) ?? '').replace(
    (await first.locator('span').textContent()) ?? '',
    '',
  );
  await first.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${label} в Москве`);
});

test('name search needs two letters; a shorter query shows the whole list', async ({ page }) => {
  await page.goto('/moskva/vrach/?q=x');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Врачи в Москве');
  await page.goto('/moskva/vrach/?q=%3Cb%3Eива');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Поиск «<b>ива» — врачи в Москве');
});

test('a patient chooses Новосибирск in the town popup, and / remembers it', async ({ page }) => {
  await page.goto('/moskva/vrach/');
  const trigger = page.getByRole('link', { name: 'Город: Москва. Выбрать другой город' });
  await trigger.click();
  const dialog = page.getByRole('dialog', { name: 'Выберите город' });
  await expect(dialog.getByRole('button', { name: 'Казань' })).toBeVisible();

  const search = dialog.getByRole('searchbox', { name: 'Поиск города' });
  await search.fill('Хогвартс');
  await expect(dialog.getByText('Совпадений не найдено')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();

  await trigger.click();
  await dialog.getByRole('searchbox', { name: 'Поиск города' }).fill('новос');
  await expect(dialog.getByRole('button')).toHaveText(['×', 'Новосибирск']);
  await dialog.getByRole('button', { name: 'Новосибирск' }).click();
  await expect(page).toHaveURL(/\/novosibirsk\/vrach\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Врачи в Новосибирске');

  await page.goto('/');
  await expect(page).toHaveURL(/\/novosibirsk\/vrach\/$/);
  await page.goto('/?town=choose');
  await expect(page.getByRole('heading', { name: 'Выберите город' })).toBeVisible();
});

test('anonymous visitors get cached pages; signed-in sessions always get a fresh render', async ({
  request,
}) => {
  const doctorList = '/moskva/vrach/terapevt/';
  await request.get(doctorList);
  const again = await request.get(doctorList);
  expect(again.status()).toBe(200);
  expect(again.headers()['x-page-cache']).toBe('hit');
  expect(again.headers()['x-cache-tags']).toBeUndefined();
  const signedIn = await request.get(doctorList, { headers: { cookie: 'sessionid=abc' } });
  expect(signedIn.status()).toBe(200);
  expect(signedIn.headers()['x-page-cache']).toBeUndefined();
  // The same document, but for the script nonce a fresh render gets; a cached copy has none
  // and names its inline scripts by hash in its policy instead (docs/security.md).
  const withoutNonces = (html: string) => html.replaceAll(/ nonce="[^"]+"/g, '');
  expect(withoutNonces(await signedIn.text())).toBe(await again.text());
  expect(await signedIn.text()).toContain(' nonce="');
  expect(again.headers()['content-security-policy']).toContain("'sha256-");
  // The town list depends on the visitor's town cookie: never cached.
  const home = await request.get('/?town=choose');
  expect(home.headers()['x-page-cache']).toBeUndefined();
});
