/**
 * The directory's contracts: doctor and clinic cards as every list shows them, the lists'
 * page data, and the directory's calls (the JSON doctor list, specialities by clinic).
 * Widgets import these types; the server returns them (ADR 005).
 */
import { z } from 'zod';
import { VISIT_TYPES } from '../booking/urls';
import { MAX_ID } from '../http/contracts';
import type { ReviewTag } from '../reviews/contracts';
import { DOCTOR_FLAGS, DOCTOR_SORTS, FREE_WINDOWS } from './list-filters';
import { PLACE_KINDS, type TOP_FILTERS } from './list-urls';

export const VisitTypeSchema = z.enum(VISIT_TYPES);

/** A price of one visit type; `clubPrice` is the club members' price, when the clinic has one. */
export const VisitPriceSchema = z.object({
  type: VisitTypeSchema,
  price: z.number(),
  clubPrice: z.number().nullable(),
});
export type VisitPrice = z.infer<typeof VisitPriceSchema>;

export const SpecialityRefSchema = z.object({ id: z.number(), name: z.string(), translit: z.string() });
export type SpecialityRef = z.infer<typeof SpecialityRefSchema>;

/** A speciality present in a town, with how many of its doctors practise it. */
export const TownSpecialitySchema = SpecialityRefSchema.extend({
  namePlural: z.string(),
  count: z.number(),
});
export type TownSpeciality = z.infer<typeof TownSpecialitySchema>;

/** Where a doctor receives patients: a clinic's address and the visit prices there. */
export const WorkplaceSummarySchema = z.object({
  id: z.number(),
  clinicId: z.number(),
  clinicName: z.string(),
  clinicUrl: z.string(),
  address: z.string(),
  metro: z.string().nullable(),
  district: z.string().nullable(),
  prices: z.array(VisitPriceSchema),
});
export type WorkplaceSummary = z.infer<typeof WorkplaceSummarySchema>;

export const DoctorCardSchema = z.object({
  id: z.number(),
  url: z.string(),
  fullName: z.string(),
  gender: z.enum(['M', 'F']),
  photoUrl: z.string().nullable(),
  specialities: z.array(SpecialityRefSchema),
  /** 'Стаж 12 лет'. */
  experience: z.string(),
  category: z.string().nullable(),
  science: z.string().nullable(),
  rating: z.number(),
  reviewsCount: z.number(),
  homeVisit: z.boolean(),
  online: z.boolean(),
  children: z.boolean(),
  /** A list card: its first workplace's prices per visit type (the tabs over its calendar); a doctor page: the lowest across workplaces. */
  prices: z.array(VisitPriceSchema),
  /** All workplaces on a doctor page; only the first (without prices) in a list. */
  workplaces: z.array(WorkplaceSummarySchema),
  workplacesCount: z.number(),
  /**
   * A list card: the doctor's first free time (ISO) and the zone of the clinic that has it
   * (ADR 046), 'Ближайшая запись: сегодня, 14:30'; null when none, absent elsewhere. `clinicName`
   * when that clinic is not the one the card shows (its calendar would not have the time).
   */
  nearestFree: z
    .object({ at: z.string(), tz: z.string(), clinicName: z.string().optional() })
    .nullable()
    .optional(),
});
export type DoctorCard = z.infer<typeof DoctorCardSchema>;

/** A doctor card of a list that spans towns names the doctor's town. */
export const ListDoctorCardSchema = DoctorCardSchema.extend({ townName: z.string().optional() });
export type ListDoctorCard = z.infer<typeof ListDoctorCardSchema>;

/** A card of the 'nearby' list: how far the nearest workplace is. */
export const NearbyDoctorCardSchema = DoctorCardSchema.extend({ distanceKm: z.number() });
export type NearbyDoctorCard = z.infer<typeof NearbyDoctorCardSchema>;

export const ClinicCardSchema = z.object({
  id: z.number(),
  url: z.string(),
  name: z.string(),
  /** clinics.kind: 'clinic', 'dentistry', 'diagnostics'… */
  kind: z.string(),
  address: z.string(),
  metro: z.string().nullable(),
  district: z.string().nullable(),
  photoUrl: z.string().nullable(),
  rating: z.number(),
  reviewsCount: z.number(),
  doctorsCount: z.number(),
  phone: z.string().nullable(),
  /** Today's hours in the town's zone: '09:00–21:00'; null on a day off. */
  todayHours: z.string().nullable(),
  clubEnabled: z.boolean(),
  /** Clinic lists: the speciality whose free times the card's calendar shows (none: no calendar). */
  booking: z.object({ specialityId: z.number(), specialityName: z.string() }).nullable(),
});
export type ClinicCard = z.infer<typeof ClinicCardSchema>;

/** One page of a list. */
export interface ListPage<T> {
  total: number;
  numPages: number;
  items: T[];
}

/** A page of a doctor list as its loader hands it over: the view asked for and its cards. */
export const DoctorListViewSchema = z.object({
  sort: z.enum(DOCTOR_SORTS),
  filters: z.record(z.enum(DOCTOR_FLAGS), z.boolean()),
  /** The first-free-time filter (?free=), null: none. */
  free: z.enum(FREE_WINDOWS).nullable(),
  page: z.number(),
  total: z.number(),
  numPages: z.number(),
  doctors: z.array(ListDoctorCardSchema),
  /** The page's query string, kept by its page links and calendars. */
  search: z.string(),
});
export type DoctorListView<T extends DoctorCard = ListDoctorCard> = Omit<
  z.infer<typeof DoctorListViewSchema>,
  'doctors'
> & { doctors: T[] };

/** A metro station or a district of a town: lists can be narrowed to it. */
export const PlaceRefSchema = z.object({
  kind: z.enum(PLACE_KINDS),
  id: z.number(),
  name: z.string(),
  slug: z.string(),
});
export type PlaceRef = z.infer<typeof PlaceRefSchema>;

/** A link to a place's list: its name and slug. */
export const PlaceLinkSchema = PlaceRefSchema.pick({ name: true, slug: true });
export type PlaceLink = z.infer<typeof PlaceLinkSchema>;

/** A treatment (a disease or problem) and the specialities whose doctors treat it. */
export const TreatmentSchema = z.object({
  id: z.number(),
  name: z.string(),
  translit: z.string(),
  specialityIds: z.array(z.number()),
  specialities: z.array(TownSpecialitySchema.omit({ count: true })),
});
export type Treatment = z.infer<typeof TreatmentSchema>;

export const TreatmentLinkSchema = z.object({ name: z.string(), translit: z.string() });
export type TreatmentLink = z.infer<typeof TreatmentLinkSchema>;

/** A top list a town has, and how many clinics it shows. */
export const TownTopSchema = z.object({
  filter: z.custom<(typeof TOP_FILTERS)[number]>(),
  count: z.number(),
});
export type TownTop = z.infer<typeof TownTopSchema>;

/** A service directory's class with the services the town's clinics offer. */
export const ServiceClassSchema = z.object({
  name: z.string(),
  translit: z.string(),
  services: z.array(z.object({ name: z.string(), translit: z.string() })),
});
export type ServiceClass = z.infer<typeof ServiceClassSchema>;

/** A clinic offering a service, with the price range of its matching price-list lines. */
export const ServiceOfferSchema = z.object({
  clinic: ClinicCardSchema,
  minPrice: z.number(),
  maxPrice: z.number(),
  clubPrice: z.number().nullable(),
  /** The line's name in the clinic's own price list. */
  lineName: z.string(),
  bookable: z.boolean(),
});
export type ServiceOffer = z.infer<typeof ServiceOfferSchema>;

/** A review card of a page's summary. */
export const ReviewPreviewSchema = z.object({
  id: z.number(),
  authorName: z.string(),
  text: z.string(),
  sentiment: z.enum(['positive', 'neutral', 'negative']),
  status: z.string(),
  isVerified: z.boolean(),
  /** ISO instant. */
  createdAt: z.string(),
  visitDate: z.string().nullable(),
});
export type ReviewPreview = z.infer<typeof ReviewPreviewSchema>;

/** What a doctor or clinic page shows of its reviews: counts by sentiment, tags, the latest. */
export const ReviewSummarySchema = z.object({
  reviewCounts: z.partialRecord(z.enum(['positive', 'neutral', 'negative']), z.number()),
  /** The tags block 'Пациенты упоминали в отзывах' (the reviews area owns its shape). */
  reviewTags: z.array(z.custom<ReviewTag>()),
  latestReviews: z.array(ReviewPreviewSchema),
});
export type ReviewSummary = z.infer<typeof ReviewSummarySchema>;

const townSlug = z.string().regex(/^[a-z-]{2,40}$/, 'Неизвестный город');

/** GET /api/doctors/: a town's (or a speciality's) doctors, 20 a page. */
export const DoctorListQuerySchema = z.object({
  town: townSlug,
  speciality: z
    .string()
    .regex(/^[a-z0-9-]{2,60}$/)
    .optional(),
  page: z.coerce.number<number>().int().min(1).max(100_000).default(1),
});
export type DoctorListQuery = z.input<typeof DoctorListQuerySchema>;

export const DoctorListReplySchema = z.object({
  total: z.number(),
  num_pages: z.number(),
  current_page: z.number(),
  data: z.array(DoctorCardSchema),
});
export type DoctorListReply = z.infer<typeof DoctorListReplySchema>;

const clinicId = z.coerce
  .number<number>('Некорректный идентификатор клиники')
  .int('Некорректный идентификатор клиники')
  .positive('Некорректный идентификатор клиники')
  .max(MAX_ID, 'Некорректный идентификатор клиники');

/** POST /ajax/lpus/specialities/: the specialities of each clinic's doctors. */
export const ClinicSpecialitiesBodySchema = z.object({
  lpus: z
    .array(clinicId, 'Не передан список клиник')
    .min(1, 'Не передан список клиник')
    .max(100, 'Не больше 100 клиник за запрос'),
});
export type ClinicSpecialitiesBody = z.input<typeof ClinicSpecialitiesBodySchema>;

/** Clinic id → its doctors' specialities; every asked id is present, unknown ones empty. */
export const ClinicSpecialitiesSchema = z.object({
  specialities_by_lpu: z.record(z.string(), z.array(SpecialityRefSchema)),
});
export type ClinicSpecialities = z.infer<typeof ClinicSpecialitiesSchema>;
