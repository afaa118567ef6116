import { type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import { cardWithTimes, SLOT, settledSchedule } from './support/cards';
import { hydrated } from './support/hydrated';
import { addressOf, codeFor, csrf, randomPhone, signInThroughApi } from './support/patient';

/**
 * Booking end to end: a signed-in patient picks a slot on a doctor card of a clinic's doctor list
 * (the doctor whose hours the fixture opened as the clinic's front desk, support/cards.ts), fills
 * the form and sees 'Вы записаны'; after a reload the time is gone from that card's calendar.
 * A second scenario loses the race for a slot and gets 'Не получилось записаться' with the
 * nearest free times. The scenarios target the 390 px viewport (the phone project); the desktop
 * project runs them too.
 */

async function fillPatient(page: Page) {
  await page.getByLabel('Фамилия').fill('Смирнова');
  await page.getByLabel('Имя', { exact: true }).fill('Ольга');
  await page.getByLabel('Отчество').fill('Игоревна');
  await page.getByLabel('Дата рождения').fill('14.03.2011');
}

async function signedInPatient(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await signInThroughApi(page, randomPhone().digits);
  return page;
}

test('a patient books a slot from a clinic’s doctor list, sees «Вы записаны», and the time is gone after reload', async ({
  page,
}, info) => {
  await signInThroughApi(page, randomPhone().digits);
  // A day with two times: booking one leaves the day in the strip under the same name.
  const card = await cardWithTimes(page, { times: 2 });
  const listUrl = new URL(page.url()).pathname;
  const doctorId = await card.getAttribute('data-doctor-id');
  const dayTab = card.getByRole('tablist', { name: 'Дни для записи' }).getByRole('tab', { selected: true });
  const dayName = await dayTab.textContent();
  const slot = card.getByRole('tabpanel').getByRole('button', { name: SLOT }).first();
  const time = (await slot.textContent())?.trim() ?? '';
  await slot.click();

  await expect(page).toHaveURL(
    new RegExp(
      `/appointment/new/\\?doctor=${doctorId}&lpu=\\d+&slot=[\\d.]+\\+${time.replace(':', '%3A')}&source=clinic_doctors`,
    ),
  );
  await expect(page.getByRole('heading', { name: 'Запись на приём', level: 1 })).toBeVisible();
  await expect(page.getByText(new RegExp(`, ${time}$`))).toBeVisible();

  // Nothing filled: the form names what is missing and does not call the server.
  await page.getByRole('button', { name: 'Записаться' }).click();
  await expect(page.getByText('Укажите фамилию', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Фамилия')).toBeFocused();

  // An adult's birth date: the clinic's doctors see children only (the age rule), under the field.
  await fillPatient(page);
  await page.getByLabel('Дата рождения').fill('14.03.1987');
  await page.getByRole('button', { name: 'Записаться' }).click();
  await expect(
    page.getByText(
      'Врач принимает только детей до 18 лет. Проверьте дату рождения или выберите другого врача.',
    ),
  ).toBeVisible();
  await page.screenshot({ path: info.outputPath('booking-age-refused.png'), fullPage: true });

  await fillPatient(page);
  await page.screenshot({ path: info.outputPath('booking-form.png'), fullPage: true });
  await page.getByRole('button', { name: 'Записаться' }).click();

  await expect(page.getByRole('heading', { name: 'Вы записаны', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/appointment\/\d+\/\?token=/);
  await expect(page.getByRole('link', { name: 'Добавить в календарь' })).toHaveAttribute(
    'href',
    /\/ics\/\?token=/,
  );
  await page.screenshot({ path: info.outputPath('booked.png'), fullPage: true });
  const when = (await page.locator('section[aria-label="Детали записи"] p').first().textContent()) ?? '';
  // The patient confirms they will come (what the reminders' link asks); it stays after a reload.
  await hydrated(page);
  await page.getByRole('button', { name: 'Подтвердить запись' }).click();
  await expect(page.getByTestId('visit-confirmed')).toContainText('Вы подтвердили запись');
  await page.reload();
  await expect(page.getByTestId('visit-confirmed')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Подтвердить запись' })).toHaveCount(0);

  // The account's list has it under 'Предстоящие'.
  await page.goto('/profile/appointments');
  await expect(
    page.getByRole('region', { name: 'Предстоящие' }).getByRole('link', { name: when }),
  ).toBeVisible();

  // Back on the list, the card's calendar no longer offers that time on that day.
  await page.goto(listUrl);
  const again = page.locator(`article[data-doctor-id="${doctorId}"]`).first();
  await again.scrollIntoViewIfNeeded();
  const againDays = again.getByRole('tablist', { name: 'Дни для записи' });
  await expect(againDays).toBeVisible({ timeout: 10_000 });
  // The booked day, found by its text: a day left without times is named '…, записи нет'.
  const bookedDay = againDays
    .getByRole('tab')
    .filter({ hasText: dayName ?? '' })
    .first();
  if ((await bookedDay.getAttribute('aria-disabled')) !== 'true') {
    // Not the first day when today had too few times left (cardWithTimes).
    if ((await bookedDay.getAttribute('aria-selected')) !== 'true') await bookedDay.click();
    await expect(bookedDay).toHaveAttribute('aria-selected', 'true');
    await expect(again.getByRole('tabpanel').getByRole('button', { name: time, exact: true })).toHaveCount(0);
  }
});

test('the form holds the time from a rival; once the hold is gone the rival wins and the nearest free times are offered', async ({
  page,
  context,
}) => {
  await signInThroughApi(page, randomPhone().digits);
  // Two times: the patient later holds the other one.
  const card = await cardWithTimes(page, { times: 2 });
  await card.getByRole('tabpanel').getByRole('button', { name: SLOT }).first().click();
  await expect(page).toHaveURL(/\/appointment\/new\//);
  await expect(page.getByText('Мы придержим это время за вами 10 минут', { exact: false })).toBeVisible();
  const query = new URL(page.url()).searchParams;
  const target = { doctor_id: Number(query.get('doctor')), lpu_id: Number(query.get('lpu')) };

  // Another patient tries the same time while this one is typing: the hold keeps it.
  const rival = await signedInPatient(
    await context.browser()!.newContext({ baseURL: test.info().project.use.baseURL }),
  );
  const rivalBooks = async () =>
    rival.request.post('/ajax/appointment/create/', {
      headers: { 'X-CSRFToken': await csrf(rival) },
      data: {
        ...target,
        slot: query.get('slot'),
        last_name: 'Кузнецов',
        first_name: 'Павел',
        no_patronymic: true,
        birth_date: '2011-08-02',
        request_key: `rival-${Date.now()}-${Math.random()}`,
      },
    });
  expect((await rivalBooks()).status()).toBe(409);

  // The patient holds another time in a second tab (one hold per patient): the first is let go,
  // and now the rival gets it.
  const other = await page.request.post('/ajax/schedule/slots_bulk/', {
    headers: { 'X-CSRFToken': await csrf(page) },
    data: {
      days: 14,
      dt_start: new Date().toISOString().slice(0, 10),
      town_timedelta: 3,
      doctors_lpus: [target],
    },
  });
  const [day, times] = Object.entries((await other.json())[0].slots as Record<string, { time: string }[]>)[0];
  const [y, m, d] = day.split('-');
  const elsewhere = await page.request.post('/ajax/appointment/hold/', {
    headers: { 'X-CSRFToken': await csrf(page) },
    data: { ...target, slot: `${d}.${m}.${y} ${times[times.length - 1].time}` },
  });
  expect(elsewhere.status()).toBe(201);
  expect((await rivalBooks()).status()).toBe(201);

  await fillPatient(page);
  await page.getByRole('button', { name: 'Записаться' }).click();
  const failure = page.getByRole('alert').filter({ hasText: 'Не получилось записаться' });
  await expect(failure).toBeVisible();
  await expect(failure).toContainText('Это время уже заняли');
  const offer = failure.getByRole('button').first();
  // As the calendar names it: 'чт, 26 нояб., 14:00'.
  await expect(offer).toHaveText(/^[а-я]{2}, \d{1,2} [а-я]+\.?, \d\d:\d\d$/);
  await offer.click();

  // The fields are kept; the new time books.
  await expect(page.getByLabel('Фамилия')).toHaveValue('Смирнова');
  await page.getByRole('button', { name: 'Записаться' }).click();
  await expect(page.getByRole('heading', { name: 'Вы записаны', level: 1 })).toBeVisible();

  // Cancel frees a time: the page says so. The offered times are the nearest ones and may fall
  // inside the clinic's two-hour cut-off, when the site no longer cancels; so the patient also
  // books the schedule's last time (days ahead) and cancels that one.
  const days = Object.entries((await other.json())[0].slots as Record<string, { time: string }[]>);
  const [lastDay, lastTimes] = days[days.length - 1];
  const [ly, lm, ld] = lastDay.split('-');
  const later = await page.request.post('/ajax/appointment/create/', {
    headers: { 'X-CSRFToken': await csrf(page) },
    data: {
      ...target,
      slot: `${ld}.${lm}.${ly} ${lastTimes[lastTimes.length - 1].time}`,
      last_name: 'Смирнова',
      first_name: 'Ольга',
      patronymic: 'Игоревна',
      birth_date: '2011-03-14',
      request_key: `later-${Date.now()}-${Math.random()}`,
    },
  });
  expect(later.status()).toBe(201);
  await page.goto((await later.json()).appointment.url);
  await page.getByRole('button', { name: 'Отменить запись' }).click();
  await page.getByRole('button', { name: 'Да, отменить' }).click();
  await expect(page.getByRole('heading', { name: 'Запись отменена', level: 1 })).toBeVisible();
  await page.goto('/profile/appointments');
  await expect(
    page.getByRole('region', { name: 'Прошедшие и отменённые' }).getByText('Запись отменена'),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Предстоящие' }).getByRole('listitem')).toHaveCount(1);
});

test('consecutive days without slots merge into one disabled tab that does nothing', async ({ page }) => {
  await page.goto('/moskva/vrach/');
  const cards = page.locator('article[data-doctor-id]');
  // A range title like '22–23 нояб.' with joined weekdays like 'вс–пн'.
  const mergedIn = (card: Locator) => card.getByRole('tab', { name: /^\d{1,2}–\d{1,2} \S+ \S+–\S+/ });
  let card: Locator | null = null;
  for (let i = 0; i < 20 && !card; i++) {
    const candidate = cards.nth(i);
    await candidate.scrollIntoViewIfNeeded();
    await expect(settledSchedule(candidate)).toBeVisible({ timeout: 15_000 });
    if ((await mergedIn(candidate).count()) > 0) card = candidate;
  }
  if (!card) throw new Error('no merged empty-day tab among the first twenty cards');
  const tab = mergedIn(card).first();
  await expect(tab).toHaveAttribute('aria-disabled', 'true');
  const active = card.getByRole('tablist', { name: 'Дни для записи' }).getByRole('tab', { selected: true });
  const before = await active.textContent();
  // Playwright will not click what says aria-disabled; a finger will.
  await tab.click({ force: true });
  await expect(tab).toHaveAttribute('aria-selected', 'false');
  await expect(active).toHaveText(before ?? '');
});

test('an anonymous visitor signs in over the booking page and comes back to the chosen time', async ({
  page,
}) => {
  const { national, digits } = randomPhone();
  // The visitor's browser comes from an address of its own: reruns stay under the per-address limits.
  await page.setExtraHTTPHeaders(addressOf(digits));
  const card = await cardWithTimes(page, { times: 1 });
  await card.getByRole('tabpanel').getByRole('button', { name: SLOT }).first().click();
  await expect(page).toHaveURL(/\/appointment\/new\/.*slot=/);
  const booking = page.url();
  await hydrated(page);
  await page.getByRole('link', { name: 'Подтвердить номер' }).click();
  const dialog = page.getByRole('dialog', { name: 'Войдите, чтобы продолжить' });
  await expect(dialog).toBeVisible();
  // Still on the booking page: no trip to the sign-in chooser.
  expect(page.url()).toBe(booking);
  const phone = dialog.getByLabel('Номер телефона');
  await expect(phone).toBeEnabled();
  await phone.click();
  await phone.pressSequentially(national, { delay: 50 });
  await phone.press('Enter');
  const code = dialog.getByRole('textbox', { name: /Код|цифры/ });
  await expect(code).toBeVisible();
  await page.screenshot({ path: test.info().outputPath(`sign-in-modal-${test.info().project.name}.png`) });
  await code.fill(await codeFor(page, digits));
  // Back on the same booking, signed in: the form for the chosen time.
  await expect(page.getByLabel('Фамилия')).toBeVisible();
  expect(new URL(page.url()).search).toBe(new URL(booking).search);
});

// Phones swipe the strip; the arrows are for desktops.
test('the desktop day strip has arrows that reach the later days by mouse', { tag: '@desktop' }, async ({
  page,
}) => {
  // A list card's calendar whose fortnight is wider than the card's column (empty days merged
  // into one tab can make a strip fit, and then it has no arrows).
  const card = await cardWithTimes(page, {
    times: 1,
    accept: (c) =>
      expect(c.getByRole('button', { name: 'Следующие дни' }))
        .toBeVisible({ timeout: 2_000 })
        .then(
          () => true,
          () => false,
        ),
  });
  const strip = card.getByRole('tablist', { name: 'Дни для записи' });
  await expect(strip).toBeVisible();
  await hydrated(page);
  const earlier = card.getByRole('button', { name: 'Предыдущие дни' });
  const later = card.getByRole('button', { name: 'Следующие дни' });
  await expect(later).toBeEnabled();
  await expect(earlier).toBeDisabled();
  const before = await strip.evaluate((el) => el.scrollLeft);
  await later.click();
  await expect.poll(() => strip.evaluate((el) => el.scrollLeft)).toBeGreaterThan(before);
  await expect(earlier).toBeEnabled();
  await card.screenshot({ path: test.info().outputPath('day-strip-arrows.png') });
  // Pressed until the end: the last day's tab is in view and '›' is disabled.
  for (let i = 0; i < 6 && (await later.isEnabled()); i++) {
    await later.click();
    await page.waitForTimeout(400);
  }
  await expect(later).toBeDisabled();
  await expect(strip.getByRole('tab').last()).toBeInViewport();
});

test('a returning patient books in three taps: a time, «Записаться», done', async ({ page }) => {
  await signInThroughApi(page, randomPhone().digits);
  // The first booking: the form is typed once.
  const card = await cardWithTimes(page, { times: 2 });
  await card.getByRole('tabpanel').getByRole('button', { name: SLOT }).first().click();
  await expect(page).toHaveURL(/\/appointment\/new\//);
  await hydrated(page);
  await fillPatient(page);
  await page.getByRole('button', { name: 'Записаться' }).click();
  await expect(page.getByRole('heading', { name: 'Вы записаны', level: 1 })).toBeVisible();

  // The next one: tap a time…
  const again = await cardWithTimes(page, { times: 1 });
  await again.getByRole('tabpanel').getByRole('button', { name: SLOT }).first().click();
  await expect(page).toHaveURL(/\/appointment\/new\//);
  await hydrated(page);
  // …the form is filled from the last booking (the birth date in the 'дд.мм.гггг' mask)…
  await expect(page.getByLabel('Фамилия')).toHaveValue('Смирнова');
  await expect(page.getByLabel('Дата рождения')).toHaveValue('14.03.2011');
  await expect(page.getByRole('button', { name: 'Записать другого человека' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath(`prefilled-${test.info().project.name}.png`) });
  // …tap 'Записаться', and it is done.
  await page.getByRole('button', { name: 'Записаться' }).click();
  await expect(page.getByRole('heading', { name: 'Вы записаны', level: 1 })).toBeVisible();
});
