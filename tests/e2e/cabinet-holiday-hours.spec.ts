import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { SLOT } from './support/cards';
import { hydrated } from './support/hydrated';
import { csrf, WORK_PHONES, workAccountContext } from './support/patient';
import { fullShot } from './support/shot';

/**
 * The cabinet's schedule beyond the weekly hours, as a clinic's administrator uses it: new hours
 * of a doctor from a later day (the patient's calendar keeps the old times before it and shows
 * the new ones from it; the change is then withdrawn), and a date's own hours (the calendar shows
 * just them that day; then they are taken away). Each scenario puts the doctor's schedule back,
 * and first clears what an interrupted run may have left, so reruns on one database hold.
 */

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const hhmm = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
const MONTHS = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
];
const dayLong = (day: string) => `${Number(day.slice(8, 10))} ${MONTHS[Number(day.slice(5, 7)) - 1]}`;

interface Hours {
  today: string;
  visitType: string;
  slotMinutes: number | null;
  week: { weekday: number; intervals: { start: string; end: string }[] }[];
  places: { doctor: { id: number }; misSchedule: boolean }[];
  pending: { validFrom: string }[];
  datedHours: { date: string }[];
}

const REASON = 'Изменилось расписание врача';

/** The demo clinic's account, its doctors, and the calls the scenarios read and restore with. */
async function clinicSide(browser: Parameters<typeof workAccountContext>[0]) {
  const context = await workAccountContext(browser, WORK_PHONES.firstClinic);
  const page = await context.newPage();
  await page.goto('/healthz');
  const request: APIRequestContext = page.request;
  const list = (await (await request.get('/cabinet/ajax/appointments/?days=7')).json()) as {
    clinicId: number;
    today: string;
    doctors: { id: number }[];
  };
  const hoursOf = async (doctorId: number) =>
    (await (await request.get(`/cabinet/ajax/schedule/hours/?doctor=${doctorId}`)).json()) as Hours;
  const post = async (url: string, data: Record<string, unknown>) => {
    const res = await request.post(url, { headers: { 'X-CSRFToken': await csrf(page) }, data });
    expect(res.status(), await res.text()).toBe(200);
  };
  /** The doctor's free times by day, the 14 days of the default horizon. */
  const freeTimes = async (doctorId: number) => {
    const res = await request.post('/ajax/schedule/slots_bulk/', {
      headers: { 'X-CSRFToken': await csrf(page) },
      data: {
        days: 14,
        dt_start: list.today,
        town_timedelta: 3,
        doctors_lpus: [{ doctor_id: doctorId, lpu_id: list.clinicId }],
      },
    });
    return ((await res.json())[0]?.slots ?? {}) as Record<string, { time: string }[]>;
  };
  /** Whatever a broken earlier run left: coming changes withdrawn, dates' own hours removed. */
  const clear = async (doctorId: number) => {
    const hours = await hoursOf(doctorId);
    const place = { doctor_id: doctorId, visit_type: hours.visitType, cancel_visits: true, reason: REASON };
    for (const change of [...hours.pending].reverse())
      await post('/cabinet/ajax/schedule/hours/withdraw/', { ...place, valid_from: change.validFrom });
    for (const day of hours.datedHours)
      await post('/cabinet/ajax/schedule/dated-hours/remove/', { ...place, date: day.date });
  };
  /** The doctors with weekly hours here (not pushed by the clinic's software), in list order. */
  const doctors = async function* () {
    for (const { id } of list.doctors) {
      const hours = await hoursOf(id);
      if (hours.places.find((p) => p.doctor.id === id)?.misSchedule) continue;
      if (hours.visitType !== 'clinic' || hours.slotMinutes === null) continue;
      yield { id, hours };
    }
  };
  return { context, page, list, hoursOf, post, freeTimes, clear, doctors };
}

/** The booking calendar's times of a day for the doctor, as the patient sees them. */
async function calendarTimes(page: Page, day: string): Promise<string[]> {
  const tab = page.locator(`[role="tab"][id$="-tab-${day}"]`);
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  const slots = page.getByRole('tabpanel').getByRole('button', { name: SLOT });
  await expect(slots.first()).toBeVisible();
  return (await slots.allTextContents()).map((s) => s.trim());
}

/** Saves a form of the schedule; booked visits in the way are cancelled with the reason. */
async function saveThrough(
  form: ReturnType<Page['getByRole']>,
  button: string,
  done: RegExp,
  cancel: string,
) {
  await form.getByRole('button', { name: button }).click();
  const saved = form.getByRole('status').filter({ hasText: done });
  const outside = form.getByRole('alert').filter({ has: form.page().locator('[data-outside-visit]') });
  await expect(saved.or(outside)).toBeVisible();
  if (await outside.isVisible()) {
    await outside.getByLabel(/Причина отмены/).fill(REASON);
    await outside.getByRole('button', { name: cancel }).click();
  }
  await expect(saved).toBeVisible();
}

test('a clinic sets a doctor’s new hours from a later day; the calendar changes only from it; the change is withdrawn', async ({
  browser,
  page,
}) => {
  test.setTimeout(150_000);
  const clinic = await clinicSide(browser);
  const { list } = clinic;
  // The first doctor with free times on two days in a row, late in the two weeks the calendar shows.
  let target: { doctorId: number; slot: number; from: string; before: string; old: string } | null = null;
  for await (const { id, hours } of clinic.doctors()) {
    await clinic.clear(id);
    const slots = await clinic.freeTimes(id);
    for (let ahead = 12; ahead >= 3 && !target; ahead--) {
      const from = addDays(list.today, ahead);
      const before = addDays(from, -1);
      const old = slots[before]?.[0]?.time;
      if (!old || !slots[from]?.length) continue;
      target = { doctorId: id, slot: hours.slotMinutes ?? 30, from, before, old };
    }
    if (target) break;
  }
  if (!target) throw new Error('no doctor of the demo clinic with free days ahead');
  const { doctorId, from, before } = target;
  // Early mornings, every day: times the seeded hours never have.
  const newTimes = ['05:00', hhmm(300 + target.slot)];
  const end = hhmm(300 + 2 * target.slot);

  try {
    await clinic.page.goto(`/cabinet/schedule/?doctor=${doctorId}`);
    await hydrated(clinic.page);
    const editor = clinic.page.getByRole('form', { name: 'Часы приёма' });
    await expect(editor.getByLabel('Врач')).toHaveValue(`${doctorId}:${list.clinicId}`);
    await expect(editor.getByLabel('Действуют с')).toHaveValue(list.today);
    await editor.getByLabel('Действуют с').fill(from);
    for (let weekday = 1; weekday <= 7; weekday++) {
      const row = editor.locator(`[data-weekday="${weekday}"]`);
      const remove = row.getByRole('button', { name: /убрать интервал/ });
      while ((await remove.count()) > 0) await remove.last().click();
      await row.getByRole('button', { name: /добавить часы/ }).click();
      await row.getByLabel(/интервал 1: с$/).fill(newTimes[0]);
      await row.getByLabel(/интервал 1: до$/).fill(end);
    }
    await saveThrough(
      editor,
      'Сохранить часы',
      new RegExp(`Часы приёма сохранены: действуют с ${dayLong(from)}`),
      'Отменить записи и сохранить часы',
    );
    const pending = editor.locator(`[data-pending="${from}"]`);
    await expect(pending).toContainText(`С ${dayLong(from)}: новые часы`);
    // The form shows the hours in force until then when the page opens again.
    await clinic.page.reload();
    await hydrated(clinic.page);
    await expect(editor.locator(`[data-pending="${from}"]`)).toBeVisible();
    await fullShot(clinic.page, 'cabinet-hours-from-day');
    await editor.screenshot({
      path: test.info().outputPath(`cabinet-hours-pending-${test.info().project.name}.png`),
    });

    // The patient's calendar: the old times the day before, the new ones from that day.
    await page.goto(`/appointment/new/?doctor=${doctorId}&lpu=${list.clinicId}`);
    await hydrated(page);
    const earlier = await calendarTimes(page, before);
    expect(earlier).toContain(target.old);
    expect(earlier).not.toContain(newTimes[0]);
    expect(await calendarTimes(page, from)).toEqual(newTimes);
    await fullShot(page, 'cabinet-hours-from-day-calendar');

    // Withdrawn: the old hours run on, the slot calls show them at once.
    await editor.locator(`[data-pending="${from}"]`).getByRole('button', { name: 'Отозвать' }).click();
    await expect(editor.getByRole('status')).toContainText('Изменение отозвано: действуют прежние часы');
    await expect(editor.locator('[data-pending]')).toHaveCount(0);
    const after = await clinic.freeTimes(doctorId);
    expect((after[from] ?? []).map((s) => s.time)).not.toContain(newTimes[0]);
  } finally {
    await clinic.clear(doctorId);
    await clinic.context.close();
  }
});

test('a clinic gives a doctor a date’s own hours; the calendar shows just them that day; they are taken away', async ({
  browser,
  page,
}) => {
  test.setTimeout(150_000);
  const clinic = await clinicSide(browser);
  const { list } = clinic;
  // The last doctor with a day ahead of four free times or more (another than the scenario above's).
  const found: { doctorId: number; slot: number; day: string; times: string[] }[] = [];
  for await (const { id, hours } of clinic.doctors()) {
    await clinic.clear(id);
    const slots = await clinic.freeTimes(id);
    for (let ahead = 2; ahead <= 12; ahead++) {
      const day = addDays(list.today, ahead);
      const times = (slots[day] ?? []).map((s) => s.time);
      if (times.length < 4) continue;
      found.push({ doctorId: id, slot: hours.slotMinutes ?? 30, day, times });
      break;
    }
  }
  const target = found.at(-1);
  if (!target) throw new Error('no doctor of the demo clinic with a free day ahead');
  const { doctorId, day } = target;
  // The day's own hours: two slots from its second free time.
  const first = target.times[1];
  const end = hhmm(minutes(first) + 2 * target.slot);

  try {
    await clinic.page.goto(`/cabinet/schedule/?doctor=${doctorId}`);
    await hydrated(clinic.page);
    const form = clinic.page.getByRole('form', { name: 'Часы в отдельные дни' });
    await expect(form).toContainText('Особых дней нет');
    await form.getByLabel('Дата').fill(day);
    await form.getByLabel('Длительность приёма').selectOption(String(target.slot));
    await form.getByLabel(/интервал 1: с$/).fill(first);
    await form.getByLabel(/интервал 1: до$/).fill(end);
    await saveThrough(
      form,
      'Сохранить часы на дату',
      new RegExp(`Часы на дату сохранены: ${dayLong(day)}`),
      'Отменить записи и сохранить часы на дату',
    );
    await expect(form.locator(`[data-dated="${day}"]`)).toContainText(`${dayLong(day)}: ${first}–${end}`);
    await fullShot(clinic.page, 'cabinet-dated-hours');
    await form.screenshot({
      path: test.info().outputPath(`cabinet-dated-hours-form-${test.info().project.name}.png`),
    });

    await page.goto(`/appointment/new/?doctor=${doctorId}&lpu=${list.clinicId}`);
    await hydrated(page);
    const shown = await calendarTimes(page, day);
    expect(shown.length).toBeGreaterThan(0);
    for (const time of shown) {
      expect(minutes(time)).toBeGreaterThanOrEqual(minutes(first));
      expect(minutes(time) + target.slot).toBeLessThanOrEqual(minutes(end));
    }
    expect(shown).not.toContain(target.times[0]);
    await fullShot(page, 'cabinet-dated-hours-calendar');

    await form.getByRole('button', { name: `Убрать: ${dayLong(day)}` }).click();
    await expect(form.getByRole('status')).toContainText(
      `Часы на дату убраны, действуют часы недели: ${dayLong(day)}`,
    );
    await expect(form.locator('[data-dated]')).toHaveCount(0);
    const after = await clinic.freeTimes(doctorId);
    expect((after[day] ?? []).map((s) => s.time)).toContain(target.times[0]);
  } finally {
    await clinic.clear(doctorId);
    await clinic.context.close();
  }
});
