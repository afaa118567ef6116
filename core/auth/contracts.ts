/**
 * What the sign-in and phone-confirmation calls exchange (docs/product/sign-in.md).
 *
 * Their request schemas are lenient on purpose: a bad phone, code or client is refused by the
 * service with the flow's own code and text (core/auth/errors.ts), which a schema failure — a
 * generic 400 — would not give. So each field here only gets its type: a required field that
 * is missing or not a string reads as null, an optional one that is present but not a string
 * reads as '' (so it is still refused), and a body that is not an object reads as an empty one.
 */
import { z } from 'zod';
import { textInput } from '../http/contracts';
import { CONFIRMATION_METHODS } from './errors';

/** A field the service checks: null when it is missing or not a string. */
const field = textInput().nullable().catch(null);
/** An optional field the service checks: absent stays absent, anything but a string is ''. */
const optionalField = textInput().nullish().catch('');
/**
 * A number sent without the country code (the staff and no-registration calls): ten digits get
 * Russia's '7'; anything else reads as '' and is refused as an invalid phone.
 */
const nationalPhone = z
  .string()
  .catch('')
  .transform((raw) => (/^\d{10}$/.test(raw) ? `7${raw}` : ''));

/** An object schema whose body, when it is not an object at all, reads as an empty one. */
function lenient<S extends z.ZodRawShape>(shape: S) {
  const object = z.object(shape);
  return object.catch(() => object.parse({}));
}

/** Who is looking at the page: what the browser may know of the signed-in account. */
export const ViewerSchema = z.object({
  isAnonymous: z.boolean(),
  /** A patient who confirmed a phone. */
  isRealPatient: z.boolean(),
  isStaff: z.boolean(),
  /** A doctor's work account. */
  isDoctor: z.boolean(),
  /** A clinic's work account. */
  isLpu: z.boolean(),
  /** Digits with the country code, e.g. '79001234567'; empty for anonymous visitors. */
  userPhone: z.string(),
  /** The patient-app account id; a change means the phone must be confirmed again. */
  medtochkaUuid: z.string().nullable(),
  /**
   * A clinic's login: its role in the clinic (core/cabinet/permissions.ts); absent for anyone
   * else, and for a removed person.
   */
  clinicRole: z.enum(['administrator', 'receptionist', 'doctor']).nullable().optional(),
});
export type Viewer = z.infer<typeof ViewerSchema>;

/** login, pullAuth and logout answer who the session is now. */
export const ViewerReplySchema = z.object({ user: ViewerSchema });
export type ViewerReply = z.infer<typeof ViewerReplySchema>;

/** What every page knows about signing in (the root loader's `auth`). */
export const AuthSettingsSchema = z.object({
  vkEnabled: z.boolean(),
  /** The toll-free number of call-in confirmation, digits. */
  callInPhone: z.string(),
  clientId: z.string(),
  doctorLoginHref: z.string(),
});
export type AuthSettings = z.infer<typeof AuthSettingsSchema>;

export const ConfirmationMethodSchema = z.enum(CONFIRMATION_METHODS);

/** A code request: VK is asked for explicitly (`confirmation_flow: 'vk'`), otherwise the server picks. */
export const CodeRequestBodySchema = lenient({ phone: field, confirmation_flow: optionalField });
export type CodeRequestBody = z.input<typeof CodeRequestBodySchema>;

/** The no-registration code request: the number without its country code, always by SMS. */
export const PhoneLoginBodySchema = lenient({ phone: nationalPhone });
export type PhoneLoginBody = z.input<typeof PhoneLoginBodySchema>;

/**
 * The method the code went by, and the code's id to confirm it with; with VK attempts used up,
 * `attempts_exceeded` and no code (the patient picks a call or an SMS instead).
 */
export const CodeRequestedSchema = z.object({
  code: ConfirmationMethodSchema,
  service_id: z.string().nullable(),
  attempts_exceeded: z.boolean(),
});
export type CodeRequested = z.infer<typeof CodeRequestedSchema>;

/**
 * What a sign-in call's refusal says beyond `{detail, code}` (server/modules/auth/failures.ts):
 * the sign-in service's `waiting_time` (seconds until a code may be asked again), and the site's
 * own forms' code under the field it concerns (`phone.code`, `secret_code.code`).
 */
export interface SignInRefusal {
  waiting_time: number;
  phone: { code?: string };
  secret_code: { code?: string };
}

/** The client exchanging codes (`?client_id=portal`). */
export const ClientQuerySchema = lenient({ client_id: field });
export type ClientQuery = z.input<typeof ClientQuerySchema>;

export const CodeConfirmBodySchema = lenient({
  phone: field,
  code: field,
  service_id: optionalField,
  /** Sent by the apps; the server does not read it. */
  mobile_app: z.boolean().optional().catch(undefined),
});
export type CodeConfirmBody = z.input<typeof CodeConfirmBodySchema>;

/** A one-time code to exchange for a session at once (login). */
export const AuthorizationCodeSchema = z.object({ authorization_code: z.string() });
export type AuthorizationCode = z.infer<typeof AuthorizationCodeSchema>;

export const CallRequestBodySchema = lenient({ phone: field });
export type CallRequestBody = z.input<typeof CallRequestBodySchema>;

/** A call-in request: the number the patient is to call, and the request's id. */
export const CallRequestCreatedSchema = z.object({ uuid: z.string(), call_phone: z.string() });
export type CallRequestCreated = z.infer<typeof CallRequestCreatedSchema>;

/** Who asks whether the call came: the page's timer or its websocket; `time` is ms since the request. */
export const CallFinishQuerySchema = lenient({
  client_id: field,
  source: optionalField,
  time: optionalField,
});
export type CallFinishQuery = z.input<typeof CallFinishQuerySchema>;

export const CallFinishBodySchema = lenient({ phone: field, uuid: field });
export type CallFinishBody = z.input<typeof CallFinishBodySchema>;

/** 200 with the authorization code once the call came; 202 `{status: 'waiting'}` before. */
export const CallFinishedSchema = z.union([
  AuthorizationCodeSchema,
  z.object({ status: z.literal('waiting') }),
]);
export type CallFinished = z.infer<typeof CallFinishedSchema>;

/** `client_id` may be left out: the site's own client. */
export const LoginBodySchema = lenient({ authorization_code: field, client_id: optionalField });
export type LoginBody = z.input<typeof LoginBodySchema>;

/** The site's own phone forms (staff at the desk, the profile): the number without its country code. */
export const FormPhoneBodySchema = lenient({ phone: nationalPhone });
export type FormPhoneBody = z.input<typeof FormPhoneBodySchema>;

export const FormCodeBodySchema = lenient({ phone: nationalPhone, code: field });
export type FormCodeBody = z.input<typeof FormCodeBodySchema>;

/** The staff confirmation's reply; the profile's is the text 'OK', a request's 'success'. */
export const StaffPhoneConfirmedSchema = z.object({ result: z.literal('OK') });
export type StaffPhoneConfirmed = z.infer<typeof StaffPhoneConfirmedSchema>;
