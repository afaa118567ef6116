import { defineCall } from '../http/call';
import type {
  EmailConfirmRequest,
  EmailRequest,
  NotificationsRequest,
  Profile,
  Relative,
  RelativeParams,
  RelativeRequest,
} from './contracts';

/**
 * The patient's profile calls (docs/product/profile.md). Every one answers 401 to a visitor and
 * 403 to a work account; a relative's id that is not the caller's is a 404, as if it did not exist.
 */

/** The patient's relatives, oldest first. */
export const relativesList = defineCall<{ reply: Relative[] }>()('GET', '/api/patient/relatives/');

/** Adds one: 201; 400 with field messages; 409 at the MAX_RELATIVES limit. */
export const relativeAdd = defineCall<{ body: RelativeRequest; reply: Relative }>()(
  'POST',
  '/api/patient/relatives/',
);

/** Edits one of the caller's. */
export const relativeEdit = defineCall<{ params: RelativeParams; body: RelativeRequest; reply: Relative }>()(
  'PUT',
  '/api/patient/relatives/:id/',
);

/** Removes one of the caller's; their past visits keep the name they were booked under. */
export const relativeRemove = defineCall<{ params: RelativeParams; reply: { ok: true } }>()(
  'DELETE',
  '/api/patient/relatives/:id/',
);

/** A new e-mail: sends the confirmation link there (the old address stays until it is opened). */
export const profileEmail = defineCall<{ body: EmailRequest; reply: Profile }>()(
  'POST',
  '/api/patient/email/',
);

/** Opens the link's token: the address becomes the profile's. 400 when it is unknown, used or expired. */
export const profileEmailConfirm = defineCall<{ body: EmailConfirmRequest; reply: Profile }>()(
  'POST',
  '/api/patient/email/confirm/',
);

/** E-mail copies of confirmations and reminders on or off (on needs a confirmed e-mail: 400). */
export const profileNotifications = defineCall<{ body: NotificationsRequest; reply: Profile }>()(
  'PUT',
  '/api/patient/notifications/',
);

/** Starts deleting the profile (the other devices are signed out); 409 when it is already. */
export const profileDelete = defineCall<{ reply: Profile }>()('POST', '/api/patient/deletion/');

/** Cancels the deletion within its 30 days; 409 when the profile is not being deleted. */
export const profileDeleteCancel = defineCall<{ reply: Profile }>()('DELETE', '/api/patient/deletion/');
