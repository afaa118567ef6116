import { expect, type Locator, type Page, test } from '@playwright/test';
import { asDesk, openHours } from './desk';

/** A time button in a card's calendar ('09:30'). */
export const SLOT = /^\d\d:\d\d$/;

/**
 * A list card's schedule once it has settled: the calendar's day tabs (a card with several visit
 * types also has their tab panel round it), the express link when no time is free, the
 * placeholder when booking is off, or the stub of a failed call.
 */
export function settledSchedule(card: Locator): Locator {
  return card
    .getByRole('tablist', { name: 'Дни для записи' })
    .or(card.getByText('Расписание недоступно'))
    .or(card.getByText('Запись недоступна'))
    .or(card.getByRole('link', { name: 'Телефон, звонок или лист ожидания' }))
    .or(card.getByRole('link', { name: 'Запись на приём' }))
    .first();
}

/**
 * The demo clinic whose doctor the booking scenarios book: the third clinic account (its photos
 * are gallery.spec.ts's, which no booking sees). Only visit-clash.spec.ts and home-visit.spec.ts
 * open other doctors of it; no scenario edits this doctor's hours. It is a children's clinic whose
 * doctors see children only (the age rule, docs/product/profile.md): the scenarios book a
 * teenager (born in 2011) or a child.
 */
export const BOOKING_CLINIC = '79990002003';

/** Per viewport (each has its own server and database): the doctor opened, and where its card is. */
const opened = new Map<string, Promise<{ doctorId: number; listUrl: string }>>();

/**
 * Opens a doctor's calendar as the clinic's front desk would, through the cabinet's calls: the
 * first doctor of the booking clinic's doctor list who takes clinic visits and whose times the
 * clinic's own software does not push gets online booking on and wide weekly hours from today.
 * Once per viewport and run: later scenarios book the same doctor's other times.
 */
function openDoctor(page: Page): Promise<{ doctorId: number; listUrl: string }> {
  const project = test.info().project.name;
  let done = opened.get(project);
  if (!done) {
    const browser = page.context().browser();
    if (!browser) throw new Error('no browser');
    done = asDesk(browser, BOOKING_CLINIC, async (desk, hours) => {
      const places = new Map(hours.places.map((p) => [p.doctor.id, p]));
      // The clinic's doctor list, in its order: the doctor chosen is the first card.
      const list = await desk.request.get(`/moskva/lpu/${hours.clinicId}-x/vrachi/`);
      expect(list.status()).toBe(200);
      const listUrl = new URL(list.url()).pathname;
      const ids = [...(await list.text()).matchAll(/<article[^>]*data-doctor-id="(\d+)"/g)].map((m) =>
        Number(m[1]),
      );
      const place = ids
        .map((id) => places.get(id))
        .find((p) => p && !p.misSchedule && p.visitTypes[0] === 'clinic');
      if (!place) throw new Error(`no doctor of clinic ${hours.clinicId} on ${listUrl} takes clinic visits`);
      await openHours(desk, place);
      return { doctorId: place.doctor.id, listUrl };
    });
    // A failed attempt is not kept: the next scenario tries again.
    done.catch(() => opened.delete(project));
    opened.set(project, done);
  }
  return done;
}

/**
 * A doctor card with free times, on the booking clinic's doctor list: the fixture opens that
 * doctor's hours (`openDoctor`), then the page shows the card and waits for its calendar to
 * settle. The card offers at least `times` free times on its chosen day (its first free day, or
 * the next when the first has too few left), and passes `accept`
 * if given: a scenario says what it needs (two times when one is taken, a later day).
 */
export async function cardWithTimes(
  page: Page,
  { times = 1, accept }: { times?: number; accept?: (card: Locator) => Promise<boolean> } = {},
): Promise<Locator> {
  const { doctorId, listUrl } = await openDoctor(page);
  await page.goto(listUrl);
  const card = page.locator(`article[data-doctor-id="${doctorId}"]`).first();
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByRole('tablist', { name: 'Дни для записи' })).toBeVisible({ timeout: 15_000 });
  const slots = card.getByRole('tabpanel').getByRole('button', { name: SLOT });
  await expect.poll(() => slots.count()).toBeGreaterThanOrEqual(1);
  if ((await slots.count()) < times) {
    // Late in the evening today may keep fewer times than the scenario needs: the next bookable
    // day has the whole day's (a CI run at 21:00 Moscow time found one).
    const next = bookableDays(card).nth(1);
    await next.click();
    await expect(next).toHaveAttribute('aria-selected', 'true');
  }
  await expect.poll(() => slots.count()).toBeGreaterThanOrEqual(times);
  if (accept) expect(await accept(card), 'the card passes the scenario’s check').toBe(true);
  return card;
}

/** A card's day tabs that have free times. */
export const bookableDays = (card: Locator): Locator =>
  card.getByRole('tablist', { name: 'Дни для записи' }).locator('[role="tab"]:not([aria-disabled])');

/**
 * The first free time on the second bookable day of a calendar (a card's, or the reschedule
 * page's): tomorrow or later, so past the clinic's cut-off (two hours in the demo data) and still
 * cancellable and movable on the site. The first bookable day is often today, whose nearest
 * times fall inside the cut-off later in the day. The calendar must have two bookable days
 * (`cardWithTimes`'s `accept: hasLaterDay`).
 */
export async function laterTime(card: Locator): Promise<Locator> {
  const day = bookableDays(card).nth(1);
  await day.click();
  await expect(day).toHaveAttribute('aria-selected', 'true');
  return card.getByRole('tabpanel').getByRole('button', { name: SLOT }).first();
}

/** `cardWithTimes`'s `accept` for `laterTime`: the card has a second bookable day. */
export const hasLaterDay = async (card: Locator): Promise<boolean> => (await bookableDays(card).count()) >= 2;
