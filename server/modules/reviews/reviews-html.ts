import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { ru } from 'date-fns/locale/ru';
import { assessmentStars, MAX_STARS } from '../../../core/reviews/rating';
import { escapeHtml } from '../../../core/text/html';
import type { ReviewRow, ReviewSubject } from './repo';

/** Spec section 9, verbatim: under a review whose problem the clinic solved. */
export const RESOLVED_HINT =
  'Клиника связалась с автором отзыва и исправила ситуацию. Он подтвердил, что описанную проблему решили. Оценка больше не влияет на рейтинг.';

const ORIGIN_TEXT: Record<ReviewRow['origin'], string> = {
  site: 'оставлен на сайте',
  app: 'оставлен в мобильном приложении',
  call_centre: 'принят колл-центром',
};

const SENTIMENT_TEXT: Record<ReviewRow['sentiment'], string> = {
  positive: 'Положительный отзыв',
  neutral: 'Нейтральный отзыв',
  negative: 'Отрицательный отзыв',
};

const STATE_TONE: Record<string, string> = {
  positive: 'border-l-success',
  neutral: 'border-l-line',
  negative: 'border-l-error',
  resolved: 'border-l-brand',
  unconfirmed: 'border-l-line',
  deleted: 'border-l-line opacity-70',
};

/** '5 мая 2026' in Moscow time (the portal's clock for dates of reviews). */
const day = (iso: string) =>
  format(new TZDate(new Date(iso).getTime(), 'Europe/Moscow'), 'd MMMM yyyy', { locale: ru });

function stars(value: number | null): string {
  const n = assessmentStars(value);
  if (n === null) return '<span class="text-muted">нет оценки</span>';
  return (
    `<span aria-hidden="true" class="text-star">${'★'.repeat(n)}</span>` +
    `<span aria-hidden="true" class="text-line">${'★'.repeat(MAX_STARS - n)}</span>` +
    `<span class="sr-only">${n} из ${MAX_STARS}</span>`
  );
}

/**
 * A review card (spec 'Review card visual states': positive, neutral, negative, resolved,
 * unconfirmed, deleted) as the reviews call answers it: an HTML string, every value escaped.
 * `id="rate-N"` lets `#rate-N` and `rate_id` scroll to it.
 */
export function reviewCardHtml(r: ReviewRow, subject: ReviewSubject): string {
  const state = r.status === 'published' ? r.sentiment : r.status;
  const author = r.isAnonymous ? 'Анонимный отзыв' : r.authorName;
  const badges = [
    r.isVerified
      ? `<span class="rounded-md bg-success/10 px-2 py-0.5 text-success" title="${escapeHtml(`Отзыв проверен: ${ORIGIN_TEXT[r.origin]}`)}">Отзыв проверен</span>`
      : '',
    r.viaPortal
      ? '<span class="rounded-md bg-brand-soft px-2 py-0.5 text-brand">Запись через сервис</span>'
      : '',
    r.status === 'unconfirmed' ? '<span class="rounded-md bg-canvas px-2 py-0.5">Не подтверждён</span>' : '',
  ].join('');
  const rated = r.assessments.filter((a) => a.name);
  return (
    `<article id="rate-${r.id}" data-review-id="${r.id}" data-review-type="${subject.kind}" ` +
    `data-is-deleted="${r.status === 'deleted'}" data-state="${state}" ` +
    `class="card border-l-4 p-4 ${STATE_TONE[state]}">` +
    '<header class="flex flex-wrap items-baseline justify-between gap-2">' +
    `<p class="font-semibold">${escapeHtml(author)}</p>` +
    `<p class="text-sm text-muted"><time datetime="${escapeHtml(r.createdAt)}">${day(r.createdAt)}</time></p>` +
    '</header>' +
    `<p class="sr-only">${SENTIMENT_TEXT[r.sentiment]}</p>` +
    (badges ? `<p class="mt-1 flex flex-wrap gap-2 text-xs">${badges}</p>` : '') +
    (rated.length
      ? `<dl class="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2">${rated
          .map(
            (a) =>
              `<div class="flex justify-between gap-2"><dt>${escapeHtml(a.name)}</dt><dd>${stars(a.value)}</dd></div>`,
          )
          .join('')}</dl>`
      : '') +
    (r.status === 'deleted'
      ? `<p class="mt-2 text-sm text-muted">Отзыв удалён${r.deletedReason ? `: ${escapeHtml(r.deletedReason)}` : ''}</p>`
      : `<div class="mt-2 whitespace-pre-line">${escapeHtml(r.text)}</div>`) +
    (r.status === 'resolved'
      ? `<p class="mt-2 rounded-lg bg-brand-soft p-3 text-sm">${RESOLVED_HINT}</p>`
      : '') +
    r.replies
      .map(
        (a) =>
          '<details class="mt-3 rounded-lg bg-canvas p-3 text-sm">' +
          `<summary class="cursor-pointer font-medium">${a.authorKind === 'doctor' ? 'Ответ врача' : 'Ответ клиники'}</summary>` +
          `<p class="mt-2 whitespace-pre-line">${escapeHtml(a.text)}</p></details>`,
      )
      .join('') +
    '</article>'
  );
}
