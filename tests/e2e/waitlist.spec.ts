import { expect, type Page, test } from '@playwright/test';
import { cardWithTimes, hasLaterDay, laterTime } from './support/cards';
import { hydrated } from './support/hydrated';
import { randomPhone, signInThroughApi } from './support/patient';

/**
 * The waitlist: one patient books a doctor's time; another asks on the booking page to be told
 * when a time frees up; the first cancels; the second's SMS (read from /dev/outbox) links to the
 * freed time, which the link holds for them, and they book it.
 */

async function fillPatient(page: Page) {
  await page.getByLabel('Фамилия').fill('Смирнова');
  await page.getByLabel('Имя', { exact: true }).fill('Ольга');
  await page.getByLabel('Отчество').fill('Игоревна');
  await page.getByLabel('Дата рождения').fill('14.03.2011');
}

/** The waitlist SMS the phone got (newest first in the outbox), its link made relative. */
async function waitlistLink(page: Page, digits: string): Promise<string> {
  let link = '';
  await expect(async () => {
    const outbox = await (await page.request.get('/dev/outbox.json')).json();
    const sms = (outbox.messages as { phone: string; text: string }[]).find(
      (m) => m.phone === digits && m.text.startsWith('Освободилось время'),
    );
    expect(sms?.text).toMatch(/\/waitlist\/[\w-]+\/$/);
    link = new URL(/https?:\/\/\S+$/.exec(sms?.text ?? '')?.[0] ?? '').pathname;
  }).toPass({ timeout: 15_000 });
  return link;
}

test('join the waitlist, another patient cancels, the SMS link books the freed time', async ({
  page,
  browser,
}) => {
  // The first patient books a free time of a doctor.
  await signInThroughApi(page, randomPhone().digits);
  // A time tomorrow or later: one inside the clinic's cut-off could be neither moved nor cancelled.
  const card = await cardWithTimes(page, { accept: hasLaterDay });
  await (await laterTime(card)).click();
  await expect(page).toHaveURL(/\/appointment\/new\//);
  const bookingUrl = new URL(page.url());
  await hydrated(page);
  await fillPatient(page);
  await page.getByRole('button', { name: 'Записаться' }).click();
  await expect(page.getByRole('heading', { name: 'Вы записаны', level: 1 })).toBeVisible();
  const when = (await page.locator('section[aria-label="Детали записи"] p').first().textContent()) ?? '';

  // The second patient, on the same doctor's booking page, asks to be told.
  const other = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const second = await other.newPage();
  await second.goto('/');
  const phone = randomPhone();
  await signInThroughApi(second, phone.digits);
  const q = new URLSearchParams({
    doctor: bookingUrl.searchParams.get('doctor') ?? '',
    lpu: bookingUrl.searchParams.get('lpu') ?? '',
    source: 'doctor_page',
  });
  await second.goto(`/appointment/new/?${q}`);
  await hydrated(second);
  const waitlist = second.getByTestId('waitlist');
  await waitlist.getByRole('button', { name: 'Нет подходящего времени? Сообщим, когда освободится' }).click();
  await expect(waitlist.getByRole('heading', { name: 'Сообщить, когда освободится время' })).toBeVisible();
  // Until the last day offered; every part of the day is ticked already.
  const until = waitlist.getByLabel('По');
  await until.selectOption({ index: (await until.locator('option').count()) - 1 });
  await expect(waitlist.getByRole('checkbox', { name: 'Утро, 6–11' })).toBeChecked();
  await second.screenshot({ path: test.info().outputPath(`waitlist-form-${test.info().project.name}.png`) });
  await waitlist.getByRole('button', { name: 'Сообщить мне' }).click();
  await expect(waitlist.getByTestId('waitlist-done')).toHaveText(
    'Готово. Пришлём СМС, как только освободится подходящее время.',
  );

  // The first patient cancels.
  await page.getByRole('button', { name: 'Отменить запись' }).click();
  await page.getByRole('button', { name: 'Да, отменить' }).click();
  await expect(page.getByRole('heading', { name: 'Запись отменена', level: 1 })).toBeVisible();

  // The SMS link: the freed time, held for the second patient on 'Записаться на это время'.
  await second.goto(await waitlistLink(second, phone.digits));
  await expect(second.getByRole('heading', { name: 'Освободилось время', level: 1 })).toBeVisible();
  await expect(second.getByTestId('offer-when')).toHaveText(when);
  await hydrated(second);
  await second.screenshot({ path: test.info().outputPath(`waitlist-offer-${test.info().project.name}.png`) });
  await second.getByRole('button', { name: 'Записаться на это время' }).click();
  await expect(second).toHaveURL(/\/appointment\/new\/\?.*source=waitlist/);
  await hydrated(second);
  await fillPatient(second);
  await second.getByRole('button', { name: 'Записаться' }).click();
  await expect(second.getByRole('heading', { name: 'Вы записаны', level: 1 })).toBeVisible();
  await expect(second.locator('section[aria-label="Детали записи"] p').first()).toHaveText(when);
  await other.close();
});
