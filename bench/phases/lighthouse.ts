/**
 * The browser-side phase on the cached server: each ratio page's first-load JavaScript, then
 * Lighthouse (mobile preset) on the same pages, reached as a deployment's visitors reach them:
 * through HAProxy with TLS and HTTP/2 (deploy/haproxy.cfg). Over plain HTTP/1.1 a browser opens
 * six connections to a host, and Lighthouse's simulated phone network charged a page's 30-odd
 * scripts round trips that no visitor of an HTTPS site pays. Without haproxy it measures the
 * server directly and says so.
 */
import { findHaproxy, Haproxy } from '../../server/testing/cluster';
import { firstLoadJs } from '../first-load-js';
import { runLighthouse } from '../lighthouse';
import type { Bench } from './context';
import { RATIO_PAGES, type RatioPage, type Target } from './page-targets';

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
  const edge = await tlsFront(server.origin);
  console.log(
    `\nLighthouse (mobile preset), ${settings.lighthouseRuns} runs per page, ${edge ? 'through HAProxy: TLS and HTTP/2' : 'straight to the server: HTTP/1.1 (SKIP the TLS front: no haproxy)'}…`,
  );
  const audits = await runLighthouse(
    cachedPages.map((t) => `${edge?.origin ?? server.origin}${t.path}`),
    settings.lighthouseRuns,
  ).finally(() => edge?.stop());
  for (const a of audits) {
    console.log(
      `lighthouse ${a.url.padEnd(50)} performance ${a.performance}  accessibility ${a.accessibility}`,
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
