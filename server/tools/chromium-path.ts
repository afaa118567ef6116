/** The Chromium the end-to-end tests drive: CHROMIUM_PATH, or Debian's package. */
export const chromiumPath = (): string => process.env.CHROMIUM_PATH || '/usr/bin/chromium';
