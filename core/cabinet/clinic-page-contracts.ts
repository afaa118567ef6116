/**
 * The shapes of the clinic page's cabinet calls beyond accessibility (core/clinic/page-editor.ts
 * has the rules): about (description, phones, website), hours and holiday hours, promotions, and
 * the media (core/clinic/media.ts): gallery photos and videos, licences, equipment.
 */
import { z } from 'zod';
import { ACCESSIBILITY_FEATURES, ACCESSIBILITY_TEXTS } from '../clinic/accessibility';
import { hashOfClinicMediaUrl, CLINIC_MEDIA_TEXTS as M, CLINIC_MEDIA_LIMITS as ML } from '../clinic/media';
import {
  dayHoursError,
  CLINIC_PAGE_LIMITS as L,
  normaliseClinicPhone,
  normaliseWebsite,
  CLINIC_PAGE_TEXTS as T,
  visitingRules,
} from '../clinic/page-editor';
import { VIDEO_HOSTS, VIDEO_TEXTS, videoUrlError } from '../clinic/video';
import { SOFTWARE_VERSIONS } from '../directory/software-version';
import { isCalendarDate, textInput } from '../http/contracts';

/** The clinic page's accessibility as the clinic sets it in its cabinet (core/clinic/accessibility.ts). */
export const ClinicAccessibilitySchema = z.object({
  features: z
    .array(z.enum(ACCESSIBILITY_FEATURES, ACCESSIBILITY_TEXTS.unknown))
    .max(ACCESSIBILITY_FEATURES.length, ACCESSIBILITY_TEXTS.unknown),
});
export type ClinicAccessibility = z.infer<typeof ClinicAccessibilitySchema>;

export const ClinicAboutSchema = z.object({
  description: z.string(),
  /** Stored digits, '74951234567'. */
  phones: z.array(z.string()),
  /** '' when the clinic has none. */
  website: z.string(),
});
export type ClinicAbout = z.infer<typeof ClinicAboutSchema>;

const phoneInput = textInput(T.phoneInvalid).transform((s, ctx) => {
  const phone = normaliseClinicPhone(s);
  if (phone === null) {
    ctx.addIssue({ code: 'custom', message: T.phoneInvalid });
    return z.NEVER;
  }
  return phone;
});

export const ClinicAboutBodySchema = z.object(
  {
    description: textInput(T.descriptionTooLong)
      .transform((s) => s.trim())
      .pipe(z.string().max(L.descriptionMax, T.descriptionTooLong)),
    phones: z
      .array(phoneInput, T.phonesNone)
      .min(L.phonesMin, T.phonesNone)
      .max(L.phonesMax, T.phonesTooMany)
      .transform((list) => [...new Set(list)]),
    website: textInput(T.websiteInvalid).transform((s, ctx) => {
      const site = normaliseWebsite(s);
      if (site === null) {
        ctx.addIssue({ code: 'custom', message: T.websiteInvalid });
        return z.NEVER;
      }
      return site;
    }),
  },
  T.bodyInvalid,
);
export type ClinicAboutBody = z.input<typeof ClinicAboutBodySchema>;

const timeInput = z.string(T.timeInvalid).nullable();
const calendarDay = (message: string) =>
  z.string(message).refine((s) => isCalendarDate(s, 2000, 2099), message);

/** A day's hours: both times, or both null for a closed day. */
const hoursFields = { opens: timeInput, closes: timeInput };
const checkHours = (day: { opens: string | null; closes: string | null }, ctx: z.RefinementCtx) => {
  const error = dayHoursError(day);
  if (error) ctx.addIssue({ code: 'custom', message: error, path: ['opens'] });
};

export const ClinicWeekBodySchema = z.object(
  {
    week: z
      .array(
        z
          .object(
            {
              weekday: z.number(T.weekInvalid).int(T.weekInvalid).min(1, T.weekInvalid).max(7, T.weekInvalid),
              ...hoursFields,
            },
            T.weekInvalid,
          )
          .superRefine(checkHours),
        T.weekInvalid,
      )
      .length(7, T.weekInvalid)
      .refine((days) => new Set(days.map((d) => d.weekday)).size === 7, T.weekInvalid),
  },
  T.bodyInvalid,
);
export type ClinicWeekBody = z.input<typeof ClinicWeekBodySchema>;

export const ClinicHolidayBodySchema = z
  .object({ date: calendarDay(T.dateInvalid), ...hoursFields }, T.bodyInvalid)
  .superRefine(checkHours);
export type ClinicHolidayBody = z.input<typeof ClinicHolidayBodySchema>;

const DayHoursSchema = z.object({ opens: z.string().nullable(), closes: z.string().nullable() });

export const ClinicHoursSchema = z.object({
  /** The clinic's today, 'yyyy-MM-dd' (holiday days may be from it on). */
  today: z.string(),
  /** Monday (1) to Sunday (7); null times: closed. */
  week: z.array(DayHoursSchema.extend({ weekday: z.number().int() })),
  /** Upcoming holiday days, soonest first. */
  holidays: z.array(DayHoursSchema.extend({ id: z.number().int(), date: z.string() })),
});
export type ClinicHours = z.infer<typeof ClinicHoursSchema>;

export const PromotionBodySchema = z
  .object(
    {
      title: textInput(T.titleMissing)
        .transform((s) => s.trim())
        .pipe(z.string().min(1, T.titleMissing).max(L.titleMax, T.titleTooLong)),
      body: textInput(T.bodyMissing)
        .transform((s) => s.trim())
        .pipe(z.string().min(1, T.bodyMissing).max(L.bodyMax, T.bodyTooLong)),
      startsOn: calendarDay(T.dateInvalid),
      endsOn: calendarDay(T.dateInvalid).nullable(),
    },
    T.bodyInvalid,
  )
  .refine((p) => p.endsOn === null || p.endsOn >= p.startsOn, {
    message: T.endsBeforeStarts,
    path: ['endsOn'],
  });
export type PromotionBody = z.input<typeof PromotionBodySchema>;

export const CabinetPromotionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  startsOn: z.string(),
  endsOn: z.string().nullable(),
});
export type CabinetPromotion = z.infer<typeof CabinetPromotionSchema>;

export const ClinicPromotionsSchema = z.object({
  /** False below Стандарт: no lists, and what the lowest level with promotions would give. */
  available: z.boolean(),
  upgrade: z.object({ version: z.enum(SOFTWARE_VERSIONS), gains: z.array(z.string()) }).nullable(),
  today: z.string(),
  /** Current and upcoming, by start. */
  current: z.array(CabinetPromotionSchema),
  /** The latest ended ones, most recently ended first. */
  ended: z.array(CabinetPromotionSchema),
});
export type ClinicPromotions = z.infer<typeof ClinicPromotionsSchema>;

/** 'Правила посещения' (clinics.covid_rules), as the clinic page's popup lists them. */
export const ClinicRulesSchema = z.object({ rules: z.array(z.string()) });
export type ClinicRules = z.infer<typeof ClinicRulesSchema>;

/** The rules as typed in one text, a rule a line. */
export const ClinicRulesBodySchema = z.object(
  {
    text: textInput(T.bodyInvalid)
      .transform(visitingRules)
      .pipe(z.array(z.string().max(L.ruleMax, T.ruleTooLong)).max(L.rulesMax, T.rulesTooMany)),
  },
  T.bodyInvalid,
);
export type ClinicRulesBody = z.input<typeof ClinicRulesBodySchema>;

// The gallery, licences and equipment (core/clinic/media.ts, core/clinic/video.ts).

const trimmed = (message: string, max: number, tooLong: string) =>
  textInput(message)
    .transform((s) => s.trim())
    .pipe(z.string().max(max, tooLong));
const required = (missing: string, max: number, tooLong: string) =>
  textInput(missing)
    .transform((s) => s.trim())
    .pipe(z.string().min(1, missing).max(max, tooLong));

const captionInput = trimmed(M.captionTooLong, ML.captionMax, M.captionTooLong);

/** One of our stored images (`/media/clinics/{hash}.webp`, from the upload call), or none. */
const imageInput = z
  .string(M.imageGone)
  .refine((s) => hashOfClinicMediaUrl(s) !== null, M.imageGone)
  .nullable();

export const GalleryPhotoSchema = z.object({ id: z.number().int(), src: z.string(), caption: z.string() });
export const GalleryVideoSchema = z.object({
  id: z.number().int(),
  host: z.enum(VIDEO_HOSTS),
  embedUrl: z.string(),
  watchUrl: z.string(),
  caption: z.string(),
});
export const CabinetLicenceSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  issuedAt: z.string(),
  authority: z.string(),
  image: z.string().nullable(),
});
const AttributeSchema = z.object({ name: z.string(), value: z.string() });
export const CabinetEquipmentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  attributes: z.array(AttributeSchema),
  image: z.string().nullable(),
});
export type GalleryPhoto = z.infer<typeof GalleryPhotoSchema>;
export type GalleryVideo = z.infer<typeof GalleryVideoSchema>;
export type CabinetLicence = z.infer<typeof CabinetLicenceSchema>;
export type CabinetEquipment = z.infer<typeof CabinetEquipmentSchema>;

/** Everything the media sections show, in the page's order; every media call answers it. */
export const ClinicMediaSchema = z.object({
  /** The clinic's today, 'yyyy-MM-dd' (a licence is issued by it). */
  today: z.string(),
  photos: z.array(GalleryPhotoSchema),
  videos: z.array(GalleryVideoSchema),
  licences: z.array(CabinetLicenceSchema),
  equipment: z.array(CabinetEquipmentSchema),
});
export type ClinicMedia = z.infer<typeof ClinicMediaSchema>;

/** An image kept by the upload call, for a licence's scan or a piece of equipment. */
export const UploadedImageSchema = z.object({ src: z.string() });
export type UploadedImage = z.infer<typeof UploadedImageSchema>;

export const CaptionBodySchema = z.object({ caption: captionInput }, M.bodyInvalid);
export type CaptionBody = z.input<typeof CaptionBodySchema>;

export const MoveBodySchema = z.object({ direction: z.enum(['up', 'down'], M.bodyInvalid) }, M.bodyInvalid);
export type MoveBody = z.input<typeof MoveBodySchema>;

export const VideoBodySchema = z.object(
  {
    url: textInput(VIDEO_TEXTS.missing).transform((s, ctx) => {
      const error = videoUrlError(s);
      if (error) {
        ctx.addIssue({ code: 'custom', message: error });
        return z.NEVER;
      }
      return s.trim();
    }),
    caption: captionInput,
  },
  M.bodyInvalid,
);
export type VideoBody = z.input<typeof VideoBodySchema>;

export const LicenceBodySchema = z.object(
  {
    number: required(M.licenceNumberMissing, ML.licenceNumberMax, M.licenceNumberTooLong),
    issuedAt: z
      .string(M.licenceDateInvalid)
      .refine((s) => isCalendarDate(s, ML.licenceFromYear, 2099), M.licenceDateInvalid),
    authority: required(M.authorityMissing, ML.authorityMax, M.authorityTooLong),
    image: imageInput,
  },
  M.bodyInvalid,
);
export type LicenceBody = z.input<typeof LicenceBodySchema>;

export const EquipmentBodySchema = z.object(
  {
    name: required(M.equipmentNameMissing, ML.equipmentNameMax, M.equipmentNameTooLong),
    description: trimmed(
      M.equipmentDescriptionTooLong,
      ML.equipmentDescriptionMax,
      M.equipmentDescriptionTooLong,
    ),
    attributes: z
      .array(
        z
          .object(
            { name: textInput(M.attributeIncomplete), value: textInput(M.attributeIncomplete) },
            M.bodyInvalid,
          )
          .transform((a) => ({ name: a.name.trim(), value: a.value.trim() }))
          .refine((a) => a.name !== '' && a.value !== '', M.attributeIncomplete)
          .refine(
            (a) => a.name.length <= ML.attributeNameMax && a.value.length <= ML.attributeValueMax,
            M.attributeTooLong,
          ),
        M.bodyInvalid,
      )
      .max(ML.attributesMax, M.attributesTooMany),
    image: imageInput,
  },
  M.bodyInvalid,
);
export type EquipmentBody = z.input<typeof EquipmentBodySchema>;
