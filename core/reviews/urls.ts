/** Pages of the reviews' writing and moderation side. */
export const REVIEW_FORM_PATH = '/reviews/new/';
export const STAFF_REVIEWS_PATH = '/staff/reviews/';
export const CABINET_REVIEWS_PATH = '/cabinet/reviews/';

/** The review form about a doctor or a clinic: '/reviews/new/?doctor=12'. */
export const reviewFormUrl = (kind: 'doctor' | 'lpu', id: number) => `${REVIEW_FORM_PATH}?${kind}=${id}`;
