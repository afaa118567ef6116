/**
 * The browser-side phase on the cached server: each ratio page's first-load JavaScript, then
 * Lighthouse (mobile preset) on the same pages, reached as a deployment's visitors reach them:
 * through HAProxy with TLS and HTTP/2 (deploy/haproxy.cfg). Over plain HTTP/1.1 a browser opens
 * six connections to a host, and Lighthouse's simulated phone network charged a page's 30-odd
 * scripts round trips that no visitor of an HTTPS site pays. Without haproxy it measures the
 * server directly and says so.
 */
import { loadavg } from 'node:os';
import { findHaproxy, Haproxy } from '../../server/testing/cluster';
import { type FirstLoadJs, firstLoadJs } from '../first-load-js';
import { runLighthouse } from '../lighthouse';
import { median } from '../stats';
import type { Bench } from './context';
import { RATIO_PAGES, type RatioPage, type Target } from './page-targets';
import { MAX_OWN_JS_KB, OWN_JS_GOAL_PAGES } from './targets';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** One page's first-load line: the total, then own / libraries / framework, with PASS/FAIL on our own share on a goal page. */
export function firstLoadLine(key: RatioPage, js: FirstLoadJs): string {
  const total = `js       ${js.path.padEnd(52)} ${kb(js.gzip)} gzip in ${js.files.length} files`;
  if (!js.owners)
    return `${total} (no build/client/.vite/chunk-sources.json: rebuild to see whose code it is)`;
  const { own, libraries, framework } = js.owners;
  const verdict = OWN_JS_GOAL_PAGES.includes(key)
    ? `${own / 1024 <= MAX_OWN_JS_KB ? 'PASS' : 'FAIL'} own ≤ ${MAX_OWN_JS_KB} KB`
    : `(no goal)`;
  return `${total}: own ${kb(own)} · libraries ${kb(libraries)} · framework ${kb(framework)}  ${verdict}  (load ${js.load.toFixed(2)})`;
}

export async function lighthousePhase(
  { settings, server }: Bench,
  pageOf: (key: RatioPage) => Target,
  cachedPages: Target[],
) {
  const scripts = await Promise.all(RATIO_PAGES.map((key) => firstLoadJs(server.origin, pageOf(key).path)));
  for (const [i, js] of scripts.entries()) {
    console.log(firstLoadLine(RATIO_PAGES[i], js));
    if (js.owners && js.owners.own / 1024 > MAX_OWN_JS_KB && OWN_JS_GOAL_PAGES.includes(RATIO_PAGES[i])) {
      console.log(
        `         our largest, minified: ${js.ownTop
          .slice(0, 8)
          .map(([name, n]) => `${name} ${kb(n)}`)
          .join(', ')}`,
      );
    }
  }
  const edge = await tlsFront(server.origin);
  console.log(
    `\nLighthouse (mobile preset), ${settings.lighthouseRuns} runs per page, ${edge ? 'through HAProxy: TLS and HTTP/2' : 'straight to the server: HTTP/1.1 (SKIP the TLS front: no haproxy)'}…`,
  );
  const audits = await runLighthouse(
    cachedPages.map((t) => `${edge?.origin ?? server.origin}${t.path}`),
    settings.lighthouseRuns,
  ).finally(() => edge?.stop());
  for (const a of audits) {
    const tbt = median(a.runs.map((r) => r.tbtMs));
    console.log(
      `lighthouse ${a.url.padEnd(50)} performance ${a.performance}  accessibility ${a.accessibility}  TBT ${Math.round(tbt)} ms (medians; load ${loadavg()[0].toFixed(2)})`,
    );
  }
  return { scripts, audits };
}

/** HAProxy with TLS and HTTP/2 in front of the server at `origin`, or null without haproxy. */
async function tlsFront(origin: string): Promise<Haproxy | null> {
  const binary = findHaproxy();
  if (!binary) return null;
  const port = Number(new URL(origin).port);
  const front = new Haproxy(binary, {
    port: port + 50,
    statsPort: port + 58,
    servers: [{ name: 'app', port }],
    interMs: 2000,
    tls: true,
  });
  await front.start();
  await front.waitUntilUp(['app']);
  return front;
}
