import { expect, type Page, test } from '@playwright/test';
import { hydrated } from './support/hydrated';

// The first run builds and seeds; the map itself loads on demand.
test.describe.configure({ timeout: 90_000 });

async function openClinicMap(page: Page) {
  await page.goto('/moskva/lpu/');
  await page.locator('article[data-lpu-id]').first().getByRole('heading').getByRole('link').click();
  await expect(page).toHaveURL(/\/moskva\/lpu\/\d+-[a-z0-9-]+\/$/);
  await hydrated(page);
  const clinicUrl = page.url();
  await page.getByRole('button', { name: 'Показать на карте' }).click();
  const dialog = page.getByRole('dialog', { name: 'Клиники на карте' });
  await expect(dialog).toBeVisible();
  return { dialog, clinicUrl };
}

test('the clinic map: pins and a cluster, a route from an address, a departure too far away', async ({
  page,
}, info) => {
  const { dialog, clinicUrl } = await openClinicMap(page);
  // The page's clinic is its own pin; the town's other clinics gather in clusters. The map library
  // (about 1 MB) loads first and draws through software WebGL here: slow on a busy machine.
  await expect(dialog.locator('.map-pin').first()).toBeVisible({ timeout: 20_000 });
  await expect(dialog.locator('.map-cluster').first()).toBeVisible();
  const panel = dialog.getByRole('region', { name: 'Клиника' });
  await expect(panel.getByRole('link').first()).toHaveAttribute('href', new URL(clinicUrl).pathname);
  await page.screenshot({ path: info.outputPath(`map-${info.project.name}.png`) });

  // A cluster opens the cluster panel with its count.
  // By keyboard: the page's own pin may sit over the cluster's middle.
  await dialog.locator('.map-cluster').first().press('Enter');
  await expect(dialog.getByRole('region', { name: 'Клиники' }).getByRole('heading')).toHaveText(
    /^\d+ клиник[аи]?$/,
  );
  await dialog
    .getByRole('region', { name: 'Клиники' })
    .getByRole('listitem')
    .first()
    .getByRole('button')
    .click();
  const chosen = dialog.getByRole('region', { name: 'Клиника' });
  const address = (await chosen.locator('p').first().textContent()) ?? '';
  const chosenName = (await chosen.getByRole('link').first().textContent()) ?? '';
  await chosen.getByRole('button', { name: 'Проложить маршрут' }).click();

  // From an address we know (a clinic's own street): suggestions, then the route.
  const form = dialog.getByRole('form', { name: 'Откуда поедем?' });
  const field = form.getByLabel('Адрес отправления');
  const plan = form.getByRole('button', { name: 'Проложить маршрут' });
  await expect(plan).toBeDisabled();
  await field.fill(address);
  const suggestions = form.getByRole('list', { name: 'Подсказки' }).getByRole('button');
  await expect(suggestions.first()).toContainText(address);
  expect(await suggestions.count()).toBeLessThanOrEqual(2);
  await expect(plan).toBeEnabled();
  await plan.click();
  const routes = dialog.getByRole('region', { name: 'Маршруты' });
  await expect(routes.getByRole('list', { name: 'Список маршрутов' }).getByRole('button')).toContainText(
    'примерно',
  );
  await routes.getByRole('tab', { name: 'На общественном транспорте' }).click();
  await routes.getByRole('list', { name: 'Список маршрутов' }).getByRole('button').first().click();
  await expect(routes.getByRole('button', { name: 'К списку маршрутов' })).toBeVisible();
  // The chosen clinic keeps its own pin at the route's zoom: it is never swallowed by a cluster.
  await expect(dialog.locator('.map-pin-selected')).toHaveAttribute('aria-label', chosenName.trim());
  await page.screenshot({ path: info.outputPath(`route-${info.project.name}.png`) });
  await routes.getByRole('button', { name: 'Сбросить маршрут' }).click();

  // 150 km north of the clinic.
  await dialog
    .getByRole('region', { name: 'Клиника' })
    .getByRole('button', { name: 'Проложить маршрут' })
    .click();
  const town = await (await page.request.get('/api/map/towns/moskva/')).json();
  const clinic = town.clinics.find((c: { address: string }) => c.address === address);
  await field.fill(`${(clinic.lat + 150 / 111.2).toFixed(4)}, ${clinic.lon}`);
  await plan.click();
  await expect(form.getByRole('alert')).toHaveText('Слишком далеко от клиники');
  await expect(plan).toBeDisabled();
  await page.screenshot({ path: info.outputPath(`too-far-${info.project.name}.png`) });

  // An address nobody knows.
  await field.fill('Несуществующая улица 999');
  await plan.click();
  await expect(form.getByRole('alert')).toHaveText('Адрес не найден');
});

test('Back and Esc close the map and stay on the clinic page', async ({ page }, info) => {
  const { dialog, clinicUrl } = await openClinicMap(page);
  await page.goBack();
  await expect(dialog).toBeHidden();
  expect(page.url()).toBe(clinicUrl);
  await page.getByRole('button', { name: 'Показать на карте' }).click();
  await expect(dialog).toBeVisible();
  if (info.project.name === 'phone') {
    await dialog.getByRole('button', { name: 'Закрыть карту' }).click();
  } else {
    await page.keyboard.press('Escape');
  }
  await expect(dialog).toBeHidden();
  expect(page.url()).toBe(clinicUrl);
});

test('without WebGL the map dialog still lists the clinic and says why there is no map', async ({ page }) => {
  await page.addInitScript(() => {
    const original = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (
      this: HTMLCanvasElement,
      type: string,
      ...rest: unknown[]
    ) {
      if (type.startsWith('webgl')) return null;
      return (original as (...args: unknown[]) => unknown).call(this, type, ...rest);
    } as typeof original;
  });
  const { dialog } = await openClinicMap(page);
  // The map library (about 1 MB) loads and tries WebGL first: slow on a busy machine.
  await expect(dialog.getByRole('status')).toContainText('Карта не может быть показана', { timeout: 20_000 });
  await expect(
    dialog.getByRole('region', { name: 'Клиника' }).getByRole('button', { name: 'Проложить маршрут' }),
  ).toBeVisible();
});

test('the map draws when the town’s clinics come before the dialog’s own code', async ({ page }) => {
  // The town's data is fetched as the dialog opens, while the modal's code may still be on its
  // way (a slow network, a busy phone): hold that code back until the data has come.
  let townCame = () => {};
  const town = new Promise<void>((resolve) => {
    townCame = resolve;
  });
  page.on('response', (response) => {
    if (response.url().includes('/api/map/towns/')) townCame();
  });
  await page.route(/\/assets\/modal-dialog-[^/]+\.js$/, async (route) => {
    await town;
    await route.continue();
  });
  const { dialog } = await openClinicMap(page);
  await expect(dialog.locator('.map-pin').first()).toBeVisible({ timeout: 20_000 });
});
