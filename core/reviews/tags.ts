/**
 * The review-tags block 'Пациенты упоминали в отзывах' (docs/product/reviews.md): tags patients
 * mention with how often they were liked and disliked (ReviewTag in contracts.ts). One tag is active at a time; its
 * translit is the `tag` query parameter of the reviews page and of the reviews call.
 */

export const TAGS_TITLE = 'Пациенты упоминали в отзывах';
/** The block shows the most mentioned tags only. */
export const TAGS_SHOWN = 12;
/** Where the reviews page's list starts: the redirect from a tag lands here. */
export const REVIEWS_ANCHOR = 'tab-content';

const TAG = /^[a-z0-9-]{1,80}$/;

export const isTagTranslit = (value: string) => TAG.test(value);

/** `?tag=`: a well-formed translit, else none (an unknown value is ignored like an unknown type). */
export function parseTag(value: string | null | undefined): string | null {
  return value && TAG.test(value) ? value : null;
}

/**
 * The next active tag after a click: clicking the active tag clears it, any other becomes the
 * only active one.
 */
export function toggleTag(active: string | null, clicked: string): string | null {
  return active === clicked ? null : clicked;
}

/** The query with the tag set or removed (and the page reset), other parameters kept. */
export function tagSearch(search: string, tag: string | null): string {
  const params = new URLSearchParams(search);
  params.delete('page');
  if (tag) params.set('tag', tag);
  else params.delete('tag');
  const s = params.toString();
  return s ? `?${s}` : '';
}

/**
 * Redirect mode: from a doctor's or clinic's page the chosen tag goes into the query and
 * the browser goes to the reviews page plus that query and '#tab-content'.
 */
export function tagRedirectUrl(redirectPath: string, search: string, tag: string | null): string {
  return `${redirectPath}${tagSearch(search, tag)}#${REVIEWS_ANCHOR}`;
}
