import { expect, type Page, test } from '@playwright/test';
import { BOOKING_CLINIC, cardWithTimes, hasLaterDay, laterTime } from './support/cards';
import { asDesk, openHours } from './support/desk';
import { hydrated } from './support/hydrated';
import { randomPhone, signInThroughApi } from './support/patient';

/**
 * No clashing visits (issue 46, docs/product/visits.md): a patient who holds a visit cannot book
 * another doctor at the same time. The booking clinic's list doctor (support/cards.ts) is booked
 * on a later day; a second doctor of that clinic, given the same hours here, is then asked for
 * that very time, and the form answers with the visit in the way.
 */

/** A second doctor of the booking clinic (not `besides`, no home visits), opened as the fixture opens the first. */
async function openSecondDoctor(
  page: Page,
  besides: number,
): Promise<{ doctorId: number; clinicId: number }> {
  const browser = page.context().browser();
  if (!browser) throw new Error('no browser');
  return asDesk(browser, BOOKING_CLINIC, async (desk, hours) => {
    const place = hours.places.find(
      (p) =>
        p.doctor.id !== besides &&
        !p.misSchedule &&
        p.visitTypes[0] === 'clinic' &&
        !p.visitTypes.includes('home'),
    );
    if (!place) throw new Error('the booking clinic has no second doctor for clinic visits');
    await openHours(desk, place);
    return { doctorId: place.doctor.id, clinicId: place.clinic.id };
  });
}

async function fillPatient(page: Page) {
  await page.getByLabel('Фамилия').fill('Кузнецова');
  await page.getByLabel('Имя', { exact: true }).fill('Вера');
  await page.getByLabel('Отчество').fill('Павловна');
  await page.getByLabel('Дата рождения').fill('02.09.2011');
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
  // A time pressed before the card hydrated opens the form as a new page: typed before that page
  // hydrates, the fields would be reset by it (a CI run: no 'Вы записаны').
  await hydrated(page);
  await fillPatient(page);
  await page.getByRole('button', { name: 'Записаться' }).click();
  await expect(page.getByRole('heading', { name: 'Вы записаны', level: 1 })).toBeVisible();

  const second = await openSecondDoctor(page, first);
  const query = new URLSearchParams({ doctor: String(second.doctorId), lpu: String(second.clinicId), slot });
  await page.goto(`/appointment/new/?${query}`);
  await expect(page.getByRole('heading', { name: 'Запись на приём', level: 1 })).toBeVisible();
  await hydrated(page);
  await fillPatient(page);
  await page.getByRole('button', { name: 'Записаться' }).click();
  const refusal = page.getByText(/^У вас уже есть запись на это время: .+\. Выберите другое время\.$/);
  await expect(refusal).toBeVisible({ timeout: 30_000 });
  await expect(refusal).toContainText(slot.slice(-5));
  await page.screenshot({ path: info.outputPath('visit-clash.png'), fullPage: true });
  await expect(page.getByRole('heading', { name: 'Вы записаны', level: 1 })).toHaveCount(0);
});
