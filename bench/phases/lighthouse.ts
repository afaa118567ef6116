/**
 * The browser-side phase on the cached server: each ratio page's first-load JavaScript, then
 * Lighthouse (mobile preset) on the same pages.
 */
import { firstLoadJs } from '../first-load-js';
import { runLighthouse } from '../lighthouse';
import type { Bench } from './context';
import { RATIO_PAGES, type RatioPage, type Target } from './pages';

export async function lighthousePhase(
  { settings, server }: Bench,
  pageOf: (key: RatioPage) => Target,
  cachedPages: Target[],
) {
  const scripts = await Promise.all(RATIO_PAGES.map((key) => firstLoadJs(server.origin, pageOf(key).path)));
  for (const js of scripts) {
    console.log(
      `js       ${js.path.padEnd(52)} ${(js.gzip / 1024).toFixed(1)} KB gzip in ${js.files.length} files`,
    );
  }
  console.log(`\nLighthouse (mobile preset), ${settings.lighthouseRuns} runs per page…`);
  const audits = await runLighthouse(
    cachedPages.map((t) => `${server.origin}${t.path}`),
    settings.lighthouseRuns,
  );
  for (const a of audits) {
    console.log(
      `lighthouse ${a.url.padEnd(50)} performance ${a.performance}  accessibility ${a.accessibility}`,
    );
  }
  return { scripts, audits };
}
