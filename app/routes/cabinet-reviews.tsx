import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { ru } from 'date-fns/locale/ru';
import { useId, useState } from 'react';
import { CABINET_REVIEWS_PATH } from '../../core/reviews/urls';
import { REPLY_TEXT_MAX, REPLY_TEXT_MIN } from '../../core/reviews/write';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';
import { PrevNextPager } from '../components/ui/pagination';
import { csrfToken } from '../lib/csrf';
import { pageMeta } from '../lib/seo';
import { originOf } from '../lib/town.server';
import { useHydrated } from '../lib/use-hydrated';
import type { Route } from './+types/cabinet-reviews';

/** `/cabinet/reviews/`: reviews about the signed-in doctor or clinic, with their answers (issue 6 item 6). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { viewer } = context;
  const pageParam = url.searchParams.get('page');
  const page = pageParam && /^\d{1,5}$/.test(pageParam) && Number(pageParam) > 0 ? Number(pageParam) : 1;
  const base = { origin: originOf(request), page, next: `${url.pathname}${url.search}` };
  if (!viewer.isDoctor && !viewer.isLpu)
    return { ...base, access: viewer.isAnonymous ? 'signIn' : 'denied', list: null } as const;
  return { ...base, access: 'ok', list: await context.services.reviewWriter.aboutMe(viewer, page) } as const;
}

export const headers = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title: 'Отзывы обо мне — ПроДокторов',
    description: 'Отзывы пациентов и ответы на них.',
    canonical: `${loaderData?.origin ?? ''}${CABINET_REVIEWS_PATH}`,
    noindex: true,
  }),
];

type Item = NonNullable<Awaited<ReturnType<typeof loader>>['list']>['items'][number];

const SENTIMENT: Record<Item['sentiment'], string> = {
  positive: 'Положительный',
  neutral: 'Нейтральный',
  negative: 'Отрицательный',
};

const day = (iso: string) =>
  format(new TZDate(new Date(iso).getTime(), 'Europe/Moscow'), 'd MMMM yyyy', { locale: ru });

function ReplyForm({ reviewId, onSent }: { reviewId: number; onSent: (text: string) => void }) {
  const hydrated = useHydrated();
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const uid = useId();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (text.trim().length < REPLY_TEXT_MIN) {
      setError(`Ответ слишком короткий: не меньше ${REPLY_TEXT_MIN} символов`);
      return;
    }
    setBusy(true);
    setError('');
    try {
      const response = await fetch(`/api/reviews/${reviewId}/replies/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-CSRFToken': csrfToken() },
        body: JSON.stringify({ text }),
        credentials: 'same-origin',
      });
      const body = await response.json().catch(() => ({}));
      if (response.status === 201) onSent(text.trim());
      else setError(body.errors?.text ?? body.detail ?? `Ошибка ${response.status}`);
    } catch {
      setError('Нет связи с сервером. Попробуйте ещё раз.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="mt-3 flex flex-col gap-2">
      <label htmlFor={`${uid}-text`} className="text-sm font-medium">
        Ваш ответ
      </label>
      <textarea
        id={`${uid}-text`}
        rows={4}
        maxLength={REPLY_TEXT_MAX}
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${uid}-error` : undefined}
        className="rounded-lg border border-line px-3 py-2"
      />
      {error && (
        <p id={`${uid}-error`} role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
      <button
        type="submit"
        disabled={!hydrated || busy}
        className="self-start rounded-lg bg-brand px-4 py-2 text-sm font-medium text-white hover:bg-brand-dark disabled:opacity-60"
      >
        {busy ? 'Отправляем…' : 'Отправить ответ'}
      </button>
    </form>
  );
}

function ReviewItem({ item }: { item: Item }) {
  const [reply, setReply] = useState(item.reply);
  const [open, setOpen] = useState(false);
  return (
    <li className="card p-4 sm:p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold">{item.isAnonymous ? 'Анонимный отзыв' : item.authorName}</p>
        <p className="text-sm text-ink-soft">
          {SENTIMENT[item.sentiment]} · {day(item.createdAt)}
        </p>
      </div>
      {item.about && <p className="text-sm text-ink-soft">О враче: {item.about}</p>}
      <p className="mt-2 whitespace-pre-line">{item.text}</p>
      {reply ? (
        <div className="mt-3 rounded-lg bg-canvas p-3 text-sm">
          <p className="font-medium">
            Ваш ответ {reply.status === 'pending' ? '(на проверке у модератора)' : '(опубликован)'}
          </p>
          <p className="mt-1 whitespace-pre-line">{reply.text}</p>
        </div>
      ) : open ? (
        <ReplyForm reviewId={item.id} onSent={(text) => setReply({ text, status: 'pending' })} />
      ) : (
        <button
          type="button"
          onClick={() => setOpen(true)}
          className="mt-3 rounded-lg border border-line px-4 py-2 text-sm font-medium text-brand hover:border-brand"
        >
          Ответить
        </button>
      )}
    </li>
  );
}

export default function CabinetReviews({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <SiteHeader town={null} />
      <main id="content" tabIndex={-1} className="mx-auto w-full max-w-3xl flex-1 px-4 py-6">
        <h1 className="text-2xl font-bold sm:text-3xl">Отзывы обо мне</h1>
        {d.access !== 'ok' || !d.list ? (
          <div className="card mt-6 p-8 text-center" role="status">
            <p className="text-lg font-semibold">Отвечать на отзывы могут врачи и клиники</p>
            <a
              href={`/login/?kind=doctor&next=${encodeURIComponent(d.next)}`}
              className="mt-4 inline-block rounded-lg bg-brand px-5 py-2.5 font-medium text-white hover:bg-brand-dark"
            >
              Войти как врач или клиника
            </a>
          </div>
        ) : (
          <>
            <p className="mt-1 text-ink-soft">
              Ответ появится под отзывом после проверки модератором. Отвечайте по делу и не раскрывайте
              медицинских данных пациента.
            </p>
            {d.list.items.length === 0 ? (
              <p className="card mt-6 p-6 text-center text-ink-soft" role="status">
                Отзывов о вас пока нет.
              </p>
            ) : (
              <ul className="mt-4 flex flex-col gap-3">
                {d.list.items.map((item) => (
                  <ReviewItem key={item.id} item={item} />
                ))}
              </ul>
            )}
            <PrevNextPager
              prev={d.page > 1 ? `?page=${d.page - 1}` : null}
              next={d.list.hasNext ? `?page=${d.page + 1}` : null}
            />
          </>
        )}
      </main>
      <SiteFooter />
    </>
  );
}
