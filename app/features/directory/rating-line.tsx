import { plural, WORDS } from '../../../core/text/plural';
import { Stars } from '../../components/ui/stars';

/** Stars with a link to the reviews, or 'Пока нет отзывов'. */
export function RatingLine({
  rating,
  reviewsCount,
  reviewsHref,
  size = 'sm',
}: {
  rating: number;
  reviewsCount: number;
  reviewsHref: string;
  size?: 'sm' | 'lg';
}) {
  if (reviewsCount === 0) return <span className="text-muted">Пока нет отзывов</span>;
  return (
    <>
      {/* 0: none of the reviews counts yet (pending, unconfirmed or resolved ones only). */}
      {rating > 0 && <Stars rating={rating} size={size} />}
      <a href={reviewsHref} className="link">
        {plural(reviewsCount, WORDS.review)}
      </a>
    </>
  );
}
