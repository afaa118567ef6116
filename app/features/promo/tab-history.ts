import {
  closeLast,
  openPage,
  parseTabHistory,
  TAB_HISTORY_KEY,
  type TabRecord,
} from '../../../core/promo/tab-history';

/**
 * This tab's history (core/promo/tab-history.ts) in sessionStorage, which a browser keeps per tab.
 * Loaded after hydration (the shell imports it in an effect), so no page's first load carries it.
 * A storage that refuses (a private window's quota, a blocked storage) leaves the history empty;
 * the page works the same.
 */
function read(): TabRecord[] {
  try {
    return parseTabHistory(sessionStorage.getItem(TAB_HISTORY_KEY));
  } catch {
    return [];
  }
}

function write(history: TabRecord[]) {
  try {
    sessionStorage.setItem(TAB_HISTORY_KEY, JSON.stringify(history));
  } catch {
    // Not kept: the next page starts from what is stored.
  }
}

type Listener = (record: TabRecord) => void;
const listeners = new Map<string, Set<Listener>>();

function closeOpen(now: number) {
  const before = read().at(-1);
  const history = closeLast(read(), now);
  write(history);
  const left = history.at(-1);
  if (before && before.end === null && left)
    for (const listener of listeners.get(left.url) ?? []) listener(left);
}

export const tabHistory = {
  /** A page of the tab opened (its path and query); the open one before it is left now. */
  open(url: string) {
    const last = read().at(-1);
    if (last && last.end === null && last.url !== url) closeOpen(Date.now());
    write(openPage(read(), url, Date.now()));
  },
  /** The tab's open page is left (the tab hides for good, or the page's own widget goes). */
  close() {
    closeOpen(Date.now());
  },
  /** Tells `listener` each time the page `url` is left, with its record; returns the unsubscribe. */
  onLeave(url: string, listener: Listener): () => void {
    const set = listeners.get(url) ?? new Set();
    set.add(listener);
    listeners.set(url, set);
    return () => {
      set.delete(listener);
      if (set.size === 0) listeners.delete(url);
    };
  },
  read,
};

const here = () => `${location.pathname}${location.search}`;
// The tab is closed, reloaded or left for another site: the page is left. Coming back to it
// from the back-forward cache opens it again.
addEventListener('pagehide', () => tabHistory.close());
addEventListener('pageshow', (event) => {
  if (event.persisted) tabHistory.open(here());
});
