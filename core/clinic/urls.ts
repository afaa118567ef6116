/**
 * Calls the clinic page hands to its widgets (the spec's "page-provided url" and "archive url
 * from a data attribute"), built in one place for the server routes, the page and the tests.
 */
export const addressScheduleUrl = (lpuId: number) => `/ajax/lpu/${lpuId}/schedule/`;

export const promotionsArchiveUrl = (lpuId: number, page?: number) =>
  `/ajax/lpu/${lpuId}/promotions/archive/${page && page > 1 ? `?page=${page}` : ''}`;

export const covidRulesUrl = (lpuId: number) => `/ajax/lpu/${lpuId}/covid_rules/`;

/** The licence drawn from its record, for licences whose scan was never uploaded. */
export const licenceImageUrl = (licenceId: number) => `/media/licences/${licenceId}.svg`;

/** Ended promotions per archive page. */
export const ARCHIVE_PAGE_SIZE = 10;
