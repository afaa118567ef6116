import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Waits until React has hydrated the page (or, given a control, that control): only then do its
 * widgets answer clicks. A page says so itself: the root sets `data-hydrated` on `<html>` once
 * hydrated (app/root.tsx). A control in a section that hydrates later than the page (ADR 021) is
 * read through the props React puts on an element it has hydrated.
 */
export async function hydrated(target: Page | Locator): Promise<void> {
  if ('goto' in target) {
    await target.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
    return;
  }
  // Polled through the locator: the element may be replaced before it hydrates.
  await expect
    .poll(() =>
      target.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactProps'))),
    )
    .toBe(true);
}
