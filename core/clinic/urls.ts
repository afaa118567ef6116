import { callPath, queryString } from '../http/call';
import { promotionsArchive } from './calls';

/** A page of the promotions archive as a link of its fragment: page 1 carries no ?page=. */
export const promotionsArchiveUrl = (clinicId: number, page = 1) =>
  callPath(promotionsArchive.path, { id: clinicId }) + queryString(page > 1 ? { page } : {});

/** The licence drawn from its record, for licences whose scan was never uploaded. */
export const licenceImageUrl = (licenceId: number) => `/media/licences/${licenceId}.svg`;

/** Ended promotions per archive page. */
export const ARCHIVE_PAGE_SIZE = 10;
