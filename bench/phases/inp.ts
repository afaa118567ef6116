/**
 * Interaction to Next Paint on a phone: Chromium (the e2e tests' build, server/tools/chromium-path.ts)
 * with a 390 × 844 touch viewport and the CPU slowed 4× (CDP Emulation.setCPUThrottlingRate),
 * against the running bench server. Each interaction is a tap on a freshly loaded page, after
 * hydration; its latency is the standard Event Timing one (web-vitals' INP): a PerformanceObserver
 * of type 'event' (durationThreshold 16, buffered) groups entries by interactionId and an
 * interaction counts its longest entry, from the input to the next paint. An interaction under
 * 16 ms leaves no entry and counts as 16 ms. Target: p75 < 200 ms for each interaction.
 *
 * Interactions: a day tab of a list card's calendar ('Дни для записи') and then a time of that day
 * (it leaves for the booking form: the form's request is held so that the list's next paint is
 * seen), the 'Сегодня' chip of the list's free-time filter (on a phone the sort is a native
 * <select>, whose choice no Event Timing entry sees, and the checkboxes fold behind 'Фильтры'),
 * a card's club price (opens the club dialog), and on a doctor's reviews page the phone's
 * 'Фильтр' button then 'Отрицательные' in its dialog (?type=negative).
 */
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Browser, chromium, type Locator, type Page, type Route } from '@playwright/test';
import { chromiumPath } from '../../server/tools/chromium-path';
import { percentiles, table } from '../stats';

export const INP_TARGET_MS = 200;
/** Below this an interaction leaves no Event Timing entry (the API's smallest threshold). */
export const EVENT_THRESHOLD_MS = 16;

const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** What the page keeps of a PerformanceEventTiming entry. */
export interface EventEntry {
  name: string;
  interactionId: number;
  startTime: number;
  duration: number;
}

/** Each interaction's latency: its longest entry (Event Timing groups an interaction's events by interactionId). */
export function interactionLatencies(entries: readonly EventEntry[]): Map<number, number> {
  const byId = new Map<number, number>();
  for (const e of entries) {
    if (!e.interactionId) continue;
    byId.set(e.interactionId, Math.max(byId.get(e.interactionId) ?? 0, e.duration));
  }
  return byId;
}

/**
 * The latency of the interaction a sample made (entries started at or after `since`): the worst
 * of them should a tap have made more than one, and EVENT_THRESHOLD_MS when none left an entry.
 */
export function sampleLatency(entries: readonly EventEntry[], since: number): number {
  const latencies = interactionLatencies(entries.filter((e) => e.startTime >= since));
  return Math.max(EVENT_THRESHOLD_MS, ...latencies.values());
}

export interface InpRow {
  name: string;
  samples: number[];
  p50: number;
  p75: number;
  max: number;
  pass: boolean;
}

export function inpRow(name: string, samples: number[]): InpRow {
  const [p50, p75, max] = percentiles(samples, [50, 75, 100]);
  // No samples (every load failed) is no pass: NaN < 200 is false.
  return { name, samples, p50, p75, max, pass: p75 < INP_TARGET_MS };
}

const whole = (ms: number) => (Number.isFinite(ms) ? ms.toFixed(0) : '—');

export function inpTable(rows: readonly InpRow[]): string {
  return table(
    ['interaction (phone, CPU 4×)', 'runs', 'p50 ms', 'p75 ms', 'max ms', `p75 < ${INP_TARGET_MS}`],
    rows.map((r) => [
      r.name,
      String(r.samples.length),
      whole(r.p50),
      whole(r.p75),
      whole(r.max),
      r.pass ? 'PASS' : 'FAIL',
    ]),
    [false, true, true, true, true, false],
  );
}

/**
 * Sends each entry of an interaction out through a binding as it comes: a page whose booking form
 * is on its way answers no evaluate. A string, not a function: what the page runs is not put
 * through the bench's TypeScript transform.
 */
const OBSERVE = `new PerformanceObserver((list) => {
  for (const e of list.getEntries())
    if (e.interactionId)
      window.__inpEntry({ name: e.name, interactionId: e.interactionId, startTime: e.startTime, duration: e.duration });
}).observe({ type: 'event', durationThreshold: ${EVENT_THRESHOLD_MS}, buffered: true });`;

/** The entries each page has sent. */
const sent = new WeakMap<Page, EventEntry[]>();

/** The rows, in the order they are made on each round. */
const INTERACTIONS = [
  'day tab (card calendar)',
  'slot (to the booking form)',
  'list filter: chip «Сегодня»',
  'club price button (dialog)',
  'reviews filter: open «Фильтр»',
  'reviews filter: «Отрицательные»',
] as const;
type Interaction = (typeof INTERACTIONS)[number];

const SLOT = /^\d\d:\d\d$/;
const days = (card: Locator) =>
  card.getByRole('tablist', { name: 'Дни для записи' }).locator('[role="tab"]:not([aria-disabled])');

export interface InpPaths {
  /** A doctor list: '/moskva/vrach/'. */
  list: string;
  /** A doctor's reviews page with negative reviews: '/moskva/vrach/1-x/otzivi/'. */
  reviews: string;
}

/** Runs `runs` rounds of every interaction on the server at `origin`; prints and returns the rows. */
export async function inpPhase(origin: string, paths: InpPaths, runs: number): Promise<InpRow[]> {
  const loadBefore = loadavg()[0];
  console.log(
    `\nINP: ${runs} page loads per interaction, Chromium ${chromiumPath()}, 390 × 844 touch, CPU 4× (load average ${loadBefore.toFixed(2)})…`,
  );
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: FLAGS });
  const samples = new Map<Interaction, number[]>(INTERACTIONS.map((name) => [name, []]));
  const add = (name: Interaction, ms: number) => samples.get(name)?.push(ms);
  try {
    const context = await browser.newContext({
      baseURL: origin,
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
      locale: 'ru-RU',
      timezoneId: 'Europe/Moscow',
    });
    await context.exposeBinding('__inpEntry', ({ page }, entry: EventEntry) => {
      sent.set(page, [...(sent.get(page) ?? []), entry]);
    });
    await context.addInitScript(OBSERVE);
    let cardIndex: number | null = null;
    for (let round = 0; round < runs; round++) {
      await onPage(context, paths.list, async (page) => {
        cardIndex ??= await cardWithDays(page);
        const card = page.locator('article[data-doctor-id]').nth(cardIndex);
        // Its calendar loads as the card nears the viewport.
        await card.scrollIntoViewIfNeeded();
        await settle(page, card.getByRole('tablist', { name: 'Дни для записи' }));
        const tab = days(card).and(page.locator('[aria-selected="false"]')).first();
        add('day tab (card calendar)', await measure(page, () => tab.tap()));
        const slot = card.getByRole('tabpanel').getByRole('button', { name: SLOT }).first();
        await slot.waitFor();
        await pause(page);
        add('slot (to the booking form)', await measure(page, () => slot.tap(), { holdNavigation: true }));
      });
      await onPage(context, paths.list, async (page) => {
        const chip = page.locator('form[aria-label="Сортировка и фильтры"] label', { hasText: 'Сегодня' });
        await settle(page, chip);
        add('list filter: chip «Сегодня»', await measure(page, () => chip.tap()));
      });
      await onPage(context, paths.list, async (page) => {
        const price = page.locator('button[data-club-price]:not([disabled])').first();
        await settle(page, price);
        add('club price button (dialog)', await measure(page, () => price.tap()));
      });
      await onPage(context, paths.reviews, async (page) => {
        const open = page.getByRole('button', { name: /^Фильтр/ });
        await settle(page, open);
        add('reviews filter: open «Фильтр»', await measure(page, () => open.tap()));
        const negative = page
          .getByRole('dialog', { name: 'Фильтр' })
          .getByRole('radio', { name: 'Отрицательные' });
        await negative.waitFor();
        await pause(page);
        add('reviews filter: «Отрицательные»', await measure(page, () => negative.tap()));
      });
      process.stdout.write(`  round ${round + 1}/${runs} done\n`);
    }
  } finally {
    await browser.close();
  }
  const rows = [...samples].map(([name, ms]) => inpRow(name, ms));
  console.log(`\n${inpTable(rows)}`);
  console.log(
    `load average (1 min): ${loadBefore.toFixed(2)} at the start, ${loadavg()[0].toFixed(2)} at the end`,
  );
  for (const r of rows)
    console.log(
      `${r.pass ? 'PASS' : 'FAIL'}  INP ${r.name} p75 < ${INP_TARGET_MS} ms: ${r.p75.toFixed(0)} ms (load ${loadavg()[0].toFixed(2)})`,
    );
  return rows;
}

type Context = Awaited<ReturnType<Browser['newContext']>>;

/**
 * A fresh tab with the CPU slowed 4×, on `path` once hydrated; closed after `use`. A load that
 * fails (a timeout on a busy machine) is said and skipped: the row counts the samples it has.
 */
async function onPage(context: Context, path: string, use: (page: Page) => Promise<void>) {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(path, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'), null, {
      timeout: 60_000,
    });
    await use(page);
  } catch (error) {
    console.log(`  skipped a load of ${path}: ${String(error).split('\n')[0]}`);
  } finally {
    await page.close().catch(() => {});
  }
}

/** The index of the first list card whose calendar has two bookable days (its calendar loads as it nears the viewport). */
async function cardWithDays(page: Page): Promise<number> {
  const cards = page.locator('article[data-doctor-id]');
  const count = await cards.count();
  for (let i = 0; i < count; i++) {
    const card = cards.nth(i);
    await card.scrollIntoViewIfNeeded();
    await page.waitForFunction(
      (el) => el?.querySelector('.slots-box') === null || el?.querySelector('.slots-box[aria-busy]') === null,
      await card.elementHandle(),
      { timeout: 30_000 },
    );
    if ((await days(card).count()) >= 2) return i;
  }
  throw new Error('no card on the list has a calendar with two bookable days');
}

/** The control in view and hydrated (a section may hydrate after the page, ADR 021), then a quiet moment. */
async function settle(page: Page, control: Locator) {
  await control.first().scrollIntoViewIfNeeded({ timeout: 30_000 });
  await control.first().waitFor({ timeout: 30_000 });
  const deadline = Date.now() + 30_000;
  while (
    !(await control
      .first()
      .evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactProps')))
      .catch(() => false))
  ) {
    if (Date.now() > deadline) throw new Error('the control did not hydrate within 30 s');
    await page.waitForTimeout(100);
  }
  await pause(page);
}

/** Lets the page finish what it was doing (late hydration, lazy chunks) before the tap. */
const pause = (page: Page) => page.waitForTimeout(500);

/**
 * The latency of the interaction `act` makes: the longest Event Timing entry of interactions
 * started after it began. With `holdNavigation` a document request it starts is held (then
 * dropped), so that the page stays to paint and report.
 */
async function measure(
  page: Page,
  act: () => Promise<void>,
  { holdNavigation = false } = {},
): Promise<number> {
  const held: Route[] = [];
  if (holdNavigation)
    await page.route('**/*', (route) =>
      route.request().isNavigationRequest() ? void held.push(route) : route.continue(),
    );
  const since = (await page.evaluate('performance.now()')) as number;
  await act();
  // Entries arrive after the frame is presented; one slower than 16 ms is certain to be there by
  // then. Poll until one for this interaction comes, or 3 s without one: it was quicker than 16 ms.
  const entries = () => sent.get(page) ?? [];
  const deadline = Date.now() + 3000;
  while (Date.now() < deadline && !entries().some((e) => e.startTime >= since)) await sleep(100);
  // Other entries of the same interaction (pointerup, click) come with the first or just after it.
  await sleep(300);
  for (const route of held) await route.abort().catch(() => {});
  return sampleLatency(entries(), since);
}
