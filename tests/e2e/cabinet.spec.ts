import { expect, type Page, test } from '@playwright/test';
import { csrf, randomPhone, signInThroughApi, WORK_PHONES, workAccountContext } from './support/patient';

/**
 * The cabinet's reception list as a clinic's administrator uses it: the week's visits of the
 * demo clinic (the seed books its doctors over the next two weeks), the day and week switches,
 * one doctor, and the address that keeps the choice across a reload. Others are turned away.
 */

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}-${test.info().project.name}.png`) });

test('a clinic sees its booked visits by day and week, and for one doctor', async ({ browser }) => {
  const context = await workAccountContext(browser, WORK_PHONES.firstClinic);
  const page = await context.newPage();
  await page.goto('/');
  // The menu opens once React has hydrated the header.
  await page.waitForFunction(() => {
    const main = document.getElementById('content');
    return main !== null && Object.keys(main).some((key) => key.startsWith('__reactFiber'));
  });
  await page
    .getByRole('banner')
    .getByRole('button', { name: /Аккаунт/ })
    .click();
  await page.getByRole('link', { name: 'Записи на приём' }).click();
  await expect(page).toHaveURL(/\/cabinet\/appointments\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Записи на приём' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Сегодня' })).toBeVisible();

  await page.getByRole('link', { name: 'Неделя' }).click();
  await expect(page).toHaveURL(/days=7/);
  await expect(page.getByRole('heading', { level: 2 })).toHaveCount(7);
  const visits = page.locator('[data-visit-id]');
  await expect(visits.first()).toBeVisible();
  const first = visits.first();
  await expect(first.getByRole('link', { name: /^\+7 \(\d{3}\) \d{3}-\d\d-\d\d$/ })).toHaveAttribute(
    'href',
    /^tel:\+7\d{10}$/,
  );
  await expect(first).toContainText(/\d\d:\d\d–\d\d:\d\d/);
  await expect(first).toContainText(/В клинике|На дому|Онлайн/);
  await shot(page, 'cabinet-week');

  // One doctor: every visit left is his, and the choice survives a reload and the Back button.
  const doctorId =
    (await page.locator('[data-visit-id][data-doctor-id]').first().getAttribute('data-doctor-id')) ?? '';
  await page.getByLabel('Врач').selectOption(doctorId);
  await page.getByRole('button', { name: 'Показать' }).click();
  await expect(page).toHaveURL(/doctor=\d+/);
  const mine = page.locator('[data-visit-id]');
  await expect(mine.first()).toBeVisible();
  for (const row of await mine.all()) await expect(row).toHaveAttribute('data-doctor-id', doctorId);
  await page.reload();
  await expect(page.getByLabel('Врач')).toHaveValue(doctorId);
  await page.goBack();
  await expect(page).not.toHaveURL(/doctor=/);

  await page.getByRole('link', { name: 'Следующая неделя →' }).click();
  await expect(page).toHaveURL(/date=\d{4}-\d\d-\d\d&days=7/);
  await context.close();
});

test('a clinic cancels a visit with a reason; the patient gets it by SMS', async ({ browser }) => {
  const context = await workAccountContext(browser, WORK_PHONES.firstClinic);
  const page = await context.newPage();
  await page.goto('/cabinet/appointments/?days=7');
  await page.waitForFunction(() => {
    const main = document.getElementById('content');
    return main !== null && Object.keys(main).some((key) => key.startsWith('__reactFiber'));
  });
  // The last visit of the week: booked, not begun, so it can be cancelled.
  const cancellable = page
    .locator('[data-visit-id]')
    .filter({ has: page.getByRole('button', { name: 'Отменить запись' }) })
    .last();
  await expect(cancellable).toBeVisible();
  // Pinned by id: once cancelled, the row no longer has the button the first locator looks for.
  const row = page.locator(`[data-visit-id="${await cancellable.getAttribute('data-visit-id')}"]`);
  const phone =
    (await row.getByRole('link', { name: /^\+7/ }).getAttribute('href'))?.replace('tel:+', '') ?? '';
  await row.getByRole('button', { name: 'Отменить запись' }).click();
  const dialog = page.getByRole('dialog', { name: 'Отменить запись?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Отменить запись' }).click();
  await expect(dialog).toContainText('Укажите причину отмены');
  await dialog.getByLabel('Причина').fill('Врач на конференции');
  await shot(page, 'cabinet-cancel-dialog');
  await dialog.getByRole('button', { name: 'Отменить запись' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Отменена');
  await expect(row).toContainText('Отменила клиника: Врач на конференции');
  await expect(row.getByRole('status')).toHaveText('Запись отменена, пациенту отправлено SMS');
  await expect(row.getByRole('button', { name: 'Отменить запись' })).toHaveCount(0);
  await expect(async () => {
    const outbox = await (await page.request.get('/dev/outbox.json')).json();
    const texts = (outbox.messages as { phone: string; text: string }[])
      .filter((m) => m.phone === phone)
      .map((m) => m.text);
    expect(texts.some((t) => /^Клиника отменила запись .+ Причина: Врач на конференции\./.test(t))).toBe(
      true,
    );
  }).toPass({ timeout: 20_000 });
  // After a reload the visit stays cancelled.
  await page.reload();
  await expect(page.locator(`[data-visit-id="${await row.getAttribute('data-visit-id')}"]`)).toContainText(
    'Отменена',
  );
  await context.close();
});

test('a booking made elsewhere appears in the clinic’s open list without a reload', async ({
  browser,
  page,
}) => {
  const context = await workAccountContext(browser, WORK_PHONES.firstClinic);
  const clinic = await context.newPage();
  await clinic.goto('/healthz');
  const list = await (await clinic.request.get('/cabinet/ajax/appointments/?days=7')).json();
  const lpu = list.clinicId as number;

  // A patient finds the first free time of one of the clinic's doctors this week.
  await signInThroughApi(page, randomPhone().digits);
  let target: { doctor_id: number; lpu_id: number; slot: string } | null = null;
  for (const { id } of list.doctors as { id: number }[]) {
    const res = await page.request.post('/ajax/schedule/slots_bulk/', {
      headers: { 'X-CSRFToken': await csrf(page) },
      data: {
        days: 7,
        dt_start: list.today,
        town_timedelta: 3,
        doctors_lpus: [{ doctor_id: id, lpu_id: lpu }],
      },
    });
    const days = Object.entries(((await res.json())[0]?.slots ?? {}) as Record<string, { time: string }[]>);
    const open = days.find(([, times]) => times.length > 0);
    if (!open) continue;
    const [y, m, d] = open[0].split('-');
    target = { doctor_id: id, lpu_id: lpu, slot: `${d}.${m}.${y} ${open[1].at(-1)?.time}` };
    break;
  }
  expect(target, 'a doctor of the clinic with a free time this week').not.toBeNull();
  if (!target) return;

  await clinic.goto(`/cabinet/appointments/?days=7&doctor=${target.doctor_id}`);
  await clinic.waitForFunction(() => {
    const main = document.getElementById('content');
    return main !== null && Object.keys(main).some((key) => key.startsWith('__reactFiber'));
  });
  // Names take letters only: a made-up one, new each run.
  const lastName = `Живая${Array.from({ length: 6 }, () => 'абвгдежзиклмнопрст'[Math.floor(Math.random() * 18)]).join('')}`;
  const booked = await page.request.post('/ajax/appointment/create/', {
    headers: { 'X-CSRFToken': await csrf(page) },
    data: {
      ...target,
      last_name: lastName,
      first_name: 'Анна',
      no_patronymic: true,
      birth_date: '1990-04-01',
      request_key: `live-${Date.now()}-${Math.random()}`,
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const row = clinic.locator(`[data-visit-id="${(await booked.json()).appointment.id}"]`);
  await expect(row).toContainText(lastName, { timeout: 15_000 });
  await expect(row).toContainText('Новая запись');
  await shot(clinic, 'cabinet-live-booking');
  await context.close();
});

test('a patient and an anonymous visitor are told the list is for doctors and clinics', async ({ page }) => {
  await page.goto('/cabinet/appointments/');
  await expect(page.getByText('Записи пациентов видят врачи и клиники')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Войти как врач или клиника' })).toHaveAttribute(
    'href',
    '/login/?kind=doctor&next=%2Fcabinet%2Fappointments%2F',
  );
  await signInThroughApi(page, randomPhone().digits);
  await page.goto('/cabinet/appointments/');
  await expect(page.getByText('Записи пациентов видят врачи и клиники')).toBeVisible();
  await expect(page.locator('[data-visit-id]')).toHaveCount(0);
});
