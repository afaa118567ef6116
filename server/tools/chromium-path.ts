import { accessSync, constants } from 'node:fs';

/**
 * Debian's Chromium builds the browser tests can drive, best first: the headless shell (the
 * browser Playwright itself runs headless tests in, without the full browser's UI layers: the
 * suite took about a third less CPU than in the full browser, docs/decisions/024), then the full
 * browser.
 */
export const DEBIAN_CHROMIUMS = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];

const executable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** The Chromium the end-to-end tests drive: CHROMIUM_PATH, else the first of Debian's there. */
export const chromiumPath = (): string =>
  process.env.CHROMIUM_PATH || (DEBIAN_CHROMIUMS.find(executable) ?? DEBIAN_CHROMIUMS[0]);
