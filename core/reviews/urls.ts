/**
 * The review form's address. The moderation and cabinet pages of reviews are in
 * core/cabinet/pages.ts (STAFF_PAGES, CABINET_PAGES), not re-exported here: the doctor and clinic
 * pages link to the form, and importing this file must not bring those tables into their scripts.
 */
export const REVIEW_FORM_PATH = '/reviews/new/';

/** The review form about a doctor or a clinic: '/reviews/new/?doctor=12'. */
export const reviewFormUrl = (kind: 'doctor' | 'lpu', id: number) => `${REVIEW_FORM_PATH}?${kind}=${id}`;
