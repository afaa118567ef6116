import { expect, type Locator, type Page } from '@playwright/test';

/** A time button in a card's calendar ('09:30'). */
export const SLOT = /^\d\d:\d\d$/;

/** The page answers clicks once React has hydrated it. */
export const hydrated = (page: Page) =>
  page.waitForFunction(() => {
    const main = document.getElementById('content');
    return main !== null && Object.keys(main).some((key) => key.startsWith('__reactFiber'));
  });

/**
 * The first card on the Moscow doctor list whose calendar offers at least `times` free times,
 * among the first `among` cards (cards load their slots lazily, so each is scrolled to and
 * waited for until it settles into a calendar, the express link or the stub).
 */
export async function cardWithTimes(page: Page, { times = 1, among = 10 } = {}): Promise<Locator> {
  await page.goto('/moskva/vrach/');
  const cards = page.locator('article[data-doctor-id]');
  await expect(cards.first()).toBeVisible();
  for (let i = 0; i < among; i++) {
    const card = cards.nth(i);
    await card.scrollIntoViewIfNeeded();
    // The calendar's day tabs (a card with several visit types also has their tab panel round it).
    const settled = card
      .getByRole('tablist', { name: 'Дни для записи' })
      .or(card.getByText('Расписание недоступно'))
      .or(card.getByText('Запись недоступна'))
      .or(card.getByRole('link', { name: 'Запись на приём' }));
    await expect(settled.first()).toBeVisible({ timeout: 10_000 });
    if ((await card.getByRole('tabpanel').getByRole('button', { name: SLOT }).count()) >= times) return card;
  }
  throw new Error(`no doctor with ${times} free time(s) among the first ${among} cards`);
}
