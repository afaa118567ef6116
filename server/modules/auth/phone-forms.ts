import { WORK_ACCOUNT_TITLE } from '../../../core/auth/viewer';
import type { Clock } from '../../clock';
import { forbidden } from '../../http/errors';
import { phoneOrFail, type RequestContext } from './checks';
import type { CodeStore } from './codes';
import type { CodeDelivery } from './delivery';
import { asFlowA, authFailure, SIGN_IN_REQUIRED } from './failures';
import type { AuthRateLimits } from './rate-limits';
import type { CodePurpose } from './repo';
import type { SessionViewer } from './viewer';

export type PhoneForms = ReturnType<typeof createPhoneForms>;

export const STAFF_ONLY = 'Доступно только сотрудникам';

/**
 * The site's own phone forms (flow A), SMS only: staff confirming a patient's phone at the
 * desk, and a signed-in patient confirming a new phone for the profile. Refusals come worded
 * for these forms (`asFlowA`); who may use them is checked first.
 */
export function createPhoneForms({
  clock,
  limits,
  codes,
  delivery,
}: {
  clock: Clock;
  limits: AuthRateLimits;
  codes: CodeStore;
  delivery: CodeDelivery;
}) {
  return {
    /** A code by SMS: to staff for a patient's phone, to a patient for a new phone of theirs. */
    async requestFormCode(input: { phone: string; viewer: SessionViewer; ctx: RequestContext }) {
      const { viewer, ctx } = input;
      if (viewer.isAnonymous) throw forbidden(SIGN_IN_REQUIRED);
      if (viewer.isDoctor || viewer.isLpu) throw forbidden(WORK_ACCOUNT_TITLE);
      try {
        const phone = phoneOrFail(input.phone);
        await limits.admitRequest(phone, ctx);
        const purpose: CodePurpose = viewer.isStaff ? 'staff' : 'profile';
        const code = await delivery.send(phone, 'sms', ctx, viewer.isStaff ? 'desk' : 'sign_in');
        await codes.store({ phone, purpose, method: 'sms', code, userId: viewer.userId }, ctx);
      } catch (error) {
        throw asFlowA(error, 'request');
      }
    },

    /** Staff: the phone is confirmed for the desk's booking. */
    async confirmStaffCode(input: {
      phone: string;
      code: string | null;
      viewer: SessionViewer;
      ctx: RequestContext;
    }) {
      const { viewer, ctx } = input;
      if (!viewer.isStaff) throw forbidden(STAFF_ONLY);
      try {
        const phone = phoneOrFail(input.phone);
        await codes.check({ phone, code: input.code, serviceId: null, purpose: 'staff', ctx }, async (r) => {
          const now = clock.now();
          await r.insertConfirmedPhone({
            phone,
            purpose: 'staff',
            confirmedBy: viewer.userId,
            confirmedAt: now,
          });
          await r.audit({ kind: 'staff_confirmed_phone', phone, userId: viewer.userId, ip: ctx.ip }, now);
        });
      } catch (error) {
        throw asFlowA(error, 'confirm');
      }
    },

    /** Profile: a signed-in patient's newly confirmed phone becomes theirs. */
    async confirmProfileCode(input: {
      phone: string;
      code: string | null;
      viewer: SessionViewer;
      ctx: RequestContext;
    }) {
      const { viewer, ctx } = input;
      if (viewer.isAnonymous) throw forbidden(SIGN_IN_REQUIRED);
      if (viewer.role !== 'patient') throw forbidden(WORK_ACCOUNT_TITLE);
      const userId = viewer.userId;
      if (userId === null) throw forbidden(SIGN_IN_REQUIRED);
      try {
        const phone = phoneOrFail(input.phone);
        if (viewer.userPhone === phone) throw authFailure(409, 'user_has_phone');
        const changed = await codes.check(
          { phone, code: input.code, serviceId: null, purpose: 'profile', ctx },
          async (r) => {
            if (!(await r.setUserPhone(userId, phone))) return false;
            const now = clock.now();
            await r.insertConfirmedPhone({
              phone,
              purpose: 'profile',
              confirmedBy: userId,
              confirmedAt: now,
            });
            await r.audit({ kind: 'profile_phone_changed', phone, userId, ip: ctx.ip }, now);
            return true;
          },
        );
        if (!changed) throw authFailure(409, 'user_has_phone');
      } catch (error) {
        throw asFlowA(error, 'confirm');
      }
    },
  };
}
