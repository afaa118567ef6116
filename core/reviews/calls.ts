import { defineCall } from '../http/call';
import type {
  AwaitingModeration,
  AwardApplied,
  CabinetReviews,
  CabinetReviewsQuery,
  PatientProfile,
  PatientProfileQuery,
  RatesSeenBody,
  ReplyBody,
  ReviewAwards,
  ReviewBody,
  ReviewsPage,
  ReviewsQuery,
} from './contracts';
import type {
  BulkModerateBody,
  BulkModerated,
  FakeWarningBody,
  FakeWarningSet,
  ModerateBody,
  Moderated,
  ModerateReplyBody,
  ModerationQueue,
  QueueQuery,
  ReplyModerated,
} from './moderation-contracts';

/** A numeric id in the path: the page passes a number, the server reads the path's string. */
type ById = { params: { id: number | string } };

// Reading

/** A page of a doctor's reviews of a type (and tag): the cards as HTML and the next page. */
export const doctorReviews = defineCall<ById & { query: ReviewsQuery; reply: ReviewsPage }>()(
  'GET',
  '/ajax/doctor/:id/reviews/',
);
/** The same for a clinic's own reviews. */
export const clinicReviews = defineCall<ById & { query: ReviewsQuery; reply: ReviewsPage }>()(
  'GET',
  '/ajax/lpu/:id/reviews/',
);
/** The rate-metrics beacon: the reviews seen for two seconds count one view each (204). */
export const rateMetrics = defineCall<{ body: RatesSeenBody; reply: null }>()('POST', '/ajax/rate_metrics/');
/** A review author's trust profile. */
export const patientProfile = defineCall<{ query: PatientProfileQuery; reply: PatientProfile }>()(
  'GET',
  '/api/rates/patient_profile/',
);

// Writing

/** A new review (JSON, or a multipart form with `documents` files); 201, pending moderation. */
export const createReview = defineCall<{ body: ReviewBody; reply: AwaitingModeration }>()(
  'POST',
  '/api/reviews/',
);
/** A doctor's or clinic's answer to a review about them; 201, pending moderation. */
export const createReply = defineCall<ById & { body: ReplyBody; reply: AwaitingModeration }>()(
  'POST',
  '/api/reviews/:id/replies/',
);
/** Reviews about the signed-in doctor or clinic, 20 a page. */
export const cabinetReviews = defineCall<{ query: CabinetReviewsQuery; reply: CabinetReviews }>()(
  'GET',
  '/api/cabinet/reviews/',
);

// Moderation (staff only)

export const moderationQueue = defineCall<{ query: QueueQuery; reply: ModerationQueue }>()(
  'GET',
  '/api/staff/reviews/',
);
export const moderateReview = defineCall<ById & { body: ModerateBody; reply: Moderated }>()(
  'POST',
  '/api/staff/reviews/:id/moderate/',
);
/** Several reviews published or rejected at once, all or none (a reason required). */
export const bulkModerateReviews = defineCall<{ body: BulkModerateBody; reply: BulkModerated }>()(
  'POST',
  '/api/staff/reviews/bulk/',
);
export const moderateReply = defineCall<ById & { body: ModerateReplyBody; reply: ReplyModerated }>()(
  'POST',
  '/api/staff/replies/:id/moderate/',
);
/** A document attached to a review: the file itself, opened by a link. */
export const reviewDocument = defineCall<ById & { reply: string }>()(
  'GET',
  '/api/staff/reviews/documents/:id/',
);
export const setFakeWarning = defineCall<{ body: FakeWarningBody; reply: FakeWarningSet }>()(
  'POST',
  '/api/staff/fake-warning/',
);

// Awards

/** The patient's 300 ₽ discounts for reviews, free ones first. */
export const myReviewAwards = defineCall<{ reply: ReviewAwards }>()('GET', '/api/patient/review-awards/');
/** Applies a free discount to the patient's upcoming visit. */
export const applyAwardToVisit = defineCall<ById & { reply: AwardApplied }>()(
  'POST',
  '/api/appointment/:id/review-award/',
);
