import { expect, type Page, test } from '@playwright/test';
import { cardWithTimes, hasLaterDay, laterTime } from './support/cards';
import { csrf, randomPhone, signInThroughApi, workAccountContext } from './support/patient';

/**
 * No clashing visits (issue 46, docs/product/visits.md): a patient who holds a visit cannot book
 * another doctor at the same time. The booking clinic's list doctor (support/cards.ts) is booked
 * on a later day; a second doctor of that clinic, given the same hours here, is then asked for
 * that very time, and the form answers with the visit in the way.
 */

const BOOKING_CLINIC = '79990002003';
const OPEN_WEEK = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
  weekday,
  intervals: [{ start: '07:00', end: '22:00' }],
}));

interface Place {
  doctor: { id: number };
  clinic: { id: number };
  appointmentOn: boolean;
  visitTypes: string[];
  misSchedule: boolean;
}

/** A second doctor of the clinic (not `besides`, no home visits) opened as the fixture opens the first. */
async function openSecondDoctor(
  page: Page,
  besides: number,
): Promise<{ doctorId: number; clinicId: number }> {
  const browser = page.context().browser();
  if (!browser) throw new Error('no browser');
  const desk = await (await workAccountContext(browser, BOOKING_CLINIC)).newPage();
  const hours = await (await desk.request.get('/cabinet/ajax/schedule/hours/')).json();
  const place = (hours.places as Place[]).find(
    (p) =>
      p.doctor.id !== besides &&
      !p.misSchedule &&
      p.visitTypes[0] === 'clinic' &&
      !p.visitTypes.includes('home'),
  );
  if (!place) throw new Error('the booking clinic has no second doctor for clinic visits');
  const headers = { 'X-CSRFToken': await csrf(desk) };
  if (!place.appointmentOn) {
    const on = await desk.request.post('/cabinet/ajax/schedule/booking/', {
      headers,
      data: { doctor_id: place.doctor.id, on: true },
    });
    expect(on.status(), await on.text()).toBe(200);
  }
  const set = await desk.request.post('/cabinet/ajax/schedule/hours/', {
    headers,
    data: {
      doctor_id: place.doctor.id,
      clinic_id: place.clinic.id,
      visit_type: 'clinic',
      slot_minutes: 30,
      week: OPEN_WEEK,
    },
  });
  expect(set.status(), await set.text()).toBe(200);
  await desk.context().close();
  return { doctorId: place.doctor.id, clinicId: place.clinic.id };
}

async function fillPatient(page: Page) {
  await page.getByLabel('Фамилия').fill('Кузнецова');
  await page.getByLabel('Имя', { exact: true }).fill('Вера');
  await page.getByLabel('Отчество').fill('Павловна');
  await page.getByLabel('Дата рождения').fill('02.09.1979');
}

test('a second visit at the time of one the patient holds is refused, naming the visit in the way', async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  await signInThroughApi(page, randomPhone().digits);
  const card = await cardWithTimes(page, { accept: hasLaterDay });
  const first = Number(await card.getAttribute('data-doctor-id'));
  await (await laterTime(card)).click();
  await expect(page).toHaveURL(/\/appointment\/new\/\?/);
  const slot = new URL(page.url()).searchParams.get('slot') ?? '';
  expect(slot).toMatch(/^\d\d\.\d\d\.\d{4} \d\d:\d\d$/);
  await fillPatient(page);
  await page.getByRole('button', { name: 'Записаться' }).click();
  await expect(page.getByRole('heading', { name: 'Вы записаны', level: 1 })).toBeVisible();

  const second = await openSecondDoctor(page, first);
  const query = new URLSearchParams({ doctor: String(second.doctorId), lpu: String(second.clinicId), slot });
  await page.goto(`/appointment/new/?${query}`);
  await expect(page.getByRole('heading', { name: 'Запись на приём', level: 1 })).toBeVisible();
  await fillPatient(page);
  await page.getByRole('button', { name: 'Записаться' }).click();
  const refusal = page.getByText(/^У вас уже есть запись на это время: .+\. Выберите другое время\.$/);
  await expect(refusal).toBeVisible({ timeout: 30_000 });
  await expect(refusal).toContainText(slot.slice(-5));
  await page.screenshot({ path: info.outputPath('visit-clash.png'), fullPage: true });
  await expect(page.getByRole('heading', { name: 'Вы записаны', level: 1 })).toHaveCount(0);
});
