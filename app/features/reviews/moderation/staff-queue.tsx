import { useState } from 'react';
import { Form, Link, useRevalidator } from 'react-router';
import { reviewsUrl } from '../../../../core/directory/urls';
import type {
  ModerationQueue,
  PendingReply,
  QueueStatus,
} from '../../../../core/reviews/moderation-contracts';
import { PrevNextPager } from '../../../components/ui/pagination';
import { ModerationActions } from './moderation-actions';
import { BulkModeration, QueueFilters, type QueueFilterValues } from './queue-filters';
import { QUEUE_TABS, queueSearch } from './queue-labels';
import { QueueReview } from './queue-review';

/** An answer waiting above the queue, with a line of the review it answers. */
function PendingReplyCard({ reply: r, onDone }: { reply: PendingReply; onDone: (message: string) => void }) {
  return (
    <li className="card p-4 text-sm">
      <p className="text-ink-soft">
        На отзыв:{' '}
        <a href={`${reviewsUrl(r.subjectUrl)}#rate-${r.reviewId}`} className="text-brand underline">
          {r.reviewText.slice(0, 140)}
          {r.reviewText.length > 140 ? '…' : ''}
        </a>
      </p>
      <p className="mt-2">
        <span className="font-medium">{r.authorKind === 'doctor' ? 'Ответ врача' : 'Ответ клиники'}:</span>{' '}
        {r.text}
      </p>
      <ModerationActions
        target={{
          kind: 'reply',
          id: r.id,
          actions: [
            { action: 'publish', title: 'Опубликовать ответ' },
            { action: 'delete', title: 'Удалить', danger: true },
          ],
        }}
        onDone={onDone}
      />
    </li>
  );
}

/**
 * The moderators' queue: a tab per state (the pending count on its tab), the search by number
 * or words, the answers waiting, the reviews of the state and the pager. After each action the
 * page reloads its data and says what was done.
 */
export function StaffQueue({
  status,
  q,
  page,
  queue,
  filters = {},
}: {
  status: QueueStatus;
  q: string;
  page: number;
  queue: ModerationQueue;
  filters?: QueueFilterValues;
}) {
  const revalidator = useRevalidator();
  const [notice, setNotice] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const done = (message: string) => {
    setNotice(message);
    setSelected([]);
    void revalidator.revalidate();
  };
  const select = (id: number, on: boolean) =>
    setSelected((ids) => (on ? [...ids.filter((x) => x !== id), id] : ids.filter((x) => x !== id)));
  return (
    <>
      <nav aria-label="Состояние отзывов" className="-mx-4 mt-4 overflow-x-auto px-4">
        <ul className="flex gap-2 whitespace-nowrap text-sm">
          {QUEUE_TABS.map(([tab, title]) => (
            <li key={tab}>
              <Link
                to={queueSearch(tab, q, 1, filters)}
                aria-current={tab === status ? 'page' : undefined}
                className="inline-block rounded-full border border-line px-3 py-1.5 hover:border-brand aria-[current=page]:border-brand aria-[current=page]:bg-brand aria-[current=page]:text-white"
              >
                {title}
                {tab === 'pending' ? ` ${queue.pendingCount}` : ''}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="get" role="search" className="mt-4 flex flex-wrap gap-2">
        <input type="hidden" name="status" value={status} />
        <label htmlFor="staff-reviews-q" className="sr-only">
          Поиск отзывов
        </label>
        <input
          id="staff-reviews-q"
          type="search"
          name="q"
          defaultValue={q}
          placeholder="Номер отзыва, слова из текста, автор, врач или клиника"
          className="min-w-0 flex-1 rounded-lg border border-line bg-white px-3 py-2"
        />
        <button
          type="submit"
          className="rounded-lg border border-brand px-4 py-2 font-medium text-brand hover:bg-brand-soft"
        >
          Найти
        </button>
      </Form>
      <QueueFilters status={status} q={q} values={filters} matching={queue.matching} />
      <BulkModeration selected={selected} onDone={done} />
      <p role="status" className="mt-3 min-h-6 text-sm text-success">
        {notice}
      </p>
      {status === 'pending' && queue.pendingReplies.length > 0 && (
        <section aria-labelledby="replies" className="mt-2">
          <h2 id="replies" className="text-xl font-semibold">
            Ответы врачей и клиник на проверке
          </h2>
          <ul className="mt-3 flex flex-col gap-3">
            {queue.pendingReplies.map((r) => (
              <PendingReplyCard key={r.id} reply={r} onDone={done} />
            ))}
          </ul>
        </section>
      )}
      <section aria-label="Отзывы" className="mt-4">
        {queue.items.length === 0 ? (
          <p className="card p-6 text-center text-ink-soft" role="status">
            {q
              ? 'Ничего не нашлось.'
              : status === 'pending'
                ? 'Очередь пуста: все отзывы проверены.'
                : 'Здесь пока пусто.'}
          </p>
        ) : (
          <ul className="flex flex-col gap-3">
            {queue.items.map((item) => (
              <QueueReview
                key={item.id}
                item={item}
                onDone={done}
                selected={selected.includes(item.id)}
                onSelect={(on) => select(item.id, on)}
              />
            ))}
          </ul>
        )}
      </section>
      <PrevNextPager
        prev={page > 1 ? queueSearch(status, q, page - 1, filters) : null}
        next={queue.hasNext ? queueSearch(status, q, page + 1, filters) : null}
      />
    </>
  );
}
