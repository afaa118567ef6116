import type { CodeRequested } from '../../../core/auth/contracts';
import type { ConfirmationMethod } from '../../../core/auth/errors';
import { AUTH_LIMITS } from '../../../core/auth/limits';
import {
  clientOrFail,
  isStaffPhone,
  isUuid,
  phoneOrFail,
  type RequestContext,
  refuseDeleting,
} from './checks';
import type { CodeStore } from './codes';
import type { CodeDelivery } from './delivery';
import { authFailure } from './failures';
import type { AuthRateLimits } from './rate-limits';
import type { AuthRepo } from './repo';
import type { SessionViewer } from './viewer';

export type SignInCodes = ReturnType<typeof createSignInCodes>;

/**
 * Sign-in codes (flow B): a code to the phone — by flash call for the first ones of an hour,
 * then SMS, or VK when asked — and, for the right code, a one-time authorization code. No reply
 * depends on whether an account exists for the phone.
 */
export function createSignInCodes({
  repo,
  limits,
  codes,
  delivery,
  clientIds,
}: {
  repo: AuthRepo;
  limits: AuthRateLimits;
  codes: CodeStore;
  delivery: CodeDelivery;
  /** Clients allowed to exchange codes (`client_id`). */
  clientIds: readonly string[];
}) {
  return {
    /** A code request; `smsOnly` for the no-registration request and staff (a session or a phone). */
    async requestCode(input: {
      phone: string | null;
      confirmationFlow?: string | null;
      smsOnly?: boolean;
      ctx: RequestContext;
    }): Promise<CodeRequested> {
      const phone = phoneOrFail(input.phone);
      const flow = input.confirmationFlow;
      if (flow !== undefined && flow !== null && flow !== 'vk') throw authFailure(400, 'error_fields');
      // A staff account's phone gets an SMS whatever was asked (a flash call, VK), as a staff
      // session's requests do.
      const smsOnly = input.smsOnly || isStaffPhone(await refuseDeleting(repo, phone));
      const wantsVk = flow === 'vk' && !smsOnly && delivery.vkEnabled;
      // VK codes used up today: the patient is offered a call or an SMS instead.
      if (wantsVk && (await limits.vkSpent(phone)))
        return { code: 'vk', service_id: null, attempts_exceeded: true };
      const { hourCount } = await limits.admitRequest(phone, input.ctx);
      let method: ConfirmationMethod = 'sms';
      if (wantsVk) {
        method = 'vk';
        await limits.countVk(phone);
      } else if (!smsOnly && hourCount <= AUTH_LIMITS.callRequestsPerPhonePerHour) {
        method = 'call';
      }
      const sent = await delivery.sendWithFallback(phone, method, input.ctx);
      const serviceId = await codes.store(
        { phone, purpose: 'sign_in', method: sent.method, code: sent.code },
        input.ctx,
      );
      return { code: sent.method, service_id: serviceId, attempts_exceeded: false };
    },

    /** A right code gives a one-time authorization code for the client. */
    async confirmCode(input: {
      phone: string | null;
      code: string | null;
      serviceId: string | null | undefined;
      clientId: string | null;
      viewer: SessionViewer;
      ctx: RequestContext;
    }): Promise<{ authorization_code: string; method: ConfirmationMethod }> {
      const phone = phoneOrFail(input.phone);
      const clientId = clientOrFail(input.clientId, clientIds);
      if (!input.viewer.isAnonymous && input.viewer.userPhone === phone)
        throw authFailure(409, 'user_has_phone');
      const serviceId =
        typeof input.serviceId === 'string' && isUuid(input.serviceId) ? input.serviceId : null;
      if (input.serviceId != null && serviceId === null) throw authFailure(400, 'error_fields');
      await refuseDeleting(repo, phone);
      return codes.check(
        { phone, code: input.code, serviceId, purpose: 'sign_in', ctx: input.ctx },
        async (r, _tx, method) => ({
          authorization_code: await codes.issueAuthorizationCode(r, phone, clientId),
          method,
        }),
      );
    },
  };
}
