/**
 * The doctor page's contracts: what its loader hands the page, and the activities calls
 * (which answer HTML fragments, see calls.ts).
 */
import { z } from 'zod';
import { DoctorCardSchema, ReviewSummarySchema, WorkplaceSummarySchema } from '../directory/contracts';
import { SOFTWARE_VERSIONS } from '../directory/software-version';
import { textInput } from '../http/contracts';
import { FAKE_WARNINGS } from '../reviews/fake-warning';

/** The documents a doctor has confirmed: the 'Документы проверены' badge and its modal. */
export const DoctorDocumentsSchema = z.object({
  licenseNumber: z.string().nullable(),
  isEducationConfirmed: z.boolean(),
  isCategoryConfirmed: z.boolean(),
  /** 'yyyy-MM-dd'; the certificate is valid through this day. */
  categoryExpiresDate: z.string().nullable(),
  isScienceConfirmed: z.boolean(),
  /** 1 candidate of medical sciences, 2 doctor of medical sciences, 3 professor. */
  scienceDocumentType: z.number().nullable(),
});
export type DoctorDocuments = z.infer<typeof DoctorDocumentsSchema>;

/** A workplace on the doctor page: the position held and the partner app's online price too. */
export const DoctorWorkplaceSchema = WorkplaceSummarySchema.extend({
  position: z.string().nullable(),
  partnerPrice: z.number().nullable(),
});
export type DoctorWorkplace = z.infer<typeof DoctorWorkplaceSchema>;

/** A priced service the doctor performs. */
export const DoctorServiceSchema = z.object({
  id: z.number(),
  name: z.string(),
  priceFull: z.number(),
  priceClub: z.number().nullable(),
  durationMinutes: z.number(),
  clinicId: z.number(),
});

/** Everything the doctor page shows (the card's fields with every workplace and its prices). */
export const DoctorPageSchema = DoctorCardSchema.extend({
  ...ReviewSummarySchema.shape,
  workplaces: z.array(DoctorWorkplaceSchema),
  slug: z.string(),
  lastName: z.string(),
  firstName: z.string(),
  patronymic: z.string().nullable(),
  about: z.string(),
  careerStartYear: z.number(),
  education: z.array(z.object({ year: z.number(), institution: z.string(), speciality: z.string() })),
  courses: z.array(z.object({ year: z.number(), title: z.string() })),
  softwareVersion: z.enum(SOFTWARE_VERSIONS).nullable(),
  /** The doctor's own phone ('7XXXXXXXXXX'): only while his version is Ультима. */
  ownPhone: z.string().nullable(),
  fakeWarning: z.enum(FAKE_WARNINGS).nullable(),
  documents: DoctorDocumentsSchema,
  services: z.array(DoctorServiceSchema),
  /** The 'Деятельность' block is shown (and loads its fragments) only when there is something. */
  hasActivities: z.boolean(),
});
export type DoctorPage = z.infer<typeof DoctorPageSchema>;

/** Ids and pages arrive as text; the calls send them as numbers. */
const DoctorIdSchema = z.coerce
  .string<number>()
  .regex(/^\d{1,9}$/, 'Некорректный идентификатор врача')
  .transform(Number)
  .refine((n) => n > 0, 'Некорректный идентификатор врача');

export const DoctorIdParamsSchema = z.object({ id: DoctorIdSchema });

/** The section is checked by the service: an unknown one is a page that does not exist (404). */
export const ActivityPageParamsSchema = z.object({ id: DoctorIdSchema, section: textInput() });

export const ActivityPageQuerySchema = z.object({
  page: z.coerce
    .string<number>('Некорректный номер страницы')
    .regex(/^\d{1,4}$/, 'Некорректный номер страницы')
    .transform(Number)
    .refine((n) => n >= 1, 'Некорректный номер страницы')
    .default(1),
});
