import { isWorkAccount } from '../../../core/auth/viewer';
import { BOOKING_ERRORS } from '../../../core/booking/form';
import { forbidden, unauthorized } from '../../http/errors';
import type { SessionViewer } from '../auth/viewer';

/** The patient who books, holds, asks to be called or cancels: signed in, not a work account. */
export function requirePatient(viewer: SessionViewer): number {
  if (viewer.isAnonymous || viewer.userId === null) throw unauthorized(BOOKING_ERRORS.signIn);
  if (isWorkAccount(viewer)) throw forbidden(BOOKING_ERRORS.workAccount);
  return viewer.userId;
}
