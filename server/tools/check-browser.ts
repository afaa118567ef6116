import { accessSync, constants } from 'node:fs';
import { chromiumPath } from './chromium-path';

/**
 * `npm test` and `npm run test:e2e` start here: without the Chromium the browser tests drive,
 * they would fail only after minutes of other steps. Says how to install it and exits 1.
 */
const executable = chromiumPath();
try {
  accessSync(executable, constants.X_OK);
} catch {
  console.error(
    [
      `The browser tests need Chromium at ${executable}, which is missing or not executable. Install it:`,
      '  Debian/Ubuntu:  apt-get install chromium-headless-shell (or chromium)',
      '  elsewhere:      npx playwright install chromium, then CHROMIUM_PATH=<path of its chrome binary>',
      'or point CHROMIUM_PATH at a Chromium you have. (npm run test:unit runs the tests that need no browser.)',
    ].join('\n'),
  );
  process.exit(1);
}
