import { clinicUrl, doctorUrl } from '../../../../core/directory/urls';
import type {
  PatientProfile,
  ReviewCounts,
  ReviewSubject,
  ReviewsFirstScreen,
  ReviewsHead,
  ReviewsPage,
  ReviewTag,
} from '../../../../core/reviews/contracts';
import { TAGS_SHOWN } from '../../../../core/reviews/tags';
import { patientTrust } from '../../../../core/reviews/trust';
import type { ReviewType } from '../../../../core/reviews/types';
import type { Clock } from '../../../clock';
import type { Db } from '../../../db/client';
import { reviewCardHtml } from './cards-html';
import { createReviewsRepo, patientFacts, type ReviewRow, type SubjectHead } from './repo';

/** The reviews lists of doctors and clinics: counts per type, tags and pages of cards. */
/** `read` serves the listings (a replica may answer, ADR 011); the view counter writes to `db`. */
export function createReviewsService({ db, read = db }: { db: Db; read?: Db }) {
  const repo = createReviewsRepo(read);
  const primaryRepo = createReviewsRepo(db);
  return {
    counts: (subject: ReviewSubject): Promise<ReviewCounts> => repo.counts(subject),

    /** The subject's name and page, e.g. '/moskva/vrach/12-ivanova-anna-petrovna/'; null when unknown. */
    async head(subject: ReviewSubject): Promise<ReviewsHead | null> {
      const row = await repo.head(subject);
      return row ? withUrl(subject, row) : null;
    },

    /** The rate-metrics beacon: each review seen for 2 s counts one view (duplicates in a beacon once). */
    async countViews(seen: { doctor: number[]; lpu: number[] }): Promise<number> {
      const [doctor, lpu] = await Promise.all([
        primaryRepo.addViews('doctor', [...new Set(seen.doctor)]),
        primaryRepo.addViews('lpu', [...new Set(seen.lpu)]),
      ]);
      return doctor + lpu;
    },

    /** The tags block 'Пациенты упоминали в отзывах'. */
    tags: (subject: ReviewSubject): Promise<ReviewTag[]> => repo.tags(subject, TAGS_SHOWN),

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
    ): Promise<ReviewsPage> {
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
    async firstScreen(
      subject: ReviewSubject,
      type: ReviewType,
      tag: string | null,
      size: number,
    ): Promise<ReviewsFirstScreen | null> {
      const row = await repo.firstScreen(subject, type, tag, TAGS_SHOWN, size + 1);
      if (!row) return null;
      const { rows, counts, tags, ...head } = row;
      return {
        head: withUrl(subject, head),
        counts,
        tags,
        first: pageAnswer(subject, rows, 1, size),
        ld: rows
          .slice(0, size)
          .filter((r) => r.status !== 'deleted')
          .map(reviewForLd),
      };
    },
  };
}

/** A shown review as the JSON-LD takes it: its stars are the mean of the criteria it rated. */
function reviewForLd(r: ReviewRow) {
  const values = r.assessments.map((a) => a.value).filter((v): v is number => v !== null);
  const stars =
    values.length > 0 ? Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10) / 10 : null;
  return {
    authorName: r.isAnonymous ? 'Аноним' : r.authorName,
    createdAt: typeof r.createdAt === 'string' ? r.createdAt : r.createdAt.toISOString(),
    text: r.text,
    stars,
  };
}

/** The subject's page from its slugs: '/moskva/vrach/12-ivanova-anna-petrovna/'. */
function withUrl(subject: ReviewSubject, row: SubjectHead): ReviewsHead {
  const entity = { id: subject.id, slug: row.slug };
  const url = subject.kind === 'doctor' ? doctorUrl(row.townSlug, entity) : clinicUrl(row.townSlug, entity);
  return { ...row, url };
}

/** `size` + 1 rows of page `page` → the cards of the page and the next page's number. */
function pageAnswer(subject: ReviewSubject, rows: ReviewRow[], page: number, size: number): ReviewsPage {
  return {
    template: rows
      .slice(0, size)
      .map((r) => reviewCardHtml(r, subject))
      .join(''),
    next_page_number: rows.length > size ? page + 1 : null,
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;

/**
 * The patient profile: how far a review's author can be trusted, and what they have written and
 * booked. Public — the reviews page opens it from any author — so it never carries the phone or
 * the name, only counts and the criteria of core/reviews/trust.ts. The mobile app signs patients
 * in with the same phone sign-in, so its patient id is the same account id.
 */
export function createPatientProfileService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    /** The profile of a patient account, or null when there is no such patient. */
    async profile(userId: number): Promise<PatientProfile | null> {
      const facts = await patientFacts(db, userId);
      if (!facts) return null;
      const trust = patientTrust(
        {
          phoneConfirmed: facts.phoneConfirmed,
          createdAt: facts.createdAt,
          appointments: facts.appointments,
          deletedReviews: facts.deleted,
        },
        clock.now(),
      );
      return {
        ...trust,
        count_rates_positive: facts.positive,
        count_rates_negative: facts.negative,
        count_rates_canceled: facts.deleted,
        count_rates_without_mark: facts.withoutMark,
        count_appointments: facts.appointments,
      };
    },
  };
}

export type PatientProfileService = ReturnType<typeof createPatientProfileService>;
