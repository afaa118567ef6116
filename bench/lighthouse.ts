/**
 * Lighthouse (its default mobile preset: simulated slow 4G and a 4× slower CPU) in Debian's
 * Chromium, on pages of the running bench server. Each page runs several times; the median
 * score counts, as single Lighthouse runs on a shared machine vary by several points.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { median } from './stats';

const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // The pages come through the bench's TLS front, on a certificate of its own making.
  '--ignore-certificate-errors',
];

export interface LighthouseResult {
  url: string;
  performance: number;
  accessibility: number;
  runs: { performance: number; accessibility: number; lcpMs: number; tbtMs: number; cls: number }[];
  /** Failed accessibility audits of the last run, for the report. */
  failedA11y: string[];
}

export async function runLighthouse(urls: string[], runs = 3): Promise<LighthouseResult[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROMIUM_FLAGS,
  });
  try {
    const results: LighthouseResult[] = [];
    for (const url of urls) {
      const each: LighthouseResult['runs'] = [];
      let failedA11y: string[] = [];
      for (let i = 0; i < runs; i++) {
        const result = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
        const { categories, audits } = result.lhr;
        each.push({
          performance: Math.round((categories.performance.score ?? 0) * 100),
          accessibility: Math.round((categories.accessibility.score ?? 0) * 100),
          lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
          tbtMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
          cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
        });
        failedA11y = categories.accessibility.auditRefs
          .filter((ref) => ref.weight > 0 && audits[ref.id]?.score === 0)
          .map((ref) => ref.id);
      }
      results.push({
        url,
        performance: median(each.map((r) => r.performance)),
        accessibility: median(each.map((r) => r.accessibility)),
        runs: each,
        failedA11y,
      });
    }
    return results;
  } finally {
    await chrome.kill();
  }
}
