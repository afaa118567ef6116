import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns/format';
import { ru } from 'date-fns/locale/ru';
import type { ReviewSubject } from '../../../../core/reviews/contracts';
import { assessmentStars, MAX_STARS, UNAUTHORISED_CUTOFF_MS } from '../../../../core/reviews/rating';
import { escapeHtml } from '../../../../core/text/html';
import type { ReviewRow } from './repo';

/** Under a review whose problem the clinic solved (the product's wording, docs/product/reviews.md). */
export const RESOLVED_HINT =
  'Клиника связалась с автором отзыва и исправила ситуацию. Он подтвердил, что описанную проблему решили. Оценка больше не влияет на рейтинг.';

const ORIGIN_TEXT: Record<ReviewRow['origin'], string> = {
  site: 'Оставлен на сайте.',
  app: 'Оставлен в мобильном приложении.',
  call_centre: 'Принят колл-центром со слов пациента.',
};

/** How the visit behind a verified review was confirmed (the 'Отзыв проверен' tooltip). */
function verificationText(r: ReviewRow): string {
  if (r.viaPortal) return 'Пациент записался на приём через ПроДокторов: визит подтверждён записью.';
  if (r.hasDocuments) return 'Пациент приложил документы о приёме, модератор их проверил.';
  return 'Модератор связался с автором и подтвердил, что приём был.';
}

/** The tooltip of a review from a visitor who did not sign in. */
export const UNAUTHORISED_HINT =
  'Отзывы неавторизованных пользователей не учитываются в рейтинге с 25.06.2019.';
const ANONYMOUS_HINT =
  'Автор попросил не показывать своё имя. Модераторы знают, кто он, и проверили отзыв так же, как остальные.';
const VIA_PORTAL_HINT = 'Пациент записался к врачу через ПроДокторов, поэтому мы знаем, что приём был.';
const UNCONFIRMED_HINT =
  'Модератору не удалось подтвердить, что автор был на приёме. Оценка не влияет на рейтинг.';

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
const day = (iso: Date | string) =>
  format(new TZDate(new Date(iso).getTime(), 'Europe/Moscow'), 'd MMMM yyyy', { locale: ru });

function stars(n: number): string {
  return (
    `<span aria-hidden="true" class="text-star">${'★'.repeat(n)}</span>` +
    (n < MAX_STARS ? `<span aria-hidden="true" class="text-line">${'★'.repeat(MAX_STARS - n)}</span>` : '')
  );
}

/**
 * A hint tooltip without script: the trigger is a button, the hint its
 * description; it shows on hover and on focus (a tap on phones), and Escape or a tap elsewhere
 * hides it (app/features/reviews/read/reviews-list.tsx blurs the trigger on Escape). The hint hangs under the trigger's
 * row (its nearest positioned box), as wide as the row allows, so it never widens a phone's page.
 */
function tip(id: string, trigger: string, hint: string, triggerClass: string): string {
  return (
    '<span data-tip class="inline-flex">' +
    `<button type="button" aria-describedby="${id}" class="${triggerClass}">${trigger}</button>` +
    `<span role="tooltip" id="${id}" class="tip-hint">${hint}</span></span>`
  );
}

const BADGE = 'tip-badge';

/**
 * A review card in one of its visual states (positive, neutral, negative, resolved, unconfirmed,
 * deleted) as the reviews call answers it: an HTML string, every value escaped.
 * `id="rate-N"` lets `#rate-N` and `rate_id` scroll to it.
 */
export function reviewCardHtml(r: ReviewRow, subject: ReviewSubject): string {
  const state = r.status === 'published' ? r.sentiment : r.status;
  const unauthorised = r.userId === null && new Date(r.createdAt).getTime() >= UNAUTHORISED_CUTOFF_MS;
  const rated = r.assessments.flatMap((a) => {
    const n = assessmentStars(a.value);
    return a.name && n !== null ? [{ name: a.name, stars: n }] : [];
  });
  const mean = rated.length ? Math.round(rated.reduce((sum, a) => sum + a.stars, 0) / rated.length) : null;
  const badges = [
    mean === null
      ? ''
      : tip(
          `rate-${r.id}-marks`,
          `${stars(mean)}<span class="sr-only">Оценка ${mean} из ${MAX_STARS}</span>`,
          `<span class="mb-1 block font-semibold">Оценки пациента</span>${rated
            .map(
              (a) =>
                `<span class="flex justify-between gap-3">${escapeHtml(a.name)}` +
                `<span class="whitespace-nowrap">${stars(a.stars)}<span class="sr-only"> ${a.stars} из ${MAX_STARS}</span></span></span>`,
            )
            .join('')}`,
          'rounded-md text-base leading-none',
        ),
    r.isVerified
      ? tip(
          `rate-${r.id}-checked`,
          'Отзыв проверен',
          `${verificationText(r)} ${ORIGIN_TEXT[r.origin]}`,
          `${BADGE} bg-success/10 text-success`,
        )
      : '',
    r.viaPortal
      ? tip(
          `rate-${r.id}-portal`,
          'Запись через сервис',
          VIA_PORTAL_HINT,
          `${BADGE} bg-brand-soft text-brand`,
        )
      : '',
    r.status === 'unconfirmed'
      ? tip(`rate-${r.id}-unconfirmed`, 'Не подтверждён', UNCONFIRMED_HINT, `${BADGE} bg-canvas`)
      : '',
    unauthorised
      ? tip(`rate-${r.id}-guest`, 'Не влияет на рейтинг', UNAUTHORISED_HINT, `${BADGE} bg-canvas`)
      : '',
  ].join('');
  // The author opens their trust profile (app/features/reviews/read/patient-profile-modal.tsx), unless they asked to stay anonymous.
  // The button comes disabled, as every script-only button does (ADR 035): the page's profile
  // host enables it once it listens, so a tap before that is not lost.
  const author = r.isAnonymous
    ? tip(
        `rate-${r.id}-anonymous`,
        'Анонимный отзыв',
        ANONYMOUS_HINT,
        'underline decoration-dotted underline-offset-2',
      )
    : r.userId !== null
      ? `<button type="button" data-patient-profile="${r.userId}"${r.origin === 'app' ? ' data-patient-kind="mobile"' : ''} ` +
        `class="text-left font-semibold text-brand hover:underline disabled:text-ink" aria-haspopup="dialog" disabled>${escapeHtml(r.authorName)}</button>`
      : escapeHtml(r.authorName);
  return (
    `<article id="rate-${r.id}" data-review-id="${r.id}" data-review-type="${subject.kind}" ` +
    `data-is-deleted="${r.status === 'deleted'}" data-state="${state}" ` +
    `class="card border-l-4 p-4 ${STATE_TONE[state]}">` +
    '<header class="flex flex-wrap items-baseline justify-between gap-2">' +
    `<p class="relative font-semibold">${author}</p>` +
    `<p class="text-sm text-muted"><time datetime="${new Date(r.createdAt).toISOString()}">${day(r.createdAt)}</time></p>` +
    '</header>' +
    `<p class="sr-only">${SENTIMENT_TEXT[r.sentiment]}</p>` +
    (badges ? `<div class="relative mt-1 flex flex-wrap items-center gap-2 text-xs">${badges}</div>` : '') +
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
