import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { asDesk, openHours } from './support/desk';
import { hydrated } from './support/hydrated';
import { csrf, randomPhone, signInThroughApi, workAccountContext } from './support/patient';
import { pressUntil } from './support/press';

/**
 * A home visit ('Вызов врача на дом', docs/product/visits.md) end to end, at both widths: a
 * patient books the demo clinic's home-visit doctor from his page ('На дому' in 'Тип приёма'),
 * entering an address in a district the clinic serves; the visit page says where the doctor
 * comes (not the clinic's address, no route, no passport line), and the clinic, signed in to its
 * cabinet, sees that address in its reception list and calendar. An address in a district the
 * clinic does not serve is refused with 'Врач не выезжает по этому адресу', in the form and by
 * the API.
 */

/**
 * The demo clinic account whose paediatrician goes on home visits to its district and the two
 * nearest (server/db/seed/steps/demo-home-visits.ts); the booking scenarios' clinic too
 * (support/cards.ts), whose fixture opens another doctor's clinic hours.
 */
const CLINIC = '79990002003';
const OUTSIDE = 'Врач не выезжает по этому адресу';

interface Setup {
  doctorId: number;
  clinicId: number;
  doctorUrl: string;
  clinicAddress: string;
  served: { id: number; name: string };
  unserved: { id: number; name: string };
}

/**
 * The clinic's home-visit doctor from the demo data, his home hours opened wide through the
 * cabinet's calls (as the front desk would), and the clinic's service area as its cabinet
 * reads it: a district it serves and one it does not.
 */
function homeDoctor(browser: Browser): Promise<Setup> {
  return asDesk(browser, CLINIC, async (desk, hours) => {
    const place = hours.places.find((p) => p.visitTypes.includes('home') && !p.misSchedule);
    expect(place, 'the demo clinic has a doctor who goes on home visits').toBeDefined();
    if (!place) throw new Error('no home-visit doctor');

    const area = await (await desk.request.get('/cabinet/ajax/settings/home-visits/')).json();
    const districts = area.districts as { id: number; name: string }[];
    // The demo clinic lists districts and no radius: a district decides, at once in the form.
    expect(area.radius_km).toBeNull();
    const served = districts.find((d) => area.district_ids.includes(d.id));
    const unserved = districts.find((d) => !area.district_ids.includes(d.id));
    if (!served || !unserved)
      throw new Error(`the clinic's area lists no district, or all: ${area.district_ids}`);

    await openHours(desk, place, { visitType: 'home', slotMinutes: 60 });

    // The doctor's page, from his card on the clinic's doctor list; the clinic's address from its page.
    const list = await desk.request.get(`/moskva/lpu/${place.clinic.id}-x/vrachi/`);
    expect(list.status()).toBe(200);
    const card = new RegExp(
      `data-doctor-id="${place.doctor.id}"[\\s\\S]*?href="(/moskva/vrach/${place.doctor.id}-[^"]+)"`,
    );
    const doctorUrl = card.exec(await list.text())?.[1];
    if (!doctorUrl) throw new Error(`no link to doctor ${place.doctor.id} on ${list.url()}`);
    const clinicPage = await (await desk.request.get(`/moskva/lpu/${place.clinic.id}-x/`)).text();
    const clinicAddress = /"streetAddress":"([^"]+)"/.exec(clinicPage)?.[1];
    if (!clinicAddress) throw new Error('no street address on the clinic page');
    return {
      doctorId: place.doctor.id,
      clinicId: place.clinic.id,
      doctorUrl,
      clinicAddress,
      served,
      unserved,
    };
  });
}

/** Per viewport (each has its own server and database). */
const setups = new Map<string, Promise<Setup>>();
function setupOf(browser: Browser): Promise<Setup> {
  const project = test.info().project.name;
  let done = setups.get(project);
  if (!done) {
    done = homeDoctor(browser);
    done.catch(() => setups.delete(project));
    setups.set(project, done);
  }
  return done;
}

/**
 * On the doctor's page, the workplace at the clinic with 'На дому' chosen, and a free home hour
 * of its second bookable day (tomorrow or later: past the clinic's notice); the slot is pressed.
 */
async function pickHomeTime(page: Page, setup: Setup): Promise<{ date: string }> {
  await page.goto(setup.doctorUrl);
  await hydrated(page);
  const place = page
    .locator('#workplaces li')
    .filter({ has: page.locator(`a[href*="/lpu/${setup.clinicId}-"]`) })
    .first();
  await place.scrollIntoViewIfNeeded();
  const home = place.getByRole('tablist', { name: 'Тип приёма' }).getByRole('tab', { name: /^На дому · / });
  // The workplaces' section may hydrate after the page (ADR 021): pressed until it answers.
  await pressUntil(home, async () => (await home.getAttribute('aria-selected')) === 'true', {
    timeout: 60_000,
  });
  const panel = place.getByRole('tabpanel', { name: /^На дому · / });
  const days = panel
    .getByRole('tablist', { name: 'Дни для записи' })
    .locator('[role="tab"]:not([aria-disabled])');
  await expect.poll(() => days.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
  await days.nth(1).click();
  await expect(days.nth(1)).toHaveAttribute('aria-selected', 'true');
  const slot = panel
    .getByRole('tabpanel')
    .getByRole('button', { name: /^\d\d:\d\d$/ })
    .first();
  await slot.click();
  await expect(page).toHaveURL(
    new RegExp(`/appointment/new/\\?doctor=${setup.doctorId}&lpu=${setup.clinicId}&.*type=home`),
  );
  await expect(page.getByRole('heading', { name: 'Запись на приём', level: 1 })).toBeVisible();
  await expect(page.getByText('Вызов врача на дом')).toBeVisible();
  // Typed before the form hydrates, the fields would be reset by it.
  await hydrated(page);
  // The slot 'dd.MM.yyyy HH:mm' on the clinic's clock: the cabinet's day.
  const [d, m, y] = (new URL(page.url()).searchParams.get('slot') ?? '').slice(0, 10).split('.');
  return { date: `${y}-${m}-${d}` };
}

async function fillPatient(page: Page) {
  await page.getByLabel('Фамилия').fill('Лебедева');
  await page.getByLabel('Имя', { exact: true }).fill('Мария');
  await page.getByLabel('Отчество').fill('Сергеевна');
  await page.getByLabel('Дата рождения').fill('02.06.2019');
}

/** 'Куда приедет врач': the district chosen by name, and the address's parts. */
async function fillAddress(form: Locator, district: string, parts: Record<string, string>) {
  await form.getByLabel('Район').selectOption({ label: district });
  for (const [label, value] of Object.entries(parts)) await form.getByLabel(label).fill(value);
}

/** A flat of this run's own: the lists of a database kept between runs show earlier runs' visits too. */
const FLAT = String(100 + Math.floor(Math.random() * 900));
const ADDRESS = {
  'Улица *': 'ул. Строителей',
  'Дом, корпус *': '14',
  Квартира: FLAT,
  Подъезд: '3',
  Этаж: '6',
  Домофон: `${FLAT}В`,
};
const LINE = `ул. Строителей, д. 14, кв. ${FLAT}, подъезд 3, этаж 6, домофон ${FLAT}В`;
const NOTE = 'Ребёнок с температурой, звонить в домофон';

test('a patient books a home visit at their address; the visit page and the clinic’s cabinet say where the doctor goes', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(300_000);
  const setup = await setupOf(browser);
  await signInThroughApi(page, randomPhone().digits);
  const { date } = await pickHomeTime(page, setup);

  const where = page.getByRole('group', { name: 'Адрес для вызова врача' });
  await expect(where.getByText('Куда приедет врач')).toBeVisible();
  await fillPatient(page);
  await fillAddress(where, setup.served.name, ADDRESS);
  await where.getByLabel('Комментарий для врача').fill(NOTE);
  await page.screenshot({ path: info.outputPath('home-visit-form.png') });
  await page.getByRole('button', { name: 'Записаться' }).click();

  await expect(page.getByRole('heading', { name: 'Вы записаны', level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/appointment\/\d+\/\?token=/);
  const details = page.getByRole('region', { name: 'Детали записи' });
  const home = details.getByTestId('home-address');
  await expect(home).toContainText('Врач приедет по адресу:');
  await expect(home).toContainText(LINE);
  await expect(home).toContainText(`${setup.served.name} район`);
  await expect(home).toContainText(NOTE);
  // Not the clinic's address, no way to the clinic, no passport to bring.
  await expect(details).not.toContainText(setup.clinicAddress);
  await expect(details).not.toContainText('м. ');
  await expect(details).not.toContainText('Возьмите с собой паспорт');
  await expect(details).toContainText('оплата при визите врача');
  await expect(page.getByRole('link', { name: 'Как добраться' })).toHaveCount(0);
  await page.screenshot({ path: info.outputPath('home-visit-booked.png') });

  // The clinic's cabinet: the visit's day in the reception list and the doctor's calendar.
  const clinic = await (await workAccountContext(browser, CLINIC)).newPage();
  await clinic.goto(`/cabinet/appointments/?date=${date}`);
  const listed = clinic.getByTestId('visit-home-address').filter({ hasText: LINE });
  await expect(listed).toBeVisible({ timeout: 20_000 });
  await expect(listed).toContainText(`На дому: ${LINE}`);
  await expect(listed).toContainText(`(${setup.served.name} район)`);
  await expect(listed).toContainText(NOTE);
  await listed.scrollIntoViewIfNeeded();
  await clinic.screenshot({ path: info.outputPath('home-visit-reception.png') });

  await clinic.goto(`/cabinet/calendar/?date=${date}&days=1&doctor=${setup.doctorId}`);
  // The day is drawn as a grid and as a list, one of them shown at a width.
  const slot = clinic.getByTestId('calendar-home').filter({ hasText: LINE, visible: true });
  await expect(slot).toBeVisible({ timeout: 20_000 });
  await expect(slot).toHaveText(`На дому: ${LINE}`);
  await slot.scrollIntoViewIfNeeded();
  await clinic.screenshot({ path: info.outputPath('home-visit-calendar.png') });
  await clinic.context().close();
});

test('an address in a district the clinic does not serve is refused: «Врач не выезжает по этому адресу»', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const setup = await setupOf(browser);
  await signInThroughApi(page, randomPhone().digits);
  await pickHomeTime(page, setup);

  const where = page.getByRole('group', { name: 'Адрес для вызова врача' });
  await fillPatient(page);
  await fillAddress(where, setup.unserved.name, ADDRESS);
  await page.getByRole('button', { name: 'Записаться' }).click();
  // The form knows the clinic's districts: refused at once, at the district.
  await expect(where.getByText(OUTSIDE, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/appointment\/new\//);

  // The API refuses it as well, before any time is taken.
  const query = new URL(page.url()).searchParams;
  const res = await page.request.post('/ajax/appointment/create/', {
    headers: { 'X-CSRFToken': await csrf(page) },
    data: {
      doctor_id: setup.doctorId,
      lpu_id: setup.clinicId,
      slot: query.get('slot'),
      type: 'home',
      last_name: 'Лебедева',
      first_name: 'Мария',
      patronymic: 'Сергеевна',
      birth_date: '2019-06-02',
      request_key: `home-outside-${Date.now()}`,
      source: 'doctor_page',
      home_address: { street: 'ул. Строителей', house: '14', district_id: setup.unserved.id },
    },
  });
  expect(res.status(), await res.text()).toBe(400);
  expect(await res.json()).toMatchObject({ detail: OUTSIDE, code: 'outside_area' });

  // Chosen again inside the area, the same form books.
  await where.getByLabel('Район').selectOption({ label: setup.served.name });
  await page.getByRole('button', { name: 'Записаться' }).click();
  await expect(page.getByRole('heading', { name: 'Вы записаны', level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('home-address')).toContainText(LINE);
});
