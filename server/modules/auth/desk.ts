import { AUTH_LIMITS } from '../../../core/auth/limits';
import { WORK_ACCOUNT_TITLE } from '../../../core/auth/viewer';
import { BOOKING_ERRORS } from '../../../core/booking/form';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { DomainError, forbidden } from '../../http/errors';
import { phoneOrFail } from './checks';
import { authFailure } from './failures';
import { STAFF_ONLY } from './phone-forms';
import { createAuthRepo, inAuthTransaction } from './repo';
import type { SessionViewer } from './viewer';

export type DeskPatients = ReturnType<typeof createDeskPatients>;

/**
 * The patient a staff member books for at the desk: a phone this staff member confirmed by SMS
 * code (/ajax/phone/confirm/) within the last 30 minutes. The phone's patient account is the
 * one that books, created as on a first sign-in when the phone has none; a work account's
 * phone is never booked as a patient's.
 */
export function createDeskPatients({ db, clock }: { db: Db; clock: Clock }) {
  const repo = createAuthRepo(db);
  return {
    async deskPatient(viewer: SessionViewer, rawPhone: string): Promise<{ userId: number; phone: string }> {
      if (!viewer.isStaff || viewer.userId === null) throw forbidden(STAFF_ONLY);
      const staffId = viewer.userId;
      const phone = phoneOrFail(rawPhone);
      const since = new Date(clock.now().getTime() - AUTH_LIMITS.deskConfirmationTtlMs);
      const userId = await inAuthTransaction(db, async (r) => {
        if (!(await r.deskConfirmed(phone, staffId, since)))
          throw new DomainError('phone_not_confirmed', BOOKING_ERRORS.signIn, 403);
        const existing = await r.userByPhone(phone);
        if (existing?.deletingSince) throw authFailure(403, 'deleting_in_progress');
        if (existing && existing.role !== 'patient') throw forbidden(WORK_ACCOUNT_TITLE);
        return r.signInUser(phone);
      });
      await repo.audit(
        { kind: 'desk_booking', phone, userId: staffId, detail: { patientId: userId } },
        clock.now(),
      );
      return { userId, phone };
    },

    /**
     * The patient a clinic books for at its front desk: the phone's patient account, created as
     * on a first sign-in when the phone has none (the clinic heard the phone from the caller; the
     * patient learns of the booking by SMS). A work account's phone is refused, as is a profile
     * being deleted. `isNew`: the account was made now (its details come from this booking).
     */
    async forClinic(
      clinicUserId: number,
      rawPhone: string,
      refusals: { workAccount: string; deleting: string },
    ): Promise<{ userId: number; phone: string; isNew: boolean }> {
      const phone = phoneOrFail(rawPhone);
      const { userId, isNew } = await inAuthTransaction(db, async (r) => {
        const existing = await r.userByPhone(phone);
        if (existing?.deletingSince) throw forbidden(refusals.deleting);
        if (existing && existing.role !== 'patient') throw forbidden(refusals.workAccount);
        return { userId: await r.signInUser(phone), isNew: !existing };
      });
      await repo.audit(
        { kind: 'desk_booking', phone, userId: clinicUserId, detail: { patientId: userId, isNew } },
        clock.now(),
      );
      return { userId, phone, isNew };
    },
  };
}
