/**
 * The patient's profile calls and page (docs/product/profile.md). The relative form checks its
 * fields with the schema the server checks the call with; names follow the booking form's rules.
 */
import { z } from 'zod';
import { bornBy, name } from '../booking/contracts';
import { BOOKING_ERRORS } from '../booking/form';
import { textInput } from '../http/contracts';
import { ClientIdSchema } from '../schedule/contracts';
import { PROFILE_TEXTS, RELATIONS } from './rules';

/**
 * A relative as the form sends it. `today` ('yyyy-MM-dd') bounds the birth date: not in the
 * future, not more than 120 years ago (the booking form's rule).
 */
export function relativeSchema(today: string | (() => string)) {
  const todayOf = typeof today === 'string' ? () => today : today;
  return z
    .object({
      last_name: name(BOOKING_ERRORS.lastName),
      first_name: name(BOOKING_ERRORS.firstName),
      patronymic: textInput().default(''),
      relation: z.enum(RELATIONS, PROFILE_TEXTS.relation),
      birth_date: textInput(BOOKING_ERRORS.birthDate)
        .min(1, BOOKING_ERRORS.birthDate)
        .refine((s) => bornBy(s, todayOf()), BOOKING_ERRORS.birthDateWrong),
    })
    .superRefine(
      (body, ctx) => {
        // An optional patronymic: when given, the name rules apply.
        const patronymic = typeof body.patronymic === 'string' ? body.patronymic.trim() : '';
        if (patronymic === '') return;
        const parsed = name(BOOKING_ERRORS.patronymic).safeParse(patronymic);
        if (!parsed.success)
          ctx.addIssue({ code: 'custom', path: ['patronymic'], message: parsed.error.issues[0].message });
      },
      // Also when other fields failed: the form shows every problem at once.
      { when: () => true },
    )
    .transform((body) => ({ ...body, patronymic: body.patronymic.trim().replace(/\s+/g, ' ') }));
}
export type RelativeRequest = z.input<ReturnType<typeof relativeSchema>>;
export type RelativeBody = z.output<ReturnType<typeof relativeSchema>>;

export const RelativeSchema = z.object({
  id: z.number(),
  last_name: z.string(),
  first_name: z.string(),
  patronymic: z.string(),
  relation: z.enum(RELATIONS),
  /** 'yyyy-MM-dd'. */
  birth_date: z.string(),
});
export type Relative = z.infer<typeof RelativeSchema>;
export const RelativeListSchema = z.array(RelativeSchema);

export const RelativeParamsSchema = z.object({ id: ClientIdSchema });
export type RelativeParams = z.input<typeof RelativeParamsSchema>;

/** A new e-mail: a link to confirm it goes there; the profile keeps the old one until then. */
export const EmailBodySchema = z.object({
  email: textInput(PROFILE_TEXTS.email)
    .transform((s) => s.trim().toLowerCase())
    .pipe(z.email(PROFILE_TEXTS.email).max(254, PROFILE_TEXTS.email)),
});
export type EmailRequest = z.input<typeof EmailBodySchema>;

/** The confirmation link's token. */
export const EmailConfirmSchema = z.object({
  token: textInput(PROFILE_TEXTS.emailCodeWrong).min(16).max(64),
});
export type EmailConfirmRequest = z.input<typeof EmailConfirmSchema>;

/** Confirmations and reminders by e-mail as well as by SMS. */
export const NotificationsBodySchema = z.object({ email: z.boolean() });
export type NotificationsRequest = z.input<typeof NotificationsBodySchema>;

/** The profile's contacts, choices and deletion state, as the page and the calls answer them. */
export const ProfileSchema = z.object({
  /** The account's confirmed phone, formatted ('+7 901 234-56-78'): changed only by signing in anew. */
  phone: z.string(),
  /** The confirmed e-mail, or null. */
  email: z.string().nullable(),
  /** An address waiting for its link to be opened. */
  pending_email: z.string().nullable(),
  notify_email: z.boolean(),
  /** Deletion began (ISO) and when the profile is erased (ISO); null when not being deleted. */
  deleting_since: z.string().nullable(),
  erase_at: z.string().nullable(),
});
export type Profile = z.infer<typeof ProfileSchema>;

/** The club card as the profile shows it (null for a patient without a card in force). */
export const ProfileClubCardSchema = z.object({
  number: z.string(),
  dt_start: z.string(),
  dt_end: z.string(),
  /** The card's page an administrator opens (the QR code's contents). */
  link: z.string(),
});
export type ProfileClubCard = z.infer<typeof ProfileClubCardSchema>;

export const ProfilePageSchema = z.object({
  profile: ProfileSchema,
  relatives: RelativeListSchema,
  club_card: ProfileClubCardSchema.nullable(),
  /** 'yyyy-MM-dd', Moscow's: the latest birth date the relative form takes. */
  today: z.string(),
});
export type ProfilePage = z.infer<typeof ProfilePageSchema>;

export const EmptySchema = z.object({});
