import { type Browser, expect, type Page, test } from '@playwright/test';
import type { DeskVisit } from './support/desk';
import { hydrated } from './support/hydrated';
import { csrf, randomPhone, signInThroughApi, WORK_PHONES, workAccountContext } from './support/patient';
import { shot } from './support/shot';

/**
 * The cabinet's reception list as a clinic's administrator uses it: the week's visits of the
 * demo clinic (the seed books its doctors over the next two weeks), the day and week switches,
 * one doctor, and the address that keeps the choice across a reload. Others are turned away.
 */

/** A page of the demo clinic's administrator (signed in once per run), and the week's list call. */
async function clinicPage(browser: Browser) {
  const context = await workAccountContext(browser, WORK_PHONES.firstClinic);
  const page = await context.newPage();
  await page.goto('/healthz');
  const list = await (await page.request.get('/cabinet/ajax/appointments/?days=7')).json();
  return { context, page, list: list as { clinicId: number; today: string; doctors: { id: number }[] } };
}

test('a clinic sees its booked visits by day and week, and for one doctor', async ({ browser }) => {
  const context = await workAccountContext(browser, WORK_PHONES.firstClinic);
  const page = await context.newPage();
  await page.goto('/');
  // The menu opens once React has hydrated the header.
  await hydrated(page);
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
  // A heading per day of the week (the desk's 'Записать пациента' form has its own).
  await expect(
    page.getByRole('heading', {
      level: 2,
      name: /^(Понедельник|Вторник|Среда|Четверг|Пятница|Суббота|Воскресенье),/,
    }),
  ).toHaveCount(7);
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
  // The list's filter (the desk's 'Записать пациента' form has a 'Врач' of its own).
  const filter = page.locator('form[method="get"]');
  await filter.getByLabel('Врач').selectOption(doctorId);
  await filter.getByRole('button', { name: 'Показать' }).click();
  await expect(page).toHaveURL(/doctor=\d+/);
  const mine = page.locator('[data-visit-id]');
  await expect(mine.first()).toBeVisible();
  for (const row of await mine.all()) await expect(row).toHaveAttribute('data-doctor-id', doctorId);
  await page.reload();
  await expect(filter.getByLabel('Врач')).toHaveValue(doctorId);
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
  await hydrated(page);
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

test('a clinic marks a begun visit as a no-show, corrects it to «Пришёл»; the mark survives a reload', async ({
  browser,
}) => {
  const { context, page, list } = await clinicPage(browser);
  // The seed leaves the begun visits of today and of the last working day unmarked, and marks
  // older ones. The two projects run at once on one database: each takes visits of its own parity.
  const parity = test.info().project.name === 'desktop' ? 0 : 1;
  const [y, m, d] = list.today.split('-').map(Number);
  const weekAgo = new Date(Date.UTC(y, m - 1, d - 7)).toISOString().slice(0, 10);
  const listed = async (query: string) =>
    (await (await page.request.get(`/cabinet/ajax/appointments/?${query}`)).json()) as {
      now: string;
      visits: DeskVisit[];
    };
  // The list shows a day or a week: the last week, and today.
  const [week, today] = await Promise.all([listed(`date=${weekAgo}&days=7`), listed('days=1')]);
  // Over, not only begun: a visit under way may still be cancelled (until it ends), one that has
  // ended may only be marked.
  const begun = [...week.visits, ...today.visits].filter(
    (v) => v.endsAt <= today.now && v.id % 2 === parity && (v.status === 'active' || v.status === 'done'),
  );
  // The latest: on a rerun it may be one this test marked 'Пришёл' before, which can still be corrected.
  const visit = begun.sort((a, b) => b.startsAt.localeCompare(a.startsAt))[0];
  expect(visit, 'a begun visit of the demo clinic').toBeDefined();
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: visit.tz }).format(new Date(visit.startsAt));

  await page.goto(`/cabinet/appointments/?date=${day}`);
  await hydrated(page);
  const row = page.locator(`[data-visit-id="${visit.id}"]`);
  await expect(row).toContainText(visit.patientName);
  // Over: too late to cancel, the time to say whether the patient came.
  await expect(row.getByRole('button', { name: 'Отменить запись' })).toHaveCount(0);
  await row.getByRole('button', { name: 'Не пришёл' }).click();
  await expect(row.getByRole('status')).toHaveText('Отмечено: пациент не пришёл');
  await expect(row.getByRole('button', { name: 'Не пришёл' })).toHaveCount(0);
  await expect(row.getByText('Не пришёл', { exact: true })).toBeVisible();
  await shot(page, 'cabinet-no-show');

  await page.reload();
  await hydrated(page);
  await expect(row.getByText('Не пришёл', { exact: true })).toBeVisible();
  // A mistake is corrected the same way.
  await row.getByRole('button', { name: 'Пришёл' }).click();
  await expect(row.getByRole('status')).toHaveText('Отмечено: пациент пришёл');
  await expect(row.getByText('Пришёл', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Не пришёл' })).toBeVisible();
  const after = (await (await page.request.get(`/cabinet/ajax/appointments/?date=${day}`)).json()) as {
    visits: { id: number; status: string }[];
  };
  expect(after.visits.find((v) => v.id === visit.id)?.status).toBe('done');
  await context.close();
});

/** The last free time on the first open day this week of one of the clinic's doctors. */
async function freeTimeAt(page: Page, list: { clinicId: number; today: string; doctors: { id: number }[] }) {
  for (const { id } of list.doctors) {
    const res = await page.request.post('/ajax/schedule/slots_bulk/', {
      headers: { 'X-CSRFToken': await csrf(page) },
      data: {
        days: 7,
        dt_start: list.today,
        town_timedelta: 3,
        doctors_lpus: [{ doctor_id: id, lpu_id: list.clinicId }],
      },
    });
    const days = Object.entries(((await res.json())[0]?.slots ?? {}) as Record<string, { time: string }[]>);
    const open = days.find(([, times]) => times.length > 0);
    if (!open) continue;
    const [y, m, d] = open[0].split('-');
    return {
      doctor_id: id,
      lpu_id: list.clinicId,
      day: open[0],
      slot: `${d}.${m}.${y} ${open[1].at(-1)?.time}`,
    };
  }
  throw new Error('no doctor of the clinic with a free time this week');
}

/** Books a time through the API as the signed-in patient of `page`; the appointment's id. */
async function bookThroughApi(
  page: Page,
  target: { doctor_id: number; lpu_id: number; slot: string },
  lastName: string,
) {
  const book = async (birthDate: string) =>
    page.request.post('/ajax/appointment/create/', {
      headers: { 'X-CSRFToken': await csrf(page) },
      data: {
        doctor_id: target.doctor_id,
        lpu_id: target.lpu_id,
        slot: target.slot,
        last_name: lastName,
        first_name: 'Анна',
        no_patronymic: true,
        birth_date: birthDate,
        request_key: `e2e-${Date.now()}-${Math.random()}`,
      },
    });
  // An adult, unless the doctor sees children only (the age rule): then a teenager.
  let booked = await book('1990-04-01');
  if (booked.status() === 400 && (await booked.json()).code === 'age_mismatch')
    booked = await book('2011-04-01');
  expect(booked.status(), await booked.text()).toBe(201);
  return (await booked.json()).appointment.id as number;
}

/** A made-up surname, letters only (names take no digits), new each run. */
const madeUpSurname = (stem: string) =>
  `${stem}${Array.from({ length: 6 }, () => 'абвгдежзиклмнопрст'[Math.floor(Math.random() * 18)]).join('')}`;

test('a booking made elsewhere appears in the clinic’s open list without a reload', async ({
  browser,
  page,
}) => {
  const { context, page: clinic, list } = await clinicPage(browser);

  // A patient finds the first free time of one of the clinic's doctors this week.
  await signInThroughApi(page, randomPhone().digits);
  const target = await freeTimeAt(page, list);
  await clinic.goto(`/cabinet/appointments/?days=7&doctor=${target.doctor_id}`);
  await hydrated(clinic);
  const lastName = madeUpSurname('Живая');
  const id = await bookThroughApi(page, target, lastName);
  const row = clinic.locator(`[data-visit-id="${id}"]`);
  await expect(row).toContainText(lastName, { timeout: 15_000 });
  await expect(row).toContainText('Новая запись');
  await shot(clinic, 'cabinet-live-booking');
  await context.close();
});

test('a clinic closes a doctor’s booked day: told of the visit, cancels it with a reason; the times are gone', async ({
  browser,
  page,
}) => {
  const { context, page: clinic, list } = await clinicPage(browser);
  await signInThroughApi(page, randomPhone().digits);
  const target = await freeTimeAt(page, list);
  const lastName = madeUpSurname('Отпускная');
  const id = await bookThroughApi(page, target, lastName);

  await clinic.goto('/cabinet/schedule/');
  await hydrated(clinic);
  await expect(
    clinic.getByRole('heading', { level: 1, name: 'Расписание: выходные и отпуск' }),
  ).toBeVisible();
  // The 'Закрыть дни' form (the page also has the desk's 'Закрыть время' with its own 'С').
  const daysOff = clinic.getByRole('form', { name: 'Закрыть дни' });
  await daysOff.getByLabel('Врач').selectOption(String(target.doctor_id));
  await daysOff.getByLabel('С', { exact: true }).fill(target.day);
  await daysOff.getByLabel('По', { exact: true }).fill(target.day);
  await clinic.getByRole('button', { name: 'Закрыть дни' }).click();
  const warning = clinic.getByRole('alert').filter({ hasText: 'На эти дни есть записи' });
  await expect(warning).toBeVisible();
  await expect(warning.locator(`[data-booked-visit="${id}"]`)).toContainText(lastName);
  await clinic.getByRole('button', { name: 'Отменить записи и закрыть дни' }).click();
  await expect(clinic.getByText('Укажите причину отмены')).toBeVisible();
  await warning.getByLabel(/Причина отмены/).fill('Врач в отпуске');
  await shot(clinic, 'cabinet-days-off-booked');
  await clinic.getByRole('button', { name: 'Отменить записи и закрыть дни' }).click();
  await expect(clinic.getByRole('status').filter({ hasText: 'Выходные добавлены' })).toContainText(
    /Отменено записей: \d+, пациентам отправлены SMS/,
  );
  const closed = clinic.locator(`[data-day-off="${target.doctor_id}:${target.day}"]`);
  await expect(closed).toBeVisible();
  await shot(clinic, 'cabinet-days-off-closed');

  // The doctor's times that day are gone for patients; opening the day brings them back.
  const slotsOn = async () => {
    const res = await page.request.post('/ajax/schedule/slots_bulk/', {
      headers: { 'X-CSRFToken': await csrf(page) },
      data: {
        days: 7,
        dt_start: list.today,
        town_timedelta: 3,
        doctors_lpus: [{ doctor_id: target.doctor_id, lpu_id: target.lpu_id }],
      },
    });
    return ((await res.json())[0]?.slots?.[target.day] ?? []).length as number;
  };
  expect(await slotsOn()).toBe(0);
  await closed.getByRole('button', { name: /^Открыть/ }).click();
  await expect(closed).toHaveCount(0);
  expect(await slotsOn()).toBeGreaterThan(0);
  await context.close();
});

test('a patient’s callback request reaches the clinic, which answers it', async ({ browser, page }) => {
  const { context, page: clinic, list } = await clinicPage(browser);
  const { digits } = randomPhone();
  await signInThroughApi(page, digits);
  const tomorrow = new Date(Date.parse(`${list.today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  // A doctor who takes bookings online (one with free times).
  const { doctor_id } = await freeTimeAt(page, list);
  const asked = await page.request.post('/ajax/appointment/callback/', {
    headers: { 'X-CSRFToken': await csrf(page) },
    data: {
      doctor_id,
      lpu_id: list.clinicId,
      date: tomorrow,
      times: ['morning', 'evening'],
    },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const { id } = await asked.json();

  await clinic.goto('/cabinet/callbacks/');
  await hydrated(clinic);
  const row = clinic.locator(`[data-callback-id="${id}"]`);
  await expect(row.getByRole('link', { name: /^\+7/ })).toHaveAttribute('href', `tel:+${digits}`);
  await expect(row).toContainText('Утро, 6–11; Вечер, 17–24');
  await shot(clinic, 'cabinet-callbacks');
  await row.getByRole('button', { name: 'Записали' }).click();
  await expect(row.getByRole('status')).toHaveText('Записали на приём');
  await clinic.getByRole('link', { name: 'Обработанные' }).click();
  await expect(clinic).toHaveURL(/status=done/);
  await expect(clinic.locator(`[data-callback-id="${id}"]`)).toContainText('Записали на приём');
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

test('a clinic sets its reminders and booking rules; the slot calls follow at once', async ({ browser }) => {
  const { context, page, list } = await clinicPage(browser);
  const settings = '/cabinet/ajax/settings/';
  const saved = await (await page.request.get(settings)).json();
  const doctor = list.doctors[0].id;
  const slotsOfToday = async () => {
    const res = await page.request.post('/ajax/schedule/slots_bulk/', {
      data: {
        days: 2,
        dt_start: list.today,
        lpu_timedelta: 3,
        doctors_lpus: [{ doctor_id: doctor, lpu_id: list.clinicId }],
      },
      headers: { 'X-CSRFToken': await csrf(page) },
    });
    const [answer] = (await res.json()) as { slots: Record<string, unknown[]> }[];
    return Object.values(answer.slots).flat().length;
  };
  try {
    await page.goto('/cabinet/schedule/');
    await hydrated(page);
    const rules = page.getByLabel('Записывать не позже чем за');
    await expect(page.getByRole('heading', { name: 'Напоминания пациентам' })).toBeVisible();
    await page.getByRole('checkbox', { name: 'За сутки до приёма' }).uncheck();
    await expect(page.getByRole('status').filter({ hasText: 'Сохранено' })).toBeVisible();
    const before = await slotsOfToday();
    await rules.selectOption({ label: 'сутки' });
    await expect(rules).toBeEnabled();
    await shot(page, 'cabinet-settings');
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'За сутки до приёма' })).not.toBeChecked();
    await expect(page.getByLabel('Записывать не позже чем за')).toHaveValue('1440');
    // A day's notice: today's and much of tomorrow's times are no longer offered.
    expect(await slotsOfToday()).toBeLessThan(Math.max(before, 1));
  } finally {
    await page.request.post(settings, { data: saved, headers: { 'X-CSRFToken': await csrf(page) } });
    await context.close();
  }
});
