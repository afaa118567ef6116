import { useLocation } from 'react-router';
import type { ReviewTag } from '../../../core/reviews/contracts';
import { TAGS_TITLE, tagRedirectUrl, toggleTag } from '../../../core/reviews/tags';
import { Button } from '../../components/ui/button';
import { Slider } from '../../components/ui/slider';

const CARD =
  'flex h-full w-full flex-col gap-1 rounded-lg border px-3 py-2 text-left text-sm hover:border-brand';

/** Material Design's thumb (Apache 2.0), turned upside down for a dislike. */
function Thumb({ down = false }: { down?: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className={`h-3.5 w-3.5 fill-current ${down ? 'rotate-180' : ''}`}
    >
      <path d="M1 21h4V9H1v12zm22-11c0-1.1-.9-2-2-2h-6.31l.95-4.57.03-.32c0-.41-.17-.79-.44-1.06L14.17 1 7.59 7.59C7.22 7.95 7 8.45 7 9v10c0 1.1.9 2 2 2h9c.83 0 1.54-.5 1.84-1.22l3.02-7.05c.09-.23.14-.47.14-.73v-2z" />
    </svg>
  );
}

function Counts({ tag }: { tag: ReviewTag }) {
  return (
    <span className="flex gap-3 text-xs">
      <span className="inline-flex items-center gap-1 text-success">
        <Thumb />
        <span className="sr-only">понравилось:</span>
        {tag.countLikedRates}
      </span>
      <span className="inline-flex items-center gap-1 text-error">
        <Thumb down />
        <span className="sr-only">не понравилось:</span>
        {tag.countDislikedRates}
      </span>
    </span>
  );
}

/**
 * 'Пациенты упоминали в отзывах' (docs/product/reviews.md): a slider of tag cards with how often
 * each was liked and disliked (arrows on desktop only). One tag is active at a time and a second
 * click clears it. In redirect mode (a doctor's or clinic's page) a card is a link to the
 * reviews page with the tag in the query and '#tab-content'; otherwise it is a toggle button
 * and `onChange` refreshes the list.
 */
export function ReviewTags({
  tags,
  active = null,
  onChange,
  redirect,
}: {
  tags: ReviewTag[];
  active?: string | null;
  onChange?: (tag: string | null) => void;
  /** Redirect mode: the reviews page, which gets the tag plus the current query string. */
  redirect?: { path: string };
}) {
  const { search } = useLocation();
  if (tags.length === 0) return null;
  return (
    // The slider is the region (a carousel named by the same title); the heading is for reading order.
    <div className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold">{TAGS_TITLE}</h2>
      <Slider label={TAGS_TITLE}>
        {tags.map((tag) => {
          const isActive = tag.translit === active;
          const tone = isActive ? 'border-brand bg-brand-soft' : 'border-line bg-surface';
          const body = (
            <>
              <span className="font-medium">{tag.name}</span>
              <Counts tag={tag} />
            </>
          );
          return redirect ? (
            <a
              key={tag.translit}
              href={tagRedirectUrl(redirect.path, search, tag.translit)}
              className={`${CARD} ${tone}`}
            >
              {body}
            </a>
          ) : (
            <Button
              key={tag.translit}
              variant="bare"
              aria-pressed={isActive}
              onClick={() => onChange?.(toggleTag(active, tag.translit))}
              className={`${CARD} ${tone}`}
            >
              {body}
            </Button>
          );
        })}
      </Slider>
    </div>
  );
}
