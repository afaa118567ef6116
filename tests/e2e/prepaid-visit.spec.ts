import { type Browser, expect, type Locator, test } from '@playwright/test';
import { laterTime } from './support/cards';
import { asDesk, openHours } from './support/desk';
import { hydrated } from './support/hydrated';
import { csrf, randomPhone, signInThroughApi, workAccountContext } from './support/patient';
import { shot } from './support/shot';

/**
 * A visit prepaid with the club coupon, told the same on every screen (issue 46, ADR 044): a club
 * member books a doctor at the club price and pays the coupon through the dev checkout; the
 * breakdown before the checkout, the coupon page, the visit page, 'Мои записи', the confirmation
 * SMS, the clinic's booking list and calendar all say what was paid on the site and what is left
 * to pay at the clinic, and both cancel questions say the coupon is not refunded before the
 * patient confirms. The amounts are worked out here from the doctor's regular price on the card.
 */

// The dev server compiles the booking, the checkout and the cabinet on their first use.
test.describe.configure({ timeout: 180_000 });

/**
 * A demo clinic in the club that no other scenario books or edits (server/db/seed/rows/user.ts's
 * fifth clinic account: 'Кордис', one doctor): its doctor's visit is a consultation, 30 % off.
 */
const CLUB_CLINIC = '79990002004';
const DOCTOR_DISCOUNT_PERCENT = 30;
/** '1 680 ₽' as the site writes it, spaces normalised (the site uses no-break spaces). */
const rub = (amount: number) => `${amount.toLocaleString('ru-RU')} ₽`.replace(/\s+/g, ' ');
const norm = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();
/** '2 400 ₽' → 2400. */
const amountOf = (text: string) => Number(text.replace(/\D/g, ''));

/** A definition list's rows as [term, value] pairs, spaces normalised. */
async function rowsOf(list: Locator): Promise<string[][]> {
  return list
    .locator(':scope > div')
    .evaluateAll((rows) =>
      rows.map((row) =>
        [row.querySelector('dt'), row.querySelector('dd')].map((el) =>
          (el?.textContent ?? '').replace(/\s+/g, ' ').trim(),
        ),
      ),
    );
}

/** Each element's text, its children's texts joined by a space (a `dt` and its `dd`s), spaces normalised. */
async function partsOf(elements: Locator): Promise<string[]> {
  return elements.evaluateAll((els) =>
    els.map((el) =>
      (el.children.length > 0
        ? [...el.children].map((c) => c.textContent ?? '').join(' ')
        : (el.textContent ?? '')
      )
        .replace(/\s+/g, ' ')
        .trim(),
    ),
  );
}

/**
 * The club clinic's doctor, opened for booking through the cabinet's calls as the front desk
 * would (online booking on, wide hours every day): the doctor's id and the clinic's page.
 */
function openClubDoctor(browser: Browser): Promise<{ doctorId: number; clinicId: number }> {
  return asDesk(browser, CLUB_CLINIC, async (desk, hours) => {
    const place = hours.places.find((p) => !p.misSchedule && p.visitTypes.includes('clinic'));
    if (!place) throw new Error(`no doctor of clinic ${hours.clinicId} takes clinic visits`);
    await openHours(desk, place);
    return { doctorId: place.doctor.id, clinicId: place.clinic.id };
  });
}

test('a member’s prepaid visit shows what was paid on the site and what is left for the clinic everywhere', async ({
  page,
  browser,
}) => {
  const { doctorId, clinicId } = await openClubDoctor(browser);
  const { digits } = randomPhone();
  await signInThroughApi(page, digits);
  await page.goto('/');
  // A member: the free first card.
  const joined = await page.request.post('/club/ajax/card/', {
    headers: { 'X-CSRFToken': await csrf(page) },
  });
  expect(joined.status(), await joined.text()).toBe(201);

  // The doctor's card on the clinic's doctor list: the regular price and the club price.
  await page.goto(`/moskva/lpu/${clinicId}-x/vrachi/`);
  await hydrated(page);
  const card = page.locator(`article[data-doctor-id="${doctorId}"]`).first();
  await card.scrollIntoViewIfNeeded();
  const clubButton = card.locator('button[data-club-price]').first();
  await expect(clubButton).toHaveText(/ в клубе$/);
  const regularText = await card
    .getByText(/^\d[\d\s]*\s₽$/)
    .first()
    .textContent();
  const full = amountOf(regularText ?? '');
  expect(full).toBeGreaterThan(0);
  // The club rule (core/club/rules.ts, ADR 044): a consultation is 30 % off, the discount rounded
  // down to a whole rouble; the coupon is half the club price rounded down; the rest is the clinic's.
  const discount = Math.floor((full * DOCTOR_DISCOUNT_PERCENT) / 100);
  const club = full - discount;
  const paid = Math.floor(club / 2);
  const due = club - paid;
  expect(norm(await clubButton.textContent())).toBe(`${rub(club)} в клубе`);

  await expect(card.getByRole('tablist', { name: 'Дни для записи' })).toBeVisible({ timeout: 30_000 });
  const time = await laterTime(card);
  const slotTime = norm(await time.textContent());
  await time.click();
  await expect(page).toHaveURL(/\/appointment\/new\/.*[?&]slot=/);
  const [d, m, y] = (new URL(page.url()).searchParams.get('slot') ?? '').split(/[.\s]/);
  const visitDay = `${y}-${m}-${d}`;
  await hydrated(page);

  // The form: a member's price at the clinic, and the breakdown of booking with the coupon.
  await page.getByLabel('Фамилия').fill('Смирнова');
  await page.getByLabel('Имя', { exact: true }).fill('Ольга');
  await page.getByLabel('Отчество').fill('Игоревна');
  await page.getByLabel('Дата рождения').fill('14.03.1987');
  const option = page.getByTestId('club-booking');
  await expect(option.getByTestId('member-price')).toContainText(`По клубной карте в клинике: ${rub(club)}`);
  const breakdown = option.getByRole('region', { name: 'Как работает клубная цена' });
  await expect(breakdown).toBeVisible();
  expect(await rowsOf(breakdown.getByTestId('club-booking-breakdown'))).toEqual([
    ['Обычная цена', rub(full)],
    ['Клубная карта на 6 месяцев', 'уже есть'],
    ['Клубная скидка', `−${rub(discount)}`],
    ['Клубная цена', rub(club)],
    ['Оплатить на сайте сейчас', rub(paid)],
    ['Оплатить в клинике', rub(due)],
  ]);
  await option.getByRole('checkbox', { name: `Записаться по клубной цене ${rub(club)}` }).check();
  await option.getByLabel('Email для чека').fill('olga@example.com');
  await shot(page, 'prepaid-form');

  // The checkout (the dev payments provider), then the coupon page says the visit is booked.
  let coupon = 0;
  await page.route('**/club/ajax/coupon_request/', async (route) => {
    const response = await route.fetch();
    coupon = (await response.json()).id;
    await route.fulfill({ response });
  });
  await page.getByRole('button', { name: 'Записаться', exact: true }).click();
  await expect(page).toHaveURL(/\/dev\/pay\/[\w-]+$/, { timeout: 30_000 });
  await page.unroute('**/club/ajax/coupon_request/');
  expect(coupon).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Оплатить' }).click();
  await expect(page).toHaveURL(new RegExp(`/club/coupon_request/${coupon}/payment_status/`));
  await expect(page.getByRole('heading', { name: 'Вы записаны' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('link', { name: 'Перейти к записи' }).click();
  await expect(page).toHaveURL(/\/appointment\/\d+\/?(\?.*)?$/);
  const visitId = Number(new URL(page.url()).pathname.match(/\/appointment\/(\d+)/)?.[1]);

  // The visit page.
  await hydrated(page);
  const money = page.getByTestId('visit-money');
  await expect(money).toBeVisible();
  expect(await partsOf(money.locator(':scope > div'))).toEqual([
    `Стоимость приёма: ${rub(club)}`,
    `Оплачено на сайте: ${rub(paid)} (купон на приём по клубной цене)`,
    `К оплате в клинике: ${rub(due)}`,
  ]);
  await shot(page, 'prepaid-visit-page');

  // 'Мои записи'.
  await page.goto('/profile/appointments/');
  const mine = page.locator('li').filter({ has: page.locator(`a[href*="/appointment/${visitId}/"]`) });
  await expect(mine.getByTestId('my-visit-money')).toBeVisible();
  expect(norm(await mine.getByTestId('my-visit-money').textContent())).toBe(
    `Оплачено на сайте: ${rub(paid)} · К оплате в клинике: ${rub(due)}`,
  );
  await shot(page, 'prepaid-my-visits');

  // The confirmation SMS (the dev outbox).
  await expect(async () => {
    const outbox = await (await page.request.get('/dev/outbox.json')).json();
    const texts = (outbox.messages as { phone: string; text: string }[])
      .filter((message) => message.phone === digits && message.text.startsWith('Вы записаны к врачу'))
      .map((message) => norm(message.text));
    expect(texts).toEqual([expect.stringMatching(/^Вы записаны к врачу /)]);
    expect(texts[0].endsWith(`. Оплачено на сайте ${rub(paid)}, в клинике ${rub(due)}`), texts[0]).toBe(true);
  }).toPass({ timeout: 30_000 });

  // The clinic's booking list and calendar.
  const desk = await (await workAccountContext(browser, CLUB_CLINIC)).newPage();
  await desk.goto(`/cabinet/appointments/?date=${visitDay}&days=1`);
  const row = desk.locator(`[data-visit-id="${visitId}"]`);
  await expect(row).toBeVisible({ timeout: 30_000 });
  const side = row.locator(':scope > div').last();
  expect(await partsOf(side.locator('p'))).toEqual([
    'Записан',
    expect.any(String),
    rub(club),
    `Предоплата: ${rub(paid)}`,
    `К оплате в клинике: ${rub(due)}`,
  ]);
  await shot(desk, 'prepaid-clinic-list');
  await desk.goto(`/cabinet/calendar/?date=${visitDay}&doctor=${doctorId}`);
  const item = desk
    .locator('li')
    .filter({ hasText: `${slotTime} Смирнова` })
    // A run before on the same database cancelled its own visit at this time.
    .filter({ hasNotText: 'Отменена' })
    .filter({ has: desk.getByTestId('calendar-prepaid') })
    .filter({ visible: true });
  await expect(item).toHaveCount(1, { timeout: 30_000 });
  // The calendar marks the prepayment and what is left to pay at the clinic.
  expect(norm(await item.getByTestId('calendar-prepaid').textContent())).toBe(`· Предоплата ${rub(paid)}`);
  expect(norm(await item.getByTestId('calendar-due').textContent())).toBe(`· К оплате в клинике ${rub(due)}`);
  await shot(desk, 'prepaid-clinic-calendar');
  await desk.context().close();

  // Cancelling from 'Мои записи': the question says the coupon is kept before it is confirmed.
  const warning = `Предоплата ${rub(paid)} не вернётся: купон на приём по клубной цене невозвратный.`;
  await page.goto('/profile/appointments/');
  await hydrated(page);
  // The browser's confirm(): its question is read, then answered 'Отмена'.
  const questions: string[] = [];
  page.once('dialog', (dialog) => {
    questions.push(dialog.message());
    void dialog.dismiss();
  });
  await mine.getByRole('button', { name: 'Отменить запись' }).click();
  await expect.poll(() => questions.length).toBe(1);
  expect(norm(questions[0])).toBe(
    `Отменить запись? Время сразу станет свободным для других пациентов. ${warning}`,
  );
  await expect(mine.getByTestId('my-visit-money')).toContainText(`К оплате в клинике`);

  // And from the visit page, where the patient confirms.
  await page.goto(`/appointment/${visitId}/`);
  await hydrated(page);
  await page.getByRole('button', { name: 'Отменить запись' }).click();
  const ask = page.getByRole('alertdialog');
  await expect(ask).toBeVisible();
  expect(norm(await ask.getByTestId('cancel-money').textContent())).toBe(warning);
  await shot(page, 'prepaid-cancel-question');
  await ask.getByRole('button', { name: 'Да, отменить' }).click();
  await expect(page.getByTestId('visit-money-canceled')).toBeVisible({ timeout: 20_000 });
  expect(norm(await page.getByTestId('visit-money-canceled').textContent())).toBe(
    `Предоплата ${rub(paid)} не возвращается: купон невозвратный.`,
  );
});
