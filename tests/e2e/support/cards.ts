import { expect, type Locator, type Page } from '@playwright/test';

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
    .or(card.getByRole('link', { name: 'Запись на приём' }))
    .first();
}

/**
 * The first card on the Moscow doctor list whose calendar offers at least `times` free times on
 * its first free day, among the first `among` cards, and that passes `accept` if given (cards
 * load their slots lazily, so each is scrolled to and waited for until it settles). Earlier
 * scenarios on the same database book the top doctors' times: a scenario asks for what it needs
 * (two times when one is taken) instead of trusting the first card.
 */
export async function cardWithTimes(
  page: Page,
  {
    times = 1,
    among = 10,
    accept,
  }: { times?: number; among?: number; accept?: (card: Locator) => Promise<boolean> } = {},
): Promise<Locator> {
  await page.goto('/moskva/vrach/');
  const cards = page.locator('article[data-doctor-id]');
  await expect(cards.first()).toBeVisible();
  for (let i = 0; i < among; i++) {
    const card = cards.nth(i);
    await card.scrollIntoViewIfNeeded();
    await expect(settledSchedule(card)).toBeVisible({ timeout: 15_000 });
    if ((await card.getByRole('tabpanel').getByRole('button', { name: SLOT }).count()) < times) continue;
    if (!accept || (await accept(card))) return card;
  }
  throw new Error(`no doctor with ${times} free time(s) among the first ${among} cards`);
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
