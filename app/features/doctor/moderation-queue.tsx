import { type ReactNode, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { PrevNextPager } from '../../components/ui/pagination';

const TABS = [
  ['pending', 'На проверке'],
  ['decided', 'История решений'],
] as const;
export type QueueTab = (typeof TABS)[number][0];

/** A queue's tabs: what waits (with its count) and the history of decisions. */
export function QueueTabs({
  label,
  tab,
  hrefOf,
  pendingCount,
}: {
  label: string;
  tab: QueueTab;
  hrefOf: (tab: QueueTab) => string;
  pendingCount: number;
}) {
  return (
    <nav aria-label={label} className="-mx-4 mt-4 overflow-x-auto px-4">
      <ul className="flex gap-2 whitespace-nowrap text-sm">
        {TABS.map(([t, title]) => (
          <li key={t}>
            <Link
              to={hrefOf(t)}
              aria-current={t === tab ? 'page' : undefined}
              className="inline-block rounded-full border border-line px-3 py-1.5 hover:border-brand aria-[current=page]:border-brand aria-[current=page]:bg-brand aria-[current=page]:text-white"
            >
              {title}
              {t === 'pending' ? ` ${pendingCount}` : ''}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A decision's or a submission's moment as staff read it ('28 ноября в 06:50', Moscow time). */
export const when = (iso: string) =>
  new Date(iso).toLocaleString('ru-RU', {
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/Moscow',
  });

/**
 * A staff queue (profile changes, document scans): its tabs, the last decision's note, the
 * items as cards (or the empty text) and the pager; a decision refreshes the page's data.
 */
export function ModerationQueue<T extends { id: number }>({
  label,
  tab,
  page,
  hrefOf,
  pendingCount,
  items,
  hasNext,
  emptyText,
  card,
}: {
  label: string;
  tab: QueueTab;
  page: number;
  hrefOf: (tab: QueueTab, page?: number) => string;
  pendingCount: number;
  items: T[];
  hasNext: boolean;
  emptyText: string;
  card: (item: T, onDone: (text: string) => void) => ReactNode;
}) {
  const revalidator = useRevalidator();
  const [notice, setNotice] = useState('');
  const done = (text: string) => {
    setNotice(text);
    void revalidator.revalidate();
  };
  return (
    <>
      <QueueTabs label={label} tab={tab} hrefOf={(t) => hrefOf(t)} pendingCount={pendingCount} />
      <p role="status" className="mt-3 min-h-6 text-sm text-success">
        {notice}
      </p>
      {items.length === 0 ? (
        <p className="card p-6 text-center text-ink-soft">{emptyText}</p>
      ) : (
        <ul className="flex flex-col gap-3">{items.map((item) => card(item, done))}</ul>
      )}
      <PrevNextPager
        prev={page > 1 ? hrefOf(tab, page - 1) : null}
        next={hasNext ? hrefOf(tab, page + 1) : null}
      />
    </>
  );
}
