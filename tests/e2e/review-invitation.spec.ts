import { expect, test } from '@playwright/test';
import { type DeskVisit, localOf } from './support/desk';
import { hydrated } from './support/hydrated';
import { csrf, randomPhone, WORK_PHONES, workAccountContext } from './support/patient';
import { fullShot } from './support/shot';

/**
 * The invitation after a visit (docs/product/reviews.md, 'Приглашение после приёма'): a walk-in
 * booked at the second demo clinic's desk for a time already under way, marked «Пришёл»; when
 * the visit's time is over the minute's sweep texts the patient a one-time link (read here from
 * the dev SMS outbox); the link opens the form signed out, the review goes to moderation as a
 * verified one, and once staff publish it its card says the visit was booked through the service.
 * The link is spent: opened again, it says so.
 */

const CLINIC = '79990002002';

test('a visit marked «Пришёл» brings one SMS whose link writes a verified review of it', async ({
  browser,
  page,
}) => {
  // The visit must be over before the sweep (each minute) invites it.
  test.setTimeout(15 * 60_000);
  const clinic = await (await workAccountContext(browser, CLINIC)).newPage();
  await clinic.goto('/healthz');
  /** The reception list of the clinic's today, or of `date` (YYYY-MM-DD in the clinic's zone). */
  const reception = async (date?: string) =>
    (await (
      await clinic.request.get(`/cabinet/ajax/appointments/?days=1${date ? `&date=${date}` : ''}`)
    ).json()) as {
      now: string;
      doctors: { id: number; name: string }[];
      visits: DeskVisit[];
    };
  const today = await reception();
  const doctor = today.doctors[0];
  const tz = today.visits[0]?.tz ?? 'Europe/Moscow';
  const patient = randomPhone();
  const lastName = `Отзывова${Date.now().toString(36).slice(-4)}`;
  /** A walk-in for the doctor at `at`, booked over the schedule from the reception page; the visit as the list gives it. */
  const walkIn = async (at: Date): Promise<DeskVisit> => {
    await clinic.goto('/cabinet/appointments/');
    await hydrated(clinic);
    const book = clinic.getByRole('form', { name: 'Записать пациента' });
    await book.getByLabel('Телефон пациента').fill(patient.national);
    await book.getByLabel('Врач').selectOption(String(doctor.id));
    await book.getByLabel('Фамилия').fill(lastName);
    await book.getByLabel('Имя', { exact: true }).fill('Вера');
    await book.getByLabel('Отчество').fill('Павловна');
    await book.getByLabel('Дата рождения').fill('1988-03-14');
    await book.getByLabel('Дата и время').fill(localOf(at, tz));
    await book.getByLabel('Записать сверх расписания').check();
    await book
      .getByLabel('Причина записи сверх расписания')
      .fill('Пришла без записи, врач примет между пациентами');
    await book.getByRole('button', { name: 'Записать' }).click();
    await expect(book.getByText('Пациент записан, ему отправлено СМС')).toBeVisible();
    // Looked for on the day it starts: in the first half hour after midnight a visit that ends a
    // minute and a half from now started yesterday (a CI run at 00:07 Moscow missed it in today's list).
    const found = (await reception(localOf(at, tz).slice(0, 10))).visits.find(
      (v) => v.patientName.startsWith(lastName) && v.status === 'active',
    );
    if (!found) throw new Error('the walk-in is not in the reception list');
    return found;
  };
  const headers = { 'X-CSRFToken': await csrf(clinic) };
  // The desk gives a walk-in the doctor's visit length: a first booking tells it, and is
  // cancelled; the second starts so that it ends a minute and a half from now.
  const probe = await walkIn(new Date(Date.parse(today.now) - 60_000));
  const minutes = (Date.parse(probe.endsAt) - Date.parse(probe.startsAt)) / 60_000;
  const cancel = await clinic.request.post(`/cabinet/ajax/appointments/${probe.id}/status/`, {
    data: { status: 'canceled', reason: 'Записали на другое время' },
    headers,
  });
  expect(cancel.status(), await cancel.text()).toBe(200);
  const now = Date.parse((await reception()).now);
  const visit = await walkIn(new Date(now - minutes * 60_000 + 90_000));

  // The clinic marks her as come.
  const marked = await clinic.request.post(`/cabinet/ajax/appointments/${visit.id}/status/`, {
    data: { status: 'done' },
    headers,
  });
  expect(marked.status(), await marked.text()).toBe(200);

  // After the visit's end, one SMS with the link.
  const invitations = async () => {
    const outbox = await (await page.request.get('/dev/outbox.json')).json();
    return (outbox.messages as { phone: string; text: string }[]).filter(
      (m) => m.phone === patient.digits && m.text.startsWith('Как прошёл'),
    );
  };
  let link = '';
  await expect(async () => {
    const [sms] = await invitations();
    expect(sms?.text).toMatch(
      /Оставьте отзыв, за опубликованный — скидка 300 ₽: http.+\/reviews\/new\/\?invite=/,
    );
    link = sms.text.slice(sms.text.indexOf('http'));
  }).toPass({ timeout: Date.parse(visit.endsAt) - Date.now() + 6 * 60_000, intervals: [5_000] });

  // Signed out, the link opens the form for that doctor and that month only.
  await page.goto(new URL(link).pathname + new URL(link).search);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Отзыв о враче' })).toBeVisible();
  await expect(page.getByText('отзыв будет отмечен как проверенный')).toBeVisible();
  await expect(page.locator('select[name="visit_month"] option')).toHaveCount(1);
  const token = `Приглашение-${Date.now().toString(36)}`;
  await page.getByRole('group', { name: 'Эффективность лечения' }).getByTitle('Отлично').click();
  await page.getByRole('group', { name: 'Отношение к пациенту' }).getByTitle('Отлично').click();
  await page
    .getByRole('textbox', { name: 'Ваш отзыв' })
    .fill(
      `${token}: пришла без записи, врач принял между пациентами, внимательно выслушал и подробно ` +
        'объяснил, что делать дальше. Рекомендации понятные, через неделю стало лучше.',
    );
  await fullShot(page, 'invitation-form');
  await page.getByRole('button', { name: 'Отправить отзыв' }).click();
  await expect(page.getByText('Спасибо! Отзыв отправлен на проверку')).toBeVisible();

  // The link is spent.
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByText('По этой ссылке отзыв уже оставлен. Спасибо!')).toBeVisible();
  await fullShot(page, 'invitation-used');

  // Staff publish it: its card says how the visit is known.
  const staff = await (await workAccountContext(browser, WORK_PHONES.staff)).newPage();
  await staff.goto('/staff/reviews/');
  await staff.getByRole('searchbox', { name: 'Поиск отзывов' }).fill(token);
  await staff.getByRole('searchbox', { name: 'Поиск отзывов' }).press('Enter');
  const card = staff.locator('li', { hasText: token }).last();
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Опубликовать' }).click();
  await expect(staff.getByRole('status').filter({ hasText: 'Отзыв опубликован' })).toBeVisible();

  const reviews = await page.request.get(`/ajax/doctor/${doctor.id}/reviews/?ratetype=all&page=1`);
  const html = (await reviews.json()).template as string;
  const article = html.slice(
    html.lastIndexOf('<article', html.indexOf(token)),
    html.indexOf('</article>', html.indexOf(token)),
  );
  expect(article).toContain('Отзыв проверен');
  expect(article).toContain('Запись через сервис');
  expect(await invitations()).toHaveLength(1);
});
