import { expect, test } from '@playwright/test';
import { hydrated } from './support/hydrated';
import { csrf, WORK_PHONES, workAccountContext } from './support/patient';

/**
 * 'Интеграция с МИС' as a clinic's administrator uses it: a key is issued and shown once, the
 * clinic software's call with it works, the list shows its last use, and once revoked it is
 * refused. A doctor is told keys are the clinic's.
 */

test('a clinic issues a key, its software calls with it, and a revoked key is refused', async ({
  browser,
}) => {
  const context = await workAccountContext(browser, WORK_PHONES.firstClinic);
  const page = await context.newPage();
  await page.goto('/cabinet/integration/');
  await expect(page.getByRole('heading', { level: 1, name: 'Интеграция с МИС' })).toBeVisible();
  // Keys left live by an earlier run of this shared database go first (a clinic holds at most five).
  const token = await csrf(page);
  const { keys } = await (await page.request.get('/cabinet/ajax/mis-keys/')).json();
  for (const k of keys as { id: number; revokedAt: string | null }[]) {
    if (k.revokedAt === null) {
      await page.request.post(`/cabinet/ajax/mis-keys/${k.id}/revoke/`, {
        headers: { 'x-csrftoken': token },
      });
    }
  }
  await page.reload();
  await hydrated(page);

  await page.getByLabel('Название ключа').fill('МИС регистратуры');
  await page.getByRole('button', { name: 'Выпустить ключ' }).click();
  await expect(page.getByText('Скопируйте ключ сейчас: больше он показан не будет.')).toBeVisible();
  const secret = (await page.locator('[data-mis-secret]').textContent()) ?? '';
  expect(secret).toMatch(/^mis_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$/);
  await page.screenshot({ path: test.info().outputPath(`integration-key-${test.info().project.name}.png`) });

  // The clinic's software: its doctors, by the key alone (no cookies).
  const api = await page.context().request;
  const doctors = await api.fetch('/api/mis/v1/doctors/', {
    headers: { authorization: `Bearer ${secret}`, cookie: '' },
  });
  expect(doctors.status()).toBe(200);
  expect((await doctors.json()).doctors.length).toBeGreaterThan(0);

  // After a reload the key is never shown again; its row tells of the call.
  await page.reload();
  await hydrated(page);
  await expect(page.locator('[data-mis-secret]')).toHaveCount(0);
  const prefix = secret.slice(4, 12);
  const row = page.locator('[data-mis-key]').filter({ hasText: `mis_${prefix}_…` });
  await expect(row).toContainText('Последний запрос');
  await row.getByRole('button', { name: 'Отозвать' }).click();
  await expect(row).toContainText('Отозвать ключ? Запросы с ним перестанут работать сразу.');
  await row.getByRole('button', { name: 'Отозвать' }).click();
  await expect(row).toContainText('Отозван');
  await page.screenshot({
    path: test.info().outputPath(`integration-revoked-${test.info().project.name}.png`),
  });
  const refused = await api.fetch('/api/mis/v1/doctors/', { headers: { authorization: `Bearer ${secret}` } });
  expect(refused.status()).toBe(401);
  await context.close();
});

test("a doctor is told the keys are the clinic's", async ({ browser }) => {
  const context = await workAccountContext(browser, WORK_PHONES.firstDoctor);
  const page = await context.newPage();
  await page.goto('/cabinet/integration/');
  await expect(page.getByText('Ключи API выдаются клинике: войдите как клиника')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Выпустить ключ' })).toHaveCount(0);
  await context.close();
});
