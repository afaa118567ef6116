import type { ReactNode } from 'react';
import type { ReviewPreview, ReviewSummary as ReviewSummaryData } from '../../../core/directory/contracts';
import { plural, WORDS } from '../../../core/text/plural';
import { Stars } from '../../components/ui/stars';

const SENTIMENT = {
  positive: { label: 'Положительный', className: 'border-l-success' },
  neutral: { label: 'Нейтральный', className: 'border-l-line' },
  negative: { label: 'Отрицательный', className: 'border-l-error' },
} as const;

const WRITE_CLASS =
  'mt-4 inline-block rounded-lg border border-brand px-4 py-2 font-medium text-brand hover:bg-brand-soft';

/** Counts by type and the latest reviews; the full reviews page is its own feature. */
export function ReviewSummary({
  counts,
  total,
  rating,
  reviews,
  formatDate,
  allUrl,
  writeUrl,
  writeAction,
  children,
}: {
  counts: ReviewSummaryData['reviewCounts'];
  total: number;
  rating: number;
  reviews: ReviewPreview[];
  formatDate: (iso: string) => string;
  /** The reviews page, with the filter by type. */
  allUrl: string;
  /** The review form about this doctor or clinic. */
  writeUrl: string;
  /** 'Оставить отзыв' as the reviews feature offers it (else a plain link to the form). */
  writeAction?: (className: string) => ReactNode;
  /** Above the latest reviews: the tags block and warnings (the reviews feature fills it). */
  children?: ReactNode;
}) {
  return (
    <section id="reviews" className="card scroll-mt-24 p-5 sm:p-6" aria-labelledby="reviews-h">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="reviews-h" className="text-xl font-semibold">
          Отзывы
        </h2>
        {rating > 0 && <Stars rating={rating} />}
      </div>
      {total === 0 ? (
        <p className="mt-3 text-muted">Отзывов пока нет. Будьте первым, кто расскажет о приёме.</p>
      ) : (
        <>
          <ul className="mt-3 flex flex-wrap gap-2 text-sm">
            <li className="rounded-full bg-canvas px-3 py-1">Все {total}</li>
            <li className="rounded-full bg-success-soft px-3 py-1 text-success">
              Положительные {counts.positive ?? 0}
            </li>
            <li className="rounded-full bg-canvas px-3 py-1">Нейтральные {counts.neutral ?? 0}</li>
            <li className="rounded-full bg-error-soft px-3 py-1 text-error">
              Отрицательные {counts.negative ?? 0}
            </li>
          </ul>
          {children && <div className="mt-4 flex flex-col gap-4">{children}</div>}
          <ul className="mt-4 flex flex-col gap-3">
            {reviews.map((r) => (
              <li
                key={r.id}
                id={`rate-${r.id}`}
                className={`rounded-lg border border-line border-l-4 p-4 ${SENTIMENT[r.sentiment].className}`}
              >
                <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
                  <span className="font-semibold">{r.authorName}</span>
                  <span className="text-muted">{formatDate(r.createdAt)}</span>
                </div>
                <p className="mt-1 text-xs text-muted">
                  {SENTIMENT[r.sentiment].label} отзыв{r.isVerified && ' · Отзыв проверен'}
                </p>
                <p className="mt-2 whitespace-pre-line leading-relaxed">{r.text}</p>
              </li>
            ))}
          </ul>
          <p className="mt-4 text-sm text-muted">
            {total > reviews.length &&
              `Показаны последние ${reviews.length} из ${plural(total, WORDS.review)}. `}
            <a href={allUrl} className="font-medium text-brand hover:underline">
              Все отзывы
            </a>
          </p>
        </>
      )}
      {writeAction?.(WRITE_CLASS) ?? (
        <a href={writeUrl} className={WRITE_CLASS}>
          Оставить отзыв
        </a>
      )}
    </section>
  );
}
