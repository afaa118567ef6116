import type { CSSProperties } from 'react';
import { starsTone } from '../../../core/reviews/rating';

const TONE = { negative: 'text-error', neutral: 'text-ink-soft', positive: 'text-success' } as const;

/**
 * 0–5 rating as five stars with the number; screen readers get the number only. The number
 * takes the published colour (/rating/): red below 2.0, green above 3.0, grey between.
 */
export function Stars({ rating, size = 'sm' }: { rating: number; size?: 'sm' | 'lg' }) {
  const pct = Math.max(0, Math.min(100, (rating / 5) * 100));
  const box = size === 'lg' ? 'h-5 text-xl' : 'h-4 text-base';
  return (
    <span className="stars-line">
      <span className={`stars ${box}`} style={{ '--fill': `${pct}%` } as CSSProperties} aria-hidden="true" />
      <span className={`font-semibold ${TONE[starsTone(rating)]}`}>
        <span className="sr-only">Рейтинг </span>
        {rating.toFixed(1).replace('.', ',')}
      </span>
    </span>
  );
}
