import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Waits until React has hydrated the page (or, given a control, that control): only then do its
 * widgets answer clicks. The app sets no marker of its own, so this reads React's: the fiber it
 * puts on the page's `#content` as it hydrates the shell, or the props it puts on a control it
 * has hydrated (a control in a section that hydrates later than the shell).
 */
export async function hydrated(target: Page | Locator): Promise<void> {
  if ('goto' in target) {
    await target.waitForFunction(() => {
      const main = document.getElementById('content');
      return main !== null && Object.keys(main).some((key) => key.startsWith('__reactFiber'));
    });
    return;
  }
  // Polled through the locator: the element may be replaced before it hydrates.
  await expect
    .poll(() =>
      target.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactProps'))),
    )
    .toBe(true);
}
