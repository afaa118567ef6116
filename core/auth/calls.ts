import { defineCall } from '../http/call';
import type {
  AuthorizationCode,
  CallFinishBody,
  CallFinished,
  CallFinishQuery,
  CallRequestBody,
  CallRequestCreated,
  ClientQuery,
  CodeConfirmBody,
  CodeRequestBody,
  CodeRequested,
  FormCodeBody,
  FormPhoneBody,
  LoginBody,
  PhoneLoginBody,
  SignInRefusal,
  StaffPhoneConfirmed,
  ViewerReply,
} from './contracts';

/**
 * The sign-in calls' refusals carry SignInRefusal's fields where they apply (a code asked too
 * soon: `waiting_time`; the site's own forms: the code under `phone` or `secret_code`).
 */

/** Sends a sign-in code by call, SMS or VK (the server picks, or VK when asked). */
export const codeRequest = defineCall<{
  body: CodeRequestBody;
  reply: CodeRequested;
  refusal: SignInRefusal;
}>()('POST', '/services/sso/confirmation/request/');

/** The no-registration code request: always an SMS. */
export const phoneLogin = defineCall<{
  body: PhoneLoginBody;
  reply: CodeRequested;
  refusal: SignInRefusal;
}>()('POST', '/services/sso/phone_login/');

/** A right code gives a one-time authorization code. */
export const codeConfirm = defineCall<{
  query: ClientQuery;
  body: CodeConfirmBody;
  reply: AuthorizationCode;
  refusal: SignInRefusal;
}>()('POST', '/services/sso/confirmation/confirm/');

/** Call-in sign-in: the patient is to call the number in the reply. */
export const callRequestCreate = defineCall<{
  body: CallRequestBody;
  reply: CallRequestCreated;
  refusal: SignInRefusal;
}>()('POST', '/services/sso/calls/create_request/');

/** The authorization code once the call came (200), or 202 while it is awaited. */
export const callRequestFinish = defineCall<{
  query: CallFinishQuery;
  body: CallFinishBody;
  reply: CallFinished;
  refusal: SignInRefusal;
}>()('POST', '/services/sso/calls/finish_request/');

/** Exchanges an authorization code for this browser's session. */
export const login = defineCall<{ body: LoginBody; reply: ViewerReply; refusal: SignInRefusal }>()(
  'POST',
  '/api/auth/login/',
);

/** pullAuth: who the session is now. */
export const pullAuth = defineCall<{ reply: ViewerReply }>()('GET', '/api/auth/pull/');

export const logout = defineCall<{ reply: ViewerReply }>()('POST', '/api/auth/logout/');

/** The site's own forms: a code by SMS to a phone (answers the text 'success'). */
export const formCodeRequest = defineCall<{ body: FormPhoneBody; reply: string; refusal: SignInRefusal }>()(
  'POST',
  '/ajax/phone_confirmation/',
);

/** Staff confirm a patient's phone at the desk. */
export const staffPhoneConfirm = defineCall<{
  body: FormCodeBody;
  reply: StaffPhoneConfirmed;
  refusal: SignInRefusal;
}>()('POST', '/ajax/phone/confirm/');

/** A signed-in patient confirms a new phone for the profile (answers the text 'OK'). */
export const profilePhoneConfirm = defineCall<{ body: FormCodeBody; reply: string }>()(
  'POST',
  '/profile/ajax/confirm_sms_code/',
);
