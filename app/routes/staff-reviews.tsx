import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { ru } from 'date-fns/locale/ru';
import { useId, useState } from 'react';
import { Form, Link, useRevalidator } from 'react-router';
import { FAKE_WARNING_CHOICES } from '../../core/reviews/fake-warning';
import { assessmentStars } from '../../core/reviews/rating';
import { STAFF_REVIEWS_PATH } from '../../core/reviews/urls';
import { plural, WORDS } from '../../core/text/plural';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';
import { PrevNextPager } from '../components/ui/pagination';
import { csrfToken } from '../lib/csrf';
import { pageMeta } from '../lib/seo';
import { originOf } from '../lib/town.server';
import { useHydrated } from '../lib/use-hydrated';
import type { Route } from './+types/staff-reviews';

const TABS = [
  ['pending', 'На проверке'],
  ['published', 'Опубликованы'],
  ['unconfirmed', 'Не подтверждены'],
  ['resolved', 'Проблема решена'],
  ['deleted', 'Удалены'],
] as const;
type Status = (typeof TABS)[number][0];

const STATUS_TITLE: Record<string, string> = Object.fromEntries(TABS);

const DELETE_REASONS = [
  'Отзыв оставлен не пациентом',
  'Повторный отзыв о том же приёме',
  'Нецензурные выражения',
  'Отзыв не относится к работе врача',
  'Удалён по просьбе автора',
];

/** `/staff/reviews/`: the moderators' queue (issue 6 item 5). Staff only; others see why not. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { viewer } = context;
  const status = (TABS.find(([s]) => s === url.searchParams.get('status'))?.[0] ?? 'pending') as Status;
  const pageParam = url.searchParams.get('page');
  const page = pageParam && /^\d{1,5}$/.test(pageParam) && Number(pageParam) > 0 ? Number(pageParam) : 1;
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 200);
  const base = { origin: originOf(request), status, page, q, next: `${url.pathname}${url.search}` };
  if (!viewer.isStaff)
    return { ...base, access: viewer.isAnonymous ? 'signIn' : 'denied', queue: null } as const;
  const queue = await context.services.moderation.queue(viewer, status, page, q || null);
  return { ...base, access: 'ok', queue } as const;
}

export const headers = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title: 'Модерация отзывов — ПроДокторов',
    description: 'Очередь отзывов на проверке.',
    canonical: `${loaderData?.origin ?? ''}${STAFF_REVIEWS_PATH}`,
    noindex: true,
  }),
];

type Queue = NonNullable<Awaited<ReturnType<typeof loader>>['queue']>;
type Item = Queue['items'][number];

const when = (iso: string) =>
  format(new TZDate(new Date(iso).getTime(), 'Europe/Moscow'), 'd MMMM yyyy, HH:mm', { locale: ru });

interface Moderated {
  status: string;
  /** Review moderation answers the subject's new rating (0–5, 0: none counts) and count. */
  rating?: number;
  reviews_count?: number;
}

async function post(url: string, payload: unknown): Promise<{ error: string } | { done: Moderated }> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-CSRFToken': csrfToken() },
      body: JSON.stringify(payload),
      credentials: 'same-origin',
    });
    const body = await response.json().catch(() => ({}));
    if (response.ok) return { done: body };
    return { error: body.detail ?? `Ошибка ${response.status}` };
  } catch {
    return { error: 'Нет связи с сервером. Попробуйте ещё раз.' };
  }
}

/** What the moderator reads after an action, with the subject's rating it led to. */
function doneText(kind: 'review' | 'reply', result: Moderated): string {
  const what = kind === 'review' ? 'Отзыв' : 'Ответ';
  const state: Record<string, string> = {
    published: 'опубликован',
    unconfirmed: 'отмечен как неподтверждённый',
    resolved: 'отмечен: проблема решена',
    deleted: 'удалён',
  };
  const rating =
    result.rating === undefined
      ? ''
      : `. Рейтинг: ${result.rating > 0 ? result.rating.toFixed(1).replace('.', ',') : 'нет'}, ${plural(result.reviews_count ?? 0, WORDS.review)}`;
  return `${what} ${state[result.status] ?? result.status}${rating}`;
}

/** Buttons of one review or answer: each action posts, then the page reloads its data. */
function Actions({
  kind,
  actions,
  url,
  onDone,
}: {
  kind: 'review' | 'reply';
  actions: { action: string; title: string; danger?: boolean }[];
  url: string;
  onDone: (message: string) => void;
}) {
  const hydrated = useHydrated();
  const [deleting, setDeleting] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const uid = useId();

  async function run(action: string) {
    setBusy(true);
    setError('');
    const result = await post(url, { action, reason: action === 'delete' ? reason : null });
    setBusy(false);
    if ('error' in result) setError(result.error);
    else {
      setDeleting(false);
      onDone(doneText(kind, result.done));
    }
  }

  return (
    <div className="mt-3">
      <div className="flex flex-wrap gap-2">
        {actions.map((a) => (
          <button
            key={a.action}
            type="button"
            disabled={!hydrated || busy}
            onClick={() => (a.action === 'delete' ? setDeleting((d) => !d) : void run(a.action))}
            aria-expanded={a.action === 'delete' ? deleting : undefined}
            className={`rounded-lg border px-3 py-1.5 text-sm font-medium disabled:opacity-60 ${
              a.danger
                ? 'border-error text-error hover:bg-error/10'
                : 'border-line hover:border-brand hover:text-brand'
            }`}
          >
            {a.title}
          </button>
        ))}
      </div>
      {deleting && (
        <form
          className="mt-3 flex flex-col gap-2 rounded-lg bg-canvas p-3"
          onSubmit={(e) => {
            e.preventDefault();
            void run('delete');
          }}
        >
          <label htmlFor={`${uid}-reason`} className="text-sm font-medium">
            Причина удаления
          </label>
          <input
            id={`${uid}-reason`}
            list={`${uid}-reasons`}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            className="rounded-lg border border-line bg-white px-3 py-2"
          />
          <datalist id={`${uid}-reasons`}>
            {DELETE_REASONS.map((r) => (
              <option key={r} value={r} />
            ))}
          </datalist>
          <button
            type="submit"
            disabled={busy}
            className="self-start rounded-lg bg-error px-4 py-2 text-sm font-medium text-white disabled:opacity-60"
          >
            Удалить с этой причиной
          </button>
        </form>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The subject's fake-review banner ('review' or 'rating'), set from a review that revealed it. */
function FakeWarningControl({ subject, onDone }: { subject: Item['subject']; onDone: (m: string) => void }) {
  const hydrated = useHydrated();
  const [value, setValue] = useState(subject.fakeWarning ?? 'none');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const uid = useId();
  const changed = value !== (subject.fakeWarning ?? 'none');

  async function save() {
    setBusy(true);
    setError('');
    const result = await post('/api/staff/fake-warning/', {
      kind: subject.kind,
      id: subject.id,
      warning: value === 'none' ? null : value,
    });
    setBusy(false);
    if ('error' in result) setError(result.error);
    else
      onDone(
        value === 'none'
          ? `Предупреждение о накрутке снято: ${subject.name}`
          : `Предупреждение «${FAKE_WARNING_CHOICES.find((c) => c.value === value)?.title}» на странице: ${subject.name}`,
      );
  }

  return (
    <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
      <label htmlFor={`${uid}-fake`} className="text-ink-soft">
        Накрутка на странице:
      </label>
      <select
        id={`${uid}-fake`}
        value={value}
        onChange={(e) => setValue(e.target.value as typeof value)}
        className="rounded-lg border border-line bg-white px-2 py-1"
      >
        {FAKE_WARNING_CHOICES.map((c) => (
          <option key={c.value} value={c.value}>
            {c.title}
          </option>
        ))}
      </select>
      {changed && (
        <button
          type="button"
          disabled={!hydrated || busy}
          onClick={() => void save()}
          className="rounded-lg border border-line px-3 py-1 font-medium hover:border-brand hover:text-brand disabled:opacity-60"
        >
          Сохранить
        </button>
      )}
      {error && (
        <span role="alert" className="text-error">
          {error}
        </span>
      )}
    </div>
  );
}

function ReviewItem({ item, onDone }: { item: Item; onDone: (m: string) => void }) {
  const actions = [
    item.status !== 'published' && { action: 'publish', title: 'Опубликовать' },
    item.status !== 'unconfirmed' && { action: 'unconfirm', title: 'Не подтверждён' },
    item.status !== 'resolved' &&
      item.sentiment !== 'positive' && { action: 'resolve', title: 'Проблема решена' },
    item.status !== 'deleted' && { action: 'delete', title: 'Удалить', danger: true },
  ].filter((a): a is { action: string; title: string; danger?: boolean } => Boolean(a));
  return (
    <li className="card p-4 sm:p-5" id={`review-${item.id}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p>
          <span className="text-sm text-ink-soft">
            {item.subject.kind === 'doctor' ? 'Врач' : 'Клиника'}:{' '}
          </span>
          <a href={item.subject.url} className="font-semibold text-brand hover:underline">
            {item.subject.name}
          </a>
        </p>
        <p className="text-sm text-ink-soft">
          № {item.id} · {when(item.createdAt)}
        </p>
      </div>
      <FakeWarningControl subject={item.subject} onDone={onDone} />
      <p className="mt-1 text-sm">
        {item.authorName}
        {item.isAnonymous && ' (просит опубликовать анонимно)'}
        {item.userId === null && ' · без входа на сайт'}
        {item.viaPortal && ' · запись через сервис'}
        {item.visitDate && ` · приём: ${item.visitDate.slice(0, 7)}`}
      </p>
      {item.assessments.length > 0 && (
        <dl className="mt-2 grid gap-x-4 text-sm sm:grid-cols-2">
          {item.assessments.map((a) => (
            <div key={a.name} className="flex justify-between gap-2">
              <dt>{a.name}</dt>
              <dd>{assessmentStars(a.value) === null ? '—' : `${assessmentStars(a.value)} из 5`}</dd>
            </div>
          ))}
        </dl>
      )}
      <p className="mt-2 whitespace-pre-line">{item.text}</p>
      {item.deletedReason && (
        <p className="mt-2 text-sm text-error">Причина удаления: {item.deletedReason}</p>
      )}
      {item.documents.length > 0 && (
        <div className="mt-2 text-sm">
          <p className="font-medium">Документы (видны только модераторам):</p>
          <ul className="list-disc pl-5">
            {item.documents.map((d) => (
              <li key={d.id}>
                <a href={`/api/staff/reviews/documents/${d.id}/`} className="text-brand underline">
                  {d.fileName}
                </a>{' '}
                <span className="text-muted">({Math.ceil(d.size / 1024)} КБ)</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {item.replies.length > 0 && (
        <ul className="mt-2 flex flex-col gap-1 text-sm">
          {item.replies.map((r) => (
            <li key={r.id} className="rounded-lg bg-canvas p-2">
              {r.authorKind === 'doctor' ? 'Ответ врача' : 'Ответ клиники'} (
              {STATUS_TITLE[r.status] ?? r.status}
              ): {r.text}
            </li>
          ))}
        </ul>
      )}
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-ink-soft">История ({item.history.length})</summary>
        <ol className="mt-1 flex flex-col gap-1">
          {item.history.map((h) => (
            <li key={`${h.at}-${h.toStatus}-${h.replyId ?? ''}`}>
              {when(h.at)} · {h.replyId ? 'ответ: ' : ''}
              {h.fromStatus ? `${STATUS_TITLE[h.fromStatus] ?? h.fromStatus} → ` : 'создан → '}
              {STATUS_TITLE[h.toStatus] ?? h.toStatus}
              {h.reason ? ` · ${h.reason}` : ''}
              {h.actor ? ` · ${h.actor}` : ''}
            </li>
          ))}
        </ol>
      </details>
      <Actions
        kind="review"
        actions={actions}
        url={`/api/staff/reviews/${item.id}/moderate/`}
        onDone={onDone}
      />
    </li>
  );
}

/** The queue's query string: the state, the search and the page (1 is left out). */
function queueSearch(status: Status, q: string, page = 1): string {
  const params = new URLSearchParams({ status });
  if (q) params.set('q', q);
  if (page > 1) params.set('page', String(page));
  return `?${params}`;
}

export default function StaffReviews({ loaderData: d }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const [notice, setNotice] = useState('');
  const done = (message: string) => {
    setNotice(message);
    void revalidator.revalidate();
  };
  return (
    <>
      <SiteHeader town={null} />
      <main id="content" tabIndex={-1} className="mx-auto w-full max-w-4xl flex-1 px-4 py-6">
        <h1 className="text-2xl font-bold sm:text-3xl">Модерация отзывов</h1>
        {d.access !== 'ok' || !d.queue ? (
          <div className="card mt-6 p-8 text-center" role="status">
            <p className="text-lg font-semibold">Раздел только для модераторов</p>
            {d.access === 'signIn' && (
              <a
                href={`/login/?next=${encodeURIComponent(d.next)}`}
                className="mt-4 inline-block rounded-lg bg-brand px-5 py-2.5 font-medium text-white hover:bg-brand-dark"
              >
                Войти
              </a>
            )}
          </div>
        ) : (
          <>
            <nav aria-label="Состояние отзывов" className="-mx-4 mt-4 overflow-x-auto px-4">
              <ul className="flex gap-2 whitespace-nowrap text-sm">
                {TABS.map(([status, title]) => (
                  <li key={status}>
                    <Link
                      to={queueSearch(status, d.q)}
                      aria-current={status === d.status ? 'page' : undefined}
                      className="inline-block rounded-full border border-line px-3 py-1.5 hover:border-brand aria-[current=page]:border-brand aria-[current=page]:bg-brand aria-[current=page]:text-white"
                    >
                      {title}
                      {status === 'pending' ? ` ${d.queue.pendingCount}` : ''}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
            <Form method="get" role="search" className="mt-4 flex flex-wrap gap-2">
              <input type="hidden" name="status" value={d.status} />
              <label htmlFor="staff-reviews-q" className="sr-only">
                Поиск отзывов
              </label>
              <input
                id="staff-reviews-q"
                type="search"
                name="q"
                defaultValue={d.q}
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
            <p role="status" className="mt-3 min-h-6 text-sm text-success">
              {notice}
            </p>
            {d.status === 'pending' && d.queue.pendingReplies.length > 0 && (
              <section aria-labelledby="replies" className="mt-2">
                <h2 id="replies" className="text-xl font-semibold">
                  Ответы врачей и клиник на проверке
                </h2>
                <ul className="mt-3 flex flex-col gap-3">
                  {d.queue.pendingReplies.map((r) => (
                    <li key={r.id} className="card p-4 text-sm">
                      <p className="text-ink-soft">
                        На отзыв:{' '}
                        <a
                          href={`${r.subjectUrl}otzivi/#rate-${r.reviewId}`}
                          className="text-brand underline"
                        >
                          {r.reviewText.slice(0, 140)}
                          {r.reviewText.length > 140 ? '…' : ''}
                        </a>
                      </p>
                      <p className="mt-2">
                        <span className="font-medium">
                          {r.authorKind === 'doctor' ? 'Ответ врача' : 'Ответ клиники'}:
                        </span>{' '}
                        {r.text}
                      </p>
                      <Actions
                        kind="reply"
                        url={`/api/staff/replies/${r.id}/moderate/`}
                        actions={[
                          { action: 'publish', title: 'Опубликовать ответ' },
                          { action: 'delete', title: 'Удалить', danger: true },
                        ]}
                        onDone={done}
                      />
                    </li>
                  ))}
                </ul>
              </section>
            )}
            <section aria-label="Отзывы" className="mt-4">
              {d.queue.items.length === 0 ? (
                <p className="card p-6 text-center text-ink-soft" role="status">
                  {d.q
                    ? 'Ничего не нашлось.'
                    : d.status === 'pending'
                      ? 'Очередь пуста: все отзывы проверены.'
                      : 'Здесь пока пусто.'}
                </p>
              ) : (
                <ul className="flex flex-col gap-3">
                  {d.queue.items.map((item) => (
                    <ReviewItem key={item.id} item={item} onDone={done} />
                  ))}
                </ul>
              )}
            </section>
            <PrevNextPager
              prev={d.page > 1 ? queueSearch(d.status, d.q, d.page - 1) : null}
              next={d.queue.hasNext ? queueSearch(d.status, d.q, d.page + 1) : null}
            />
          </>
        )}
      </main>
      <SiteFooter />
    </>
  );
}
