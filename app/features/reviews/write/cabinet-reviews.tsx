import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns/format';
import { ru } from 'date-fns/locale/ru';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { CabinetReview, CabinetReviews } from '../../../../core/reviews/contracts';
import { Button } from '../../../components/ui/button';
import { PrevNextPager } from '../../../components/ui/pagination';
import { InboxFilters, RatingTrendChart } from './inbox-filters';
import { ReplyForm } from './reply-form';

const SENTIMENT: Record<CabinetReview['sentiment'], string> = {
  positive: 'Положительный',
  neutral: 'Нейтральный',
  negative: 'Отрицательный',
};

const day = (iso: string) =>
  format(new TZDate(new Date(iso).getTime(), 'Europe/Moscow'), 'd MMMM yyyy', { locale: ru });

function ReviewItem({ item }: { item: CabinetReview }) {
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
        <Button variant="small" onClick={() => setOpen(true)} className="mt-3 font-medium text-brand">
          Ответить
        </Button>
      )}
    </li>
  );
}

/** The reviews about the signed-in doctor or clinic, each with its answer or a form to write one. */
export function CabinetReviewsList({
  list,
  page,
  search,
}: {
  list: CabinetReviews;
  page: number;
  /** The page's query ('?tone=negative&page=2'), which the filters and pager keep. */
  search: string;
}) {
  const navigate = useNavigate();
  const pageHref = (n: number) => {
    const params = new URLSearchParams(search);
    params.set('page', String(n));
    return `?${params}`;
  };
  const filtered = new URLSearchParams(search);
  filtered.delete('page');
  return (
    <>
      <p className="mt-1 text-ink-soft">
        Ответ появится под отзывом после проверки модератором. Отвечайте по делу и не раскрывайте медицинских
        данных пациента.
      </p>
      <RatingTrendChart trend={list.trend} />
      <InboxFilters counts={list.counts} search={search} navigate={(href) => navigate(href)} />
      {list.items.length === 0 ? (
        <p className="card mt-6 p-6 text-center text-ink-soft" role="status">
          {filtered.size > 0 ? 'Нет отзывов с такими условиями.' : 'Отзывов о вас пока нет.'}
        </p>
      ) : (
        <ul className="mt-4 flex flex-col gap-3">
          {list.items.map((item) => (
            <ReviewItem key={item.id} item={item} />
          ))}
        </ul>
      )}
      <PrevNextPager
        prev={page > 1 ? pageHref(page - 1) : null}
        next={list.hasNext ? pageHref(page + 1) : null}
      />
    </>
  );
}
