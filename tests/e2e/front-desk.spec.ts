import { expect, test } from '@playwright/test';
import { type DeskVisit, instantOf, localOf } from './support/desk';
import { hydrated } from './support/hydrated';
import { randomPhone, workAccountContext } from './support/patient';
import { fullShot } from './support/shot';

/**
 * A receptionist's day at the second demo clinic (docs/product/front-desk.md): a caller is booked
 * for tomorrow from the reception list, an hour of the same doctor is closed for a meeting on the
 * schedule page, the caller's visit is moved to a later time, and a walk-in is booked for now,
 * over the schedule with a reason, and marked «Пришёл». At both widths: the desk works from a
 * phone too. Each viewport has its own server and database; times are chosen free of the demo
 * visits and of an earlier run's.
 */

const CLINIC = '79990002002';

test('a receptionist’s day: a caller booked, an hour closed, the visit moved, a walk-in marked «Пришёл»', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const context = await workAccountContext(browser, CLINIC);
  const page = await context.newPage();
  await page.goto('/healthz');
  const today = (await (await page.request.get('/cabinet/ajax/appointments/?days=1')).json()) as {
    today: string;
    now: string;
    doctors: { id: number; name: string }[];
    visits: DeskVisit[];
  };
  const [y, m, d] = today.today.split('-').map(Number);
  const tomorrow = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  const doctor = today.doctors[0];
  const tz = today.visits[0]?.tz ?? 'Europe/Moscow';
  // What the doctor has tomorrow (visits, and blocks an earlier run left): times are chosen around it.
  const [next, blocks] = await Promise.all([
    page.request
      .get(`/cabinet/ajax/appointments/?date=${tomorrow}&doctor=${doctor.id}`)
      .then((r) => r.json()),
    page.request
      .get(`/cabinet/ajax/schedule/blocks/?doctor=${doctor.id}&from=${tomorrow}&days=1`)
      .then((r) => r.json()),
  ]);
  const busy = [
    ...(next.visits as DeskVisit[]).filter((v) => v.status !== 'canceled').map((v) => [v.startsAt, v.endsAt]),
    ...(blocks.blocks as { starts_at: string; ends_at: string }[]).map((b) => [b.starts_at, b.ends_at]),
  ].map(([a, b]) => [Date.parse(a), Date.parse(b)]);
  /** The first clinic-local 'HH:mm' from `from` (5-minute steps) whose `minutes` meet nothing booked or closed. */
  const freeAt = (from: string, minutes: number, taken: number[][] = busy): string => {
    for (let t = instantOf(`${tomorrow}T${from}`, tz).getTime(); ; t += 5 * 60_000) {
      if (!taken.some(([a, b]) => a < t + minutes * 60_000 && t < b)) return localOf(new Date(t), tz);
    }
  };

  // 1. A caller, booked for tomorrow morning from the reception list.
  const caller = randomPhone();
  const callerTime = freeAt('07:00', 60);
  await page.goto('/cabinet/appointments/');
  await hydrated(page);
  const book = page.getByRole('form', { name: 'Записать пациента' });
  await book.getByLabel('Телефон пациента').fill(caller.national);
  await book.getByLabel('Врач').selectOption(String(doctor.id));
  await book.getByLabel('Фамилия').fill('Звонарёва');
  await book.getByLabel('Имя', { exact: true }).fill('Вера');
  await book.getByLabel('Отчество').fill('Павловна');
  await book.getByLabel('Дата рождения').fill('1979-04-12');
  await book.getByLabel('Дата и время').fill(callerTime);
  await fullShot(page, 'desk-book-caller');
  await book.getByRole('button', { name: 'Записать' }).click();
  await expect(book.getByText('Пациент записан, ему отправлено СМС')).toBeVisible();
  const booked = (await (
    await page.request.get(`/cabinet/ajax/appointments/?date=${tomorrow}&doctor=${doctor.id}`)
  ).json()) as { visits: DeskVisit[] };
  const visit = booked.visits.find((v) => v.patientName.startsWith('Звонарёва') && v.status === 'active');
  expect(visit, 'the caller’s visit in the list').toBeDefined();
  expect(localOf(new Date(visit?.startsAt ?? 0), tz)).toBe(callerTime);

  // 2. An hour closed for a meeting, after noon, on the schedule page.
  const taken = [...busy, [Date.parse(visit?.startsAt ?? ''), Date.parse(visit?.endsAt ?? '')]];
  const meeting = freeAt('12:00', 60, taken);
  const meetingEnd = localOf(new Date(instantOf(meeting, tz).getTime() + 60 * 60_000), tz);
  await page.goto('/cabinet/schedule/');
  await hydrated(page);
  const close = page.getByRole('form', { name: 'Закрыть время' });
  await close.getByLabel('Врач').selectOption(String(doctor.id));
  await close.getByLabel('Причина').fill('Совещание отделения');
  await close.getByLabel('С', { exact: true }).fill(meeting);
  await close.getByLabel('До', { exact: true }).fill(meetingEnd);
  await close.getByRole('button', { name: 'Закрыть время' }).click();
  await expect(close.getByText('Время закрыто')).toBeVisible();
  await expect(
    page.locator('[data-block-id]').filter({ hasText: 'Совещание отделения' }).first(),
  ).toBeVisible();
  await fullShot(page, 'desk-block');

  // 3. The caller asks for a later time: the visit moves there, past the closed hour.
  const closed = [instantOf(meeting, tz).getTime(), instantOf(meetingEnd, tz).getTime()];
  const later = freeAt(meetingEnd.slice(11), 30, [...taken, closed]);
  await page.goto(`/cabinet/appointments/?date=${tomorrow}`);
  await hydrated(page);
  const row = page.locator(`[data-visit-id="${visit?.id}"]`);
  await row.getByRole('button', { name: 'Перенести' }).click();
  const move = row.getByRole('form', { name: 'Перенести запись' });
  await move.getByLabel('Дата и время').fill(later);
  await move.getByRole('button', { name: 'Перенести на это время' }).click();
  await expect(row.getByText('Запись перенесена, пациенту отправлено СМС')).toBeVisible();
  await expect(row).toContainText(later.slice(11));
  await fullShot(page, 'desk-moved');

  // 4. A walk-in, booked for a minute ago over the schedule (the doctor's time may be booked),
  // then marked as come.
  const walkIn = randomPhone();
  const now = localOf(new Date(Date.parse(today.now) - 60_000), tz);
  await page.goto('/cabinet/appointments/');
  await hydrated(page);
  await book.getByLabel('Телефон пациента').fill(walkIn.national);
  await book.getByLabel('Врач').selectOption(String(doctor.id));
  await book.getByLabel('Фамилия').fill('Пешеходов');
  await book.getByLabel('Имя', { exact: true }).fill('Иван');
  await book.getByLabel('Отчество').fill('Ильич');
  await book.getByLabel('Дата рождения').fill('1990-01-20');
  await book.getByLabel('Дата и время').fill(now);
  await book.getByLabel('Записать сверх расписания').check();
  await book
    .getByLabel('Причина записи сверх расписания')
    .fill('Пришёл без записи, врач примет между пациентами');
  await book.getByRole('button', { name: 'Записать' }).click();
  await expect(book.getByText('Пациент записан, ему отправлено СМС')).toBeVisible();
  await page.reload();
  await hydrated(page);
  const walkInRow = page.locator('[data-visit-id]').filter({ hasText: 'Пешеходов' }).last();
  await walkInRow.getByRole('button', { name: 'Пришёл', exact: true }).click();
  await expect(walkInRow.getByRole('status')).toHaveText('Отмечено: пациент пришёл');
  await fullShot(page, 'desk-walk-in');
  await context.close();
});
