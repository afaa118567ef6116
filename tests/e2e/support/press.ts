import { expect, type Locator } from '@playwright/test';

/**
 * Presses `target` until `reached` holds. For a control whose listener comes late (with React's
 * hydration, or with a chunk loaded after the page's own scripts), so that a press before it does
 * nothing, as it would for any visitor that quick; or whose press a busy machine once lost.
 * `reached` is checked before each press, so a press that took is never repeated.
 */
export async function pressUntil(
  target: Locator,
  reached: () => Promise<boolean>,
  { timeout = 20_000 }: { timeout?: number } = {},
): Promise<void> {
  await expect(async () => {
    if (!(await reached())) await target.click({ timeout: 2_000 });
    await expect.poll(reached, { timeout: 3_000 }).toBe(true);
  }).toPass({ timeout });
}
