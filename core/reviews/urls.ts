/** Pages of the reviews' writing and moderation side. */
import { CABINET_PAGES, STAFF_PAGES } from '../cabinet/pages';

export const REVIEW_FORM_PATH = '/reviews/new/';
export const STAFF_REVIEWS_PATH = STAFF_PAGES.reviews.path;
export const CABINET_REVIEWS_PATH = CABINET_PAGES.reviews.path;

/** The review form about a doctor or a clinic: '/reviews/new/?doctor=12'. */
export const reviewFormUrl = (kind: 'doctor' | 'lpu', id: number) => `${REVIEW_FORM_PATH}?${kind}=${id}`;
