import { expect, test } from '@playwright/test';
import { SLOT } from './support/cards';
import { hydrated } from './support/hydrated';
import { csrf, WORK_PHONES, workAccountContext } from './support/patient';
import { fullShot } from './support/shot';

/**
 * The cabinet's weekly hours as a clinic's administrator uses them: one weekday of one of the
 * demo clinic's doctors narrowed to two slots (its booked visits outside cancelled with a
 * reason), and the patient's booking calendar of that doctor shows just those times that day.
 * The doctor's hours are put back afterwards, so the other scenarios find them as seeded.
 */

interface Week {
  weekday: number;
  intervals: { start: string; end: string }[];
}

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const isoWeekday = (day: string) => {
  const w = new Date(`${day}T12:00:00Z`).getUTCDay();
  return w === 0 ? 7 : w;
};
const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const hhmm = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

test('a clinic narrows a doctor’s weekday; the patient’s booking calendar shows just the new hours', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const context = await workAccountContext(browser, WORK_PHONES.firstClinic);
  const clinic = await context.newPage();
  await clinic.goto('/healthz');
  const list = (await (await clinic.request.get('/cabinet/ajax/appointments/?days=7')).json()) as {
    clinicId: number;
    today: string;
    doctors: { id: number }[];
  };
  const hoursOf = async (doctorId: number) =>
    (await (await clinic.request.get(`/cabinet/ajax/schedule/hours/?doctor=${doctorId}`)).json()) as {
      visitType: string;
      slotMinutes: number | null;
      week: Week[];
      places: { doctor: { id: number }; misSchedule: boolean }[];
    };
  const freeTimes = async (doctorId: number) => {
    const res = await clinic.request.post('/ajax/schedule/slots_bulk/', {
      headers: { 'X-CSRFToken': await csrf(clinic) },
      data: {
        days: 7,
        dt_start: list.today,
        town_timedelta: 3,
        doctors_lpus: [{ doctor_id: doctorId, lpu_id: list.clinicId }],
      },
    });
    return ((await res.json())[0]?.slots ?? {}) as Record<string, { time: string }[]>;
  };

  // A doctor with a day two to six days ahead with several free times, in one interval of his week.
  let target: {
    doctorId: number;
    day: string;
    weekday: number;
    from: string;
    to: string;
    gone: string;
  } | null = null;
  let original: Awaited<ReturnType<typeof hoursOf>> | null = null;
  for (const { id } of list.doctors) {
    const hours = await hoursOf(id);
    // Not a doctor whose times the clinic's software pushes: he has no weekly hours here.
    if (hours.places.find((p) => p.doctor.id === id)?.misSchedule) continue;
    if (hours.visitType !== 'clinic' || hours.slotMinutes === null) continue;
    const slots = await freeTimes(id);
    for (let ahead = 2; ahead <= 6 && !target; ahead++) {
      const day = addDays(list.today, ahead);
      const times = (slots[day] ?? []).map((s) => s.time);
      const weekday = isoWeekday(day);
      const intervals = hours.week.find((d) => d.weekday === weekday)?.intervals ?? [];
      if (times.length < 4 || intervals.length === 0) continue;
      // The new hours: two slots from the day's first free time; its last free time falls outside.
      const from = times[0];
      const to = hhmm(minutes(from) + 2 * hours.slotMinutes);
      const gone = times.at(-1) ?? '';
      if (minutes(gone) < minutes(to)) continue;
      target = { doctorId: id, day, weekday, from, to, gone };
    }
    if (target) {
      original = hours;
      break;
    }
  }
  if (!target || !original) throw new Error('no doctor of the demo clinic with a free day ahead');
  const { doctorId, day, weekday } = target;

  try {
    await clinic.goto(`/cabinet/schedule/?doctor=${doctorId}`);
    await hydrated(clinic);
    const editor = clinic.getByRole('form', { name: 'Часы приёма' });
    await expect(editor).toBeVisible();
    await expect(editor.getByLabel('Врач')).toHaveValue(`${doctorId}:${list.clinicId}`);
    await expect(editor.getByLabel('Длительность приёма')).toHaveValue(String(original.slotMinutes));
    const row = editor.locator(`[data-weekday="${weekday}"]`);
    // One interval left that day, then the new times.
    const remove = row.getByRole('button', { name: /убрать интервал/ });
    while ((await remove.count()) > 1) await remove.last().click();
    await row.getByLabel(/интервал 1: с$/).fill(target.from);
    await row.getByLabel(/интервал 1: до$/).fill(target.to);
    await fullShot(clinic, 'cabinet-hours-edit');
    await editor.getByRole('button', { name: 'Сохранить часы' }).click();

    const saved = editor.getByRole('status').filter({ hasText: 'Часы приёма сохранены' });
    const outside = editor
      .getByRole('alert')
      .filter({ hasText: 'Эти записи не попадают в новые часы приёма' });
    await expect(saved.or(outside)).toBeVisible();
    if (await outside.isVisible()) {
      await expect(outside.locator('[data-outside-visit]').first()).toBeVisible();
      await outside.getByLabel(/Причина отмены/).fill('Врач сократил приём');
      await fullShot(clinic, 'cabinet-hours-outside');
      await outside.getByRole('button', { name: 'Отменить записи и сохранить часы' }).click();
    }
    await expect(saved).toBeVisible();
    await fullShot(clinic, 'cabinet-hours-saved');
    await editor.screenshot({
      path: test.info().outputPath(`cabinet-hours-editor-${test.info().project.name}.png`),
    });

    // The patient's booking calendar of the doctor, on that day: only the new hours' times.
    await page.goto(`/appointment/new/?doctor=${doctorId}&lpu=${list.clinicId}`);
    await hydrated(page);
    const tab = page.locator(`[role="tab"][id$="-tab-${day}"]`);
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    const panel = page.getByRole('tabpanel');
    const slots = panel.getByRole('button', { name: SLOT });
    await expect(slots.first()).toBeVisible();
    const shown = (await slots.allTextContents()).map((s) => s.trim());
    expect(shown).toContain(target.from);
    expect(shown).not.toContain(target.gone);
    for (const time of shown) {
      expect(minutes(time)).toBeGreaterThanOrEqual(minutes(target.from));
      expect(minutes(time)).toBeLessThan(minutes(target.to));
    }
    await fullShot(page, 'cabinet-hours-patient-calendar');
  } finally {
    // The doctor's hours as they were (the cancelled visits stay cancelled).
    const res = await clinic.request.post('/cabinet/ajax/schedule/hours/', {
      headers: { 'X-CSRFToken': await csrf(clinic) },
      data: {
        doctor_id: doctorId,
        visit_type: original.visitType,
        slot_minutes: original.slotMinutes,
        week: original.week,
      },
    });
    expect(res.status(), await res.text()).toBe(200);
    await context.close();
  }
});

test('a clinic switches a doctor’s online booking off and on again', async ({ browser }) => {
  const context = await workAccountContext(browser, WORK_PHONES.firstClinic);
  const clinic = await context.newPage();
  await clinic.goto('/cabinet/schedule/');
  await hydrated(clinic);
  const section = clinic.getByRole('region', { name: 'Онлайн-запись к врачу' });
  // A doctor booked online now (the seed has some that are not).
  const row = section
    .locator('[data-booking-doctor]')
    .filter({ has: clinic.getByRole('switch', { checked: true }) })
    .first();
  const doctorId = Number(await row.getAttribute('data-booking-doctor'));
  try {
    await section.locator(`[data-booking-doctor="${doctorId}"]`).getByRole('switch').uncheck();
    await expect(section.getByRole('status')).toContainText('Онлайн-запись выключена');
    await fullShot(clinic, 'cabinet-booking-switches');
    await clinic.reload();
    await expect(
      section.locator(`[data-booking-doctor="${doctorId}"]`).getByRole('switch'),
    ).not.toBeChecked();
    await section.locator(`[data-booking-doctor="${doctorId}"]`).getByRole('switch').check();
    await expect(section.getByRole('status')).toContainText('Онлайн-запись включена');
  } finally {
    await clinic.request.post('/cabinet/ajax/schedule/booking/', {
      headers: { 'X-CSRFToken': await csrf(clinic) },
      data: { doctor_id: doctorId, on: true },
    });
    await context.close();
  }
});
