import { REVIEW_AWARD_RULES_URL, REVIEW_DISCOUNT_RUB, reviewAwardText } from '../../../core/reviews/award';
import { reviewFormUrl } from '../../../core/reviews/urls';

/**
 * The review-award banner (docs/product/reviews.md): 'Получите 300 рублей за отзыв.', a button to the
 * review form about this doctor or clinic, and the programme's rules (a PDF) in a new tab.
 */
export function ReviewAwardBanner({
  kind,
  id,
  amount = REVIEW_DISCOUNT_RUB,
  currency = 'RUB',
}: {
  kind: 'doctor' | 'lpu';
  id: number;
  amount?: number;
  /** The page's currency code; roubles unless the country pays in another. */
  currency?: string;
}) {
  return (
    <section
      aria-label="Скидка за отзыв"
      data-testid="review-award-banner"
      className="card flex flex-col gap-3 bg-brand-soft p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="font-semibold">{reviewAwardText(amount, currency)}</p>
      <div className="flex items-center gap-4 text-sm">
        <a
          href={reviewFormUrl(kind, id)}
          className="rounded-lg bg-brand px-4 py-2 font-medium whitespace-nowrap text-white hover:bg-brand-dark"
        >
          Оставить отзыв
        </a>
        <a
          href={REVIEW_AWARD_RULES_URL}
          target="_blank"
          rel="noopener"
          className="font-medium text-brand hover:underline"
        >
          Подробнее
        </a>
      </div>
    </section>
  );
}
