import { parsePhoneDigits } from '../../../core/auth/phone';
import {
  type ClinicNotifications,
  type ClinicNotificationsBody,
  isNotifyEmail,
} from '../../../core/cabinet/notification-contracts';
import { NOTIFY_TEXTS } from '../../../core/cabinet/notifications';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { badRequest, forbidden, notFound, unauthorized } from '../../http/errors';
import type { SessionViewer } from '../auth/viewer';
import type { CabinetRepo } from './repo';
import { createClinicSettingsRepo } from './settings-repo';

/**
 * A Russian mobile in any writing ('+7 (900) 123-45-67', '8 900 1234567', '9001234567') as
 * digits with the country code ('79001234567'); null when it is not one (a landline gets no SMS).
 */
export function clinicMobileDigits(input: string): string | null {
  let digits = input.replace(/\D/g, '');
  if (digits.length === 10) digits = `7${digits}`;
  else if (digits.length === 11 && digits.startsWith('8')) digits = `7${digits.slice(1)}`;
  return parsePhoneDigits(digits)?.iso === 'ru' ? digits : null;
}

/**
 * The clinic's contact for the site's bookings (docs/product/cabinet.md, 'Notifications to the
 * clinic'): only a clinic account sets it, for its own clinic, with an audit entry. The booking
 * jobs read it when they run (server/modules/booking/clinic-messages.ts).
 */
export function createClinicNotifications({
  db,
  clock,
  repo,
  owner,
}: {
  db: Db;
  clock: Clock;
  repo: Pick<CabinetRepo, 'audit'>;
  owner: (viewer: SessionViewer) => { clinicId: number } | { doctorId: number };
}) {
  const settings = createClinicSettingsRepo(db);

  function clinicOf(viewer: SessionViewer): { clinicId: number; userId: number } {
    const account = owner(viewer);
    if (viewer.userId === null) throw unauthorized(NOTIFY_TEXTS.clinicOnly);
    if (!('clinicId' in account)) throw forbidden(NOTIFY_TEXTS.clinicOnly);
    return { clinicId: account.clinicId, userId: viewer.userId };
  }

  return {
    async notifications(viewer: SessionViewer): Promise<ClinicNotifications> {
      const { clinicId } = clinicOf(viewer);
      const row = await settings.notifications(clinicId);
      if (!row) throw notFound();
      return row;
    },

    /** Both fields are checked before anything is kept; an empty field clears it. */
    async setNotifications(
      viewer: SessionViewer,
      change: ClinicNotificationsBody,
    ): Promise<ClinicNotifications> {
      const { clinicId, userId } = clinicOf(viewer);
      const phoneText = change.phone?.trim() ?? '';
      const emailText = change.email?.trim().toLowerCase() ?? '';
      const phone = phoneText === '' ? null : clinicMobileDigits(phoneText);
      const errors: Record<string, string> = {};
      if (phoneText !== '' && phone === null) errors.phone = NOTIFY_TEXTS.badPhone;
      if (emailText !== '' && !isNotifyEmail(emailText)) errors.email = NOTIFY_TEXTS.badEmail;
      const first = Object.values(errors)[0];
      if (first) throw badRequest(first, { errors });
      return db.transaction(async (tx) => {
        const before = await settings.lockNotifications(tx, clinicId);
        if (!before) throw notFound();
        const after: ClinicNotifications = {
          phone,
          email: emailText === '' ? null : emailText,
          new_booking: change.new_booking,
          patient_cancel: change.patient_cancel,
          new_review: change.new_review ?? before.new_review,
          callback_request: change.callback_request ?? before.callback_request,
        };
        await settings.setNotifications(tx, clinicId, after);
        await repo.audit(tx, {
          userId,
          action: 'notifications.changed',
          targetType: 'clinics',
          targetId: clinicId,
          before,
          after,
          at: clock.now(),
        });
        return after;
      });
    },
  };
}
