import { TAGS_SHOWN } from '../../../core/reviews/tags';
import type { ReviewType } from '../../../core/reviews/types';
import type { Db } from '../../db/client';
import { createReviewsRepo, type ReviewRow, type ReviewSubject, type SubjectHead } from './repo';
import { reviewCardHtml } from './reviews-html';

/** Spec: 10 reviews a page on desktop, 20 on mobile (the page asks with page_size). */
export const REVIEWS_PAGE_SIZES = [10, 20] as const;

/** The reviews lists of doctors and clinics (issue 6). */
export function createReviewsService({ db }: { db: Db }) {
  const repo = createReviewsRepo(db);
  return {
    counts: (subject: ReviewSubject) => repo.counts(subject),

    /** The subject's name and page, e.g. '/moskva/vrach/12-ivanova-anna-petrovna/'; null when unknown. */
    async head(subject: ReviewSubject) {
      const row = await repo.head(subject);
      return row ? withUrl(subject, row) : null;
    },

    /** The rate-metrics beacon: each review seen for 2 s counts one view (duplicates in a beacon once). */
    async countViews(seen: { doctor: number[]; lpu: number[] }): Promise<number> {
      const [doctor, lpu] = await Promise.all([
        repo.addViews('doctor', [...new Set(seen.doctor)]),
        repo.addViews('lpu', [...new Set(seen.lpu)]),
      ]);
      return doctor + lpu;
    },

    /** The tags block 'Пациенты упоминали в отзывах'. */
    tags: (subject: ReviewSubject) => repo.tags(subject, TAGS_SHOWN),

    /**
     * The reviews call's answer: the page's cards as HTML, and the next page's number or null;
     * `tag` narrows the type to reviews mentioning that tag.
     */
    async page(
      subject: ReviewSubject,
      type: ReviewType,
      page: number,
      size: number,
      tag: string | null = null,
    ) {
      return pageAnswer(
        subject,
        await repo.page(subject, type, size + 1, (page - 1) * size, tag),
        page,
        size,
      );
    },

    /**
     * The reviews page's first screen in one query: heading and page URL, counts per type, the
     * tags block and the first page of the type and tag; null for an unknown subject.
     */
    async firstScreen(subject: ReviewSubject, type: ReviewType, tag: string | null, size: number) {
      const row = await repo.firstScreen(subject, type, tag, TAGS_SHOWN, size + 1);
      if (!row) return null;
      const { rows, counts, tags, ...head } = row;
      return { head: withUrl(subject, head), counts, tags, first: pageAnswer(subject, rows, 1, size) };
    },
  };
}

/** The subject's page from its slug: '/moskva/vrach/12-ivanova-anna-petrovna/'. */
function withUrl(subject: ReviewSubject, row: SubjectHead) {
  const section = subject.kind === 'doctor' ? 'vrach' : 'lpu';
  return { ...row, url: `/${row.townSlug}/${section}/${subject.id}-${row.slug}/` };
}

/** `size` + 1 rows of page `page` → the cards of the page and the next page's number. */
function pageAnswer(subject: ReviewSubject, rows: ReviewRow[], page: number, size: number) {
  return {
    template: rows
      .slice(0, size)
      .map((r) => reviewCardHtml(r, subject))
      .join(''),
    next_page_number: rows.length > size ? page + 1 : null,
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
