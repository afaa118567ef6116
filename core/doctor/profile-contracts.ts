import { z } from 'zod';
import { isCalendarDate, textInput } from '../http/contracts';
import { ClientIdSchema } from '../schedule/contracts';
import { DOCTOR_CATEGORY_CHOICES, PROFILE_LIMITS as L, PROFILE_FIELDS, PROFILE_TEXTS } from './profile-edit';

/** The doctor's profile in the cabinet and its moderation (core/doctor/profile-edit.ts). */

/** A Russian phone in any writing → '7XXXXXXXXXX'; '' → null; anything else → false. */
export function ownPhoneDigits(input: string): string | null | false {
  const digits = input.replace(/[\s()+-]/g, '');
  if (digits === '') return null;
  if (!/^\d+$/.test(digits)) return false;
  const national =
    digits.length === 11 && (digits[0] === '7' || digits[0] === '8') ? digits.slice(1) : digits;
  return /^[3-9]\d{9}$/.test(national) ? `7${national}` : false;
}

const year = z
  .number('Укажите год')
  .int('Укажите год')
  .min(L.yearMin, `Год — не раньше ${L.yearMin}`)
  .max(L.yearMax, `Год — не позже ${L.yearMax}`);
const line = (what: string, min = 2) =>
  textInput(`Укажите ${what}`)
    .transform((s) => s.trim().replace(/\s+/g, ' '))
    .pipe(z.string().min(min, `Укажите ${what}`).max(L.textMax, `Не больше ${L.textMax} символов`));

export const EducationItemSchema = z.object({
  year,
  institution: line('учебное заведение'),
  speciality: line('специальность', 0),
});
export const CourseItemSchema = z.object({ year, title: line('название курса') });

/** The form's fields (all of them: the server keeps only what differs from the public page). */
export const ProfileFormSchema = z.object({
  about: textInput('Расскажите о себе')
    .transform((s) => s.trim())
    .pipe(z.string().max(L.aboutMax, `Не больше ${L.aboutMax} символов`)),
  education: z.array(EducationItemSchema).max(L.educationMax, `Не больше ${L.educationMax} записей`),
  courses: z.array(CourseItemSchema).max(L.coursesMax, `Не больше ${L.coursesMax} записей`),
  careerStartYear: year,
  category: z.enum(DOCTOR_CATEGORY_CHOICES, 'Выберите из списка'),
  categoryExpiresOn: z
    .string()
    .refine((s) => isCalendarDate(s, 2000, 2100), 'Укажите дату')
    .nullable(),
  licenseNumber: textInput()
    .transform((s) => s.trim())
    .pipe(z.string().max(L.licenseMax, `Не больше ${L.licenseMax} символов`))
    .nullable()
    .transform((s) => (s ? s : null)),
  /** Any writing of a Russian number ('+7 (900) 123-45-67', '8 900 …'): kept as '7XXXXXXXXXX'. */
  ownPhone: textInput()
    .nullish()
    .transform((s, ctx) => {
      const digits = ownPhoneDigits(s ?? '');
      if (digits !== false) return digits;
      ctx.addIssue({ code: 'custom', message: PROFILE_TEXTS.ownPhoneBad });
      return z.NEVER;
    }),
});
export type ProfileForm = z.input<typeof ProfileFormSchema>;

export const ProfileSubmitBodySchema = ProfileFormSchema.extend({
  /** A clinic names its doctor; a doctor account edits himself and leaves it out. */
  doctor_id: ClientIdSchema.optional(),
});
export type ProfileSubmitBody = z.input<typeof ProfileSubmitBodySchema>;

export const ProfileQuerySchema = z.object({ doctor: ClientIdSchema.optional() });
export type ProfileQuery = z.input<typeof ProfileQuerySchema>;

const ValuesSchema = z.object({
  photo: z.string().nullable(),
  about: z.string(),
  education: z.array(z.object({ year: z.number(), institution: z.string(), speciality: z.string() })),
  courses: z.array(z.object({ year: z.number(), title: z.string() })),
  careerStartYear: z.number().int(),
  category: z.enum(DOCTOR_CATEGORY_CHOICES),
  categoryExpiresOn: z.string().nullable(),
  licenseNumber: z.string().nullable(),
  ownPhone: z.string().nullable(),
});

/** One field of a change: its label and its value before and after, as lines for people. */
export const FieldChangeSchema = z.object({
  field: z.enum(PROFILE_FIELDS),
  label: z.string(),
  before: z.string(),
  after: z.string(),
});
export type FieldChange = z.infer<typeof FieldChangeSchema>;

export const ProfileChangeSchema = z.object({
  id: z.number().int(),
  status: z.enum(['pending', 'approved', 'rejected', 'withdrawn']),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  reason: z.string().nullable(),
  changes: z.array(FieldChangeSchema),
  /** The new photo's address (a private one until approved), or null when the photo is not changed. */
  photoUrl: z.string().nullable(),
});
export type ProfileChange = z.infer<typeof ProfileChangeSchema>;

export const CabinetProfileSchema = z.object({
  doctor: z.object({ id: z.number().int(), name: z.string(), url: z.string() }),
  /** A clinic's doctors, for its picker; empty for a doctor's own profile. */
  doctors: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** The public values (`photo`: the public photo's address). */
  current: ValuesSchema,
  /** The public values with the pending change laid over: what the form shows. */
  form: ValuesSchema,
  pending: ProfileChangeSchema.nullable(),
  /** The latest decision by staff (approved or rejected). */
  lastDecision: ProfileChangeSchema.nullable(),
  /** Whether the doctor's version lets him publish his own phone; else the lowest one that does. */
  ownContacts: z.object({ available: z.boolean(), version: z.string() }),
});
export type CabinetProfile = z.infer<typeof CabinetProfileSchema>;

export const ProfileWithdrawBodySchema = z.object({ doctor_id: ClientIdSchema.optional() });
export type ProfileWithdrawBody = z.input<typeof ProfileWithdrawBodySchema>;

// Staff

export const STAFF_PROFILE_TABS = ['pending', 'decided'] as const;
export const StaffProfilesQuerySchema = z.object({
  status: z.enum(STAFF_PROFILE_TABS, 'Выберите из списка').default('pending'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type StaffProfilesQuery = z.input<typeof StaffProfilesQuerySchema>;

export const StaffProfileItemSchema = ProfileChangeSchema.extend({
  doctor: z.object({ id: z.number().int(), name: z.string(), url: z.string() }),
  /** Who sent it: the doctor himself or his clinic. */
  authorRole: z.string(),
  /** The public photo now (for 'before'). */
  currentPhotoUrl: z.string().nullable(),
});
export type StaffProfileItem = z.infer<typeof StaffProfileItemSchema>;

export const StaffProfilesSchema = z.object({
  items: z.array(StaffProfileItemSchema),
  hasNext: z.boolean(),
  pendingCount: z.number().int(),
});
export type StaffProfiles = z.infer<typeof StaffProfilesSchema>;

export const ProfileDecisionBodySchema = z
  .object({
    decision: z.enum(['approve', 'reject'], 'Выберите решение'),
    reason: textInput()
      .transform((s) => s.trim())
      .pipe(z.string().max(500, 'Не больше 500 символов'))
      .nullish(),
  })
  .refine((b) => b.decision === 'approve' || Boolean(b.reason), {
    message: PROFILE_TEXTS.reasonNeeded,
    path: ['reason'],
  });
export type ProfileDecisionBody = z.input<typeof ProfileDecisionBodySchema>;

export const ProfileIdParamsSchema = z.object({ id: ClientIdSchema });
