/**
 * The clinic page's contracts: what its loader hands the page, and its calls — the price
 * list, the doctors list, an address's schedule, the visiting rules and the promotions archive.
 * Widgets import these types only (`import type`), so the browser bundle carries no zod.
 */

import { z } from 'zod';
import {
  ClinicCardSchema,
  DoctorCardSchema,
  ReviewSummarySchema,
  SpecialityRefSchema,
  VisitTypeSchema,
} from '../directory/contracts';
import { SOFTWARE_VERSIONS } from '../directory/software-version';
import { MAX_ID, textInput } from '../http/contracts';
import { FAKE_WARNINGS } from '../reviews/fake-warning';
import { ACCESSIBILITY_FEATURES } from './accessibility';
import { DOCTOR_GENDERS } from './doctor-filters';
import { WEEKDAY_TRANSLIT } from './working-hours';

/** Ids and pages arrive as text; the calls send them as numbers. */
const positiveId = (message: string) =>
  z.coerce
    .string<number>(message)
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .refine((n) => n > 0, message);

const page = z.coerce
  .string<number>('Некорректный номер страницы')
  .regex(/^\d{1,5}$/, 'Некорректный номер страницы')
  .transform(Number)
  .refine((n) => n >= 1, 'Некорректный номер страницы')
  .default(1);

/** 'true' / 'false' (also 1 / 0) as a query flag; absent is false. */
const flag = (name: string) =>
  z
    .enum(['true', 'false', '1', '0'], `Некорректное значение ${name}`)
    .transform((v) => v === 'true' || v === '1')
    .default(false);

/** Free text: trimmed, an empty value is as good as none. */
const text = (max: number) =>
  textInput('Некорректный поисковый запрос')
    .transform((s) => s.trim())
    .refine((s) => s.length <= max, `Запрос длиннее ${max} символов`)
    .optional()
    .transform((s) => s || undefined);

/** The clinic id of the schedule, rules and archive calls (any number form, within int range). */
export const ClinicIdParamsSchema = z.object({
  id: z.coerce
    .number<number>('Некорректный идентификатор клиники')
    .int('Некорректный идентификатор клиники')
    .positive('Некорректный идентификатор клиники')
    .max(MAX_ID, 'Некорректный идентификатор клиники'),
});

// ---------------------------------------------------------------------------------------------
// The price list

/** GET /ajax/lpu/services/: one page of a clinic's price list, searched or not. */
export const PriceListQuerySchema = z
  .object({
    lpu_id: positiveId('Некорректный идентификатор клиники'),
    page,
    search_query: text(100),
    service_category_name: text(100),
    is_available_appointment_direct: flag('is_available_appointment_direct'),
  })
  .refine((q) => !(q.search_query && q.service_category_name), {
    message: 'Передайте либо search_query, либо service_category_name',
  });
export type PriceListQuery = z.input<typeof PriceListQuerySchema>;

/** A line of the price list: a service the clinic performs and its price. */
export const PriceListLineSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** Minutes. */
  duration: z.number(),
  synonym_id: z.number(),
  /** Whole roubles; club is null when the clinic is not in the club or has no club price. */
  prices: z.object({ full: z.number(), club: z.number().nullable() }),
  requires_primary_consultation: z.boolean(),
  appointment_on: z.boolean(),
  has_intervals: z.boolean(),
  is_available_appointment_direct: z.boolean(),
  /** The service's directory page (opened in a new tab). */
  url: z.string(),
  /** The speciality a consultation line belongs to, with its doctor list (same tab). */
  speciality: z.object({ name: z.string(), url: z.string() }).nullable(),
});
export type PriceListLine = z.infer<typeof PriceListLineSchema>;

/** A service class with its lines on this page. */
export const PriceListGroupSchema = z.object({ name: z.string(), sublist: z.array(PriceListLineSchema) });
export type PriceListGroup = z.infer<typeof PriceListGroupSchema>;

export const PriceListPageSchema = z.object({
  data: z.array(PriceListGroupSchema),
  num_pages: z.number(),
  current_page: z.number(),
});
export type PriceListPage = z.infer<typeof PriceListPageSchema>;

/** What the clinic page renders before any search: a page and the search box's suggestions. */
export const PriceListFirstRenderSchema = z.object({
  list: PriceListPageSchema,
  categories: z.array(z.string()),
});
export type PriceListFirstRender = z.infer<typeof PriceListFirstRenderSchema>;

// ---------------------------------------------------------------------------------------------
// The clinic's doctors

/** GET /ajax/lpu/{id}/doctors/: the clinic doctors page's filters. */
export const ClinicDoctorsQuerySchema = z.object({
  speciality: positiveId('Некорректная специальность').optional(),
  staj: z.coerce
    .string<number>('Некорректный стаж')
    .regex(/^\d{1,2}$/, 'Некорректный стаж')
    .transform(Number)
    .optional(),
  gender: z.enum(DOCTOR_GENDERS, 'Пол указывается как M или F').optional(),
  na_dom: flag('na_dom'),
  name: text(60),
  page,
  /** Staff on desktop see every matching card without paging; honoured only for staff. */
  show_all: flag('show_all'),
});
export type ClinicDoctorsQuery = z.input<typeof ClinicDoctorsQuerySchema>;

export const ClinicDoctorsParamsSchema = z.object({ id: positiveId('Некорректный идентификатор клиники') });

/** A doctor card with what the clinic lists' data attributes need beyond the shared card. */
export const ClinicDoctorCardSchema = DoctorCardSchema.extend({
  experienceYears: z.number(),
  /** The staff view only: visit types here, and every workplace by clinic. */
  service_types: z.array(VisitTypeSchema).optional(),
  workplaces_by_clinic: z.array(z.tuple([z.string(), z.array(z.string())])).optional(),
});
export type ClinicDoctorCard = z.infer<typeof ClinicDoctorCardSchema>;

export const ClinicDoctorsListSchema = z.object({
  data: z.array(ClinicDoctorCardSchema),
  num_pages: z.number(),
  current_page: z.number(),
  total: z.number(),
});
export type ClinicDoctorsList = z.infer<typeof ClinicDoctorsListSchema>;

/** The doctors filters' options: the clinic's specialities, experience, gender, home call. */
export const ClinicDoctorFilterOptionsSchema = z.object({
  specialities: z.array(SpecialityRefSchema.extend({ count: z.number() })),
  experience: z.array(z.object({ name: z.string(), value: z.number().nullable() })).readonly(),
  isHomeCall: z.boolean(),
});
export type ClinicDoctorFilterOptions = z.infer<typeof ClinicDoctorFilterOptionsSchema>;

/** The clinic as the doctors page heads it. */
export const ClinicHeadingSchema = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  address: z.string(),
  url: z.string(),
});
export type ClinicHeading = z.infer<typeof ClinicHeadingSchema>;

// ---------------------------------------------------------------------------------------------
// Working hours, rules, promotions

/** GET /ajax/lpu/{id}/schedule/?address=: the week of one of the clinic's addresses. */
export const AddressScheduleQuerySchema = z.object({
  address: z.string('Не передан адрес').trim().min(1, 'Не передан адрес').max(300, 'Слишком длинный адрес'),
});
export type AddressScheduleQuery = z.input<typeof AddressScheduleQuerySchema>;

const WeekdaySchema = z.enum(WEEKDAY_TRANSLIT);

export const AddressScheduleSchema = z.object({
  /** Weekday → '09:00–21:00', 'круглосуточно' or 'выходной'. */
  schedule_days: z.record(WeekdaySchema, z.string()),
  /** Weekday → its Russian name. */
  full_days: z.record(WeekdaySchema, z.string()),
  now_weekday_translit: WeekdaySchema,
  /** Upcoming holidays: 'dd.MM' and the hours of that day. */
  lpu_exceptions: z.array(z.object({ date: z.string(), time: z.string() })),
});
export type AddressSchedule = z.infer<typeof AddressScheduleSchema>;

/** GET /ajax/lpu/{id}/covid_rules/: the clinic's visiting rules. */
export const CovidRulesSchema = z.array(z.string());

/** GET /ajax/lpu/{id}/promotions/archive/?page=: the archive popup's page (an HTML fragment). */
export const PromotionsArchiveQuerySchema = z.object({
  page: z.coerce
    .number<number>('Некорректный номер страницы')
    .int('Некорректный номер страницы')
    .min(1, 'Некорректный номер страницы')
    .max(100_000, 'Некорректный номер страницы')
    .default(1),
});

export const PromotionSchema = z.object({
  id: z.number(),
  title: z.string(),
  body: z.string(),
  endsOn: z.string().nullable(),
});
export type Promotion = z.infer<typeof PromotionSchema>;

// ---------------------------------------------------------------------------------------------
// The clinic page

const HoursSchema = z.object({ opens: z.string().nullable(), closes: z.string().nullable() });

/** A clinic address to switch to: the network's other branches. */
export const BranchSchema = z.object({ title: z.string(), subtitle: z.string(), link: z.string() });
export type Branch = z.infer<typeof BranchSchema>;

export const ClinicPageSchema = ClinicCardSchema.omit({
  phone: true,
  todayHours: true,
  booking: true,
}).extend({
  ...ReviewSummarySchema.shape,
  slug: z.string(),
  description: z.string(),
  lat: z.number(),
  lon: z.number(),
  phones: z.array(z.string()),
  website: z.string().nullable(),
  foundedYear: z.number().nullable(),
  softwareVersion: z.enum(SOFTWARE_VERSIONS).nullable(),
  fakeWarning: z.enum(FAKE_WARNINGS).nullable(),
  /** 0 updated, 1 updated by the clinic, 2 may be outdated, 3 outdated. */
  priceUpdateStatus: z.number(),
  priceUpdatedAt: z.string().nullable(),
  clubDiscountPercent: z.number(),
  covidRules: z.array(z.string()),
  /** What the clinic tells of its accessibility, in the list's order; empty: it said nothing. */
  accessibility: z.array(z.enum(ACCESSIBILITY_FEATURES)),
  interview: z.array(z.object({ question: z.string(), answer: z.string() })),
  /** Today in the town's zone, ISO (1 is Monday). */
  todayWeekday: z.number(),
  hours: z.array(HoursSchema.extend({ weekday: z.number() })),
  holidays: z.array(HoursSchema.extend({ date: z.string() })),
  licences: z.array(
    z.object({
      id: z.number(),
      number: z.string(),
      issuedAt: z.string(),
      authority: z.string(),
      imageUrl: z.string(),
    }),
  ),
  photos: z.array(z.object({ src: z.string(), name: z.string(), caption: z.string().nullable() })),
  /** The gallery's videos (YouTube or RuTube, core/clinic/video.ts), in the clinic's order. */
  videos: z.array(z.object({ embedUrl: z.string(), watchUrl: z.string(), caption: z.string().nullable() })),
  equipment: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      imageUrl: z.string().nullable(),
      attributes: z.array(z.object({ name: z.string(), value: z.string() })),
      description: z.string(),
    }),
  ),
  promotions: z.array(PromotionSchema),
  /** Ended promotions, for the 'Архивные акции' link. */
  endedPromotions: z.number(),
  branches: z.array(BranchSchema),
});
export type ClinicPage = z.infer<typeof ClinicPageSchema>;
