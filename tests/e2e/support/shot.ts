import { type Locator, type Page, test } from '@playwright/test';

/** Where a scenario's screenshot goes: its output folder, named with the viewport ('booked-phone.png'). */
const shotPath = (name: string) => test.info().outputPath(`${name}-${test.info().project.name}.png`);

/** A screenshot of what is in view (a page), or of one element (a section). */
export const shot = (target: Page | Locator, name: string) => target.screenshot({ path: shotPath(name) });

/** A screenshot of the whole page, below the fold too. */
export const fullShot = (page: Page, name: string) =>
  page.screenshot({ path: shotPath(name), fullPage: true });
