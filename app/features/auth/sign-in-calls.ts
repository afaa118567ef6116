import {
  callRequestCreate,
  codeConfirm,
  codeRequest,
  formCodeRequest,
  login,
  phoneLogin,
  staffPhoneConfirm,
} from '../../../core/auth/calls';
import {
  type CallFailure,
  type ConfirmationFlow,
  type ConfirmationState,
  nationalPhone,
  requestBody,
} from '../../../core/auth/confirmation';
import type { CodeRequested, Viewer } from '../../../core/auth/contracts';
import { api } from '../../lib/api';
import { callFailureOf } from './call-failure';
import type { CallInRequest } from './call-in';

/**
 * The calls of the phone confirmation, each answering what it got or its failure as the
 * confirmation's rules read it (callFailureOf): the form dispatches either, and never catches.
 */
export type Failed = { ok: false; failure: CallFailure };

/** What the SMS-only flows' code request answers: the site's forms say only 'success'. */
const SMS_SENT: CodeRequested = { code: 'sms', service_id: null, attempts_exceeded: false };

/** A code by the flow's call: staff and no-registration visitors get an SMS only. */
export async function requestCode(
  flow: ConfirmationFlow,
  current: ConfirmationState,
): Promise<{ ok: true; reply: CodeRequested } | Failed> {
  const phone = nationalPhone(current.phone);
  const call = flow === 'staff' ? formCodeRequest : flow === 'noRegistration' ? phoneLogin : codeRequest;
  try {
    if (flow === 'staff') await api.send(formCodeRequest, { body: { phone } });
    else if (flow === 'noRegistration')
      return { ok: true, reply: await api.send(phoneLogin, { body: { phone } }) };
    else return { ok: true, reply: await api.send(codeRequest, { body: requestBody(current) }) };
    return { ok: true, reply: SMS_SENT };
  } catch (error) {
    return { ok: false, failure: callFailureOf(call, error) };
  }
}

/**
 * The typed code checked: staff confirm the patient's phone (no sign-in follows, null), the
 * others get the authorization code to sign in with.
 */
export async function confirmCode(
  flow: ConfirmationFlow,
  current: ConfirmationState,
  clientId: string,
): Promise<{ ok: true; authorizationCode: string | null } | Failed> {
  if (flow === 'staff') {
    try {
      await api.send(staffPhoneConfirm, {
        body: { phone: nationalPhone(current.phone), code: current.code },
      });
      return { ok: true, authorizationCode: null };
    } catch (error) {
      return { ok: false, failure: callFailureOf(staffPhoneConfirm, error) };
    }
  }
  try {
    const confirmed = await api.send(codeConfirm, {
      query: { client_id: clientId },
      body: { phone: current.phone, code: current.code, service_id: current.serviceId, mobile_app: false },
    });
    return { ok: true, authorizationCode: confirmed.authorization_code };
  } catch (error) {
    return { ok: false, failure: callFailureOf(codeConfirm, error) };
  }
}

/** This browser's session for an authorization code: who is signed in now. */
export async function signIn(
  authorizationCode: string,
  clientId: string,
): Promise<{ ok: true; user: Viewer } | Failed> {
  try {
    const reply = await api.send(login, {
      body: { authorization_code: authorizationCode, client_id: clientId },
    });
    return { ok: true, user: reply.user };
  } catch (error) {
    return { ok: false, failure: callFailureOf(login, error) };
  }
}

/** A call-in request for the phone: the number the patient is to call. */
export async function createCallIn(phone: string): Promise<{ ok: true; request: CallInRequest } | Failed> {
  try {
    const created = await api.send(callRequestCreate, { body: { phone } });
    return {
      ok: true,
      request: { uuid: created.uuid, callPhone: created.call_phone, startedAt: Date.now() },
    };
  } catch (error) {
    return { ok: false, failure: callFailureOf(callRequestCreate, error) };
  }
}
