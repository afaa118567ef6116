import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { FAKE_WARNINGS } from '../../../core/reviews/fake-warning';
import { clinics, SOFTWARE_VERSIONS } from './clinics';
import { surnameKey } from './search-words';
import { specialities } from './specialities';
import { towns } from './towns';

export const VISIT_TYPES = ['clinic', 'home', 'telemed'] as const;
export type VisitType = (typeof VISIT_TYPES)[number];
export const DOCTOR_CATEGORIES = ['none', 'second', 'first', 'highest'] as const;
export type DoctorCategory = (typeof DOCTOR_CATEGORIES)[number];
export const DOCTOR_ACTIVITY_KINDS = ['publication', 'conference', 'membership'] as const;
export type DoctorActivityKind = (typeof DOCTOR_ACTIVITY_KINDS)[number];

export const doctors = pgTable(
  'doctors',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    townId: integer()
      .notNull()
      .references(() => towns.id),
    slug: text().notNull(),
    lastName: text().notNull(),
    firstName: text().notNull(),
    patronymic: text(),
    gender: text({ enum: ['M', 'F'] }).notNull(),
    photoUrl: text(),
    /** Experience is shown as years since this year, so it never goes stale. */
    careerStartYear: smallint().notNull(),
    category: text({ enum: DOCTOR_CATEGORIES }).notNull().default('none'),
    /** 0 none, 1 candidate of sciences, 2 doctor of sciences. */
    scienceDegree: smallint().notNull().default(0),
    professor: boolean().notNull().default(false),
    about: text().notNull().default(''),
    education: jsonb()
      .$type<{ year: number; institution: string; speciality: string }[]>()
      .notNull()
      .default([]),
    courses: jsonb().$type<{ year: number; title: string }[]>().notNull().default([]),
    homeVisit: boolean().notNull().default(false),
    online: boolean().notNull().default(false),
    children: boolean().notNull().default(false),
    adults: boolean().notNull().default(true),
    softwareVersion: text({ enum: SOFTWARE_VERSIONS }),
    licenseNumber: text(),
    /** The doctor's own phone on his page: only while his software version is ULTIMA (core/cabinet/software.ts). */
    ownPhone: text(),
    educationConfirmed: boolean().notNull().default(false),
    categoryConfirmed: boolean().notNull().default(false),
    categoryExpiresOn: date(),
    scienceConfirmed: boolean().notNull().default(false),
    /** Lowest clinic price, denormalised for sorting by price. */
    minPrice: integer(),
    /** 0–5 stars (0: no review counts yet); maintained incrementally by the reviews module. */
    rating: real().notNull().default(0),
    /** Reviews shown on the page: published, resolved and unconfirmed. */
    reviewsCount: integer().notNull().default(0),
    /** The rating's sums (core/reviews/rating.ts): Σ weight × score and Σ weight. */
    ratingWeighted: doublePrecision().notNull().default(0),
    ratingWeights: doublePrecision().notNull().default(0),
    /** Staff's fake-review banner (core/reviews/fake-warning.ts): 'review' or 'rating'. */
    fakeWarning: text({ enum: FAKE_WARNINGS }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One index per list sort. The filter flags trail the unique id (so they never change the
    // order): a filtered list page or total is an index-only scan, never a visit to these wide rows.
    index('doctors_town_rating').on(
      t.townId,
      t.rating.desc().nullsFirst(),
      t.reviewsCount.desc().nullsFirst(),
      t.id,
      t.homeVisit,
      t.online,
      t.children,
    ),
    index('doctors_town_reviews').on(
      t.townId,
      t.reviewsCount.desc().nullsFirst(),
      t.id,
      t.homeVisit,
      t.online,
      t.children,
    ),
    index('doctors_town_experience').on(t.townId, t.careerStartYear, t.id, t.homeVisit, t.online, t.children),
    index('doctors_town_price').on(t.townId, t.minPrice, t.id, t.homeVisit, t.online, t.children),
    // The online consultation list spans every town.
    index('doctors_online_rating')
      .on(t.rating.desc().nullsFirst(), t.reviewsCount.desc().nullsFirst(), t.id, t.children)
      .where(sql`${t.online}`),
    index('doctors_town_surname').on(t.townId, sql`${surnameKey(t.lastName)} text_pattern_ops`),
  ],
);

/**
 * Doctor ↔ speciality, with the doctor's town and sort keys copied in so that a
 * speciality list page (any page number) is one index range scan.
 */
export const doctorSpecialities = pgTable(
  'doctor_specialities',
  {
    doctorId: integer()
      .notNull()
      .references(() => doctors.id),
    specialityId: integer()
      .notNull()
      .references(() => specialities.id),
    isMain: boolean().notNull().default(false),
    townId: integer().notNull(),
    rating: real().notNull().default(0),
    reviewsCount: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.doctorId, t.specialityId] }),
    index('doctor_specs_list').on(
      t.townId,
      t.specialityId,
      t.rating.desc().nullsFirst(),
      t.reviewsCount.desc().nullsFirst(),
      t.doctorId,
    ),
    // A speciality's doctors in every town (the online list).
    index('doctor_specs_speciality').on(t.specialityId, t.doctorId),
  ],
);

/** A doctor working at a clinic (a `doctors_lpus` pair of the slot calls). */
export const workplaces = pgTable(
  'workplaces',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    doctorId: integer()
      .notNull()
      .references(() => doctors.id),
    clinicId: integer()
      .notNull()
      .references(() => clinics.id),
    position: text(),
    isAppointmentOn: boolean().notNull().default(true),
    hasSpecialPlacement: boolean().notNull().default(false),
    sort: smallint().notNull().default(0),
    /** The doctor's id in the clinic's own software (MIS), set through the integration API. */
    misId: text(),
    /**
     * The clinic's software pushes this doctor's slots (the integration API): only pushed slots
     * are offered, none where it pushed none, and the weekly rules are not used.
     */
    misSchedule: boolean().notNull().default(false),
  },
  (t) => [
    uniqueIndex('workplaces_doctor_clinic').on(t.doctorId, t.clinicId),
    index('workplaces_clinic').on(t.clinicId, t.doctorId),
    uniqueIndex('workplaces_mis_id').on(t.clinicId, t.misId).where(sql`${t.misId} IS NOT NULL`),
  ],
);

/** Visit types offered at a workplace, with full and club price in whole roubles. */
export const workplacePrices = pgTable(
  'workplace_prices',
  {
    workplaceId: integer()
      .notNull()
      .references(() => workplaces.id),
    visitType: text({ enum: VISIT_TYPES }).notNull(),
    price: integer().notNull(),
    clubPrice: integer(),
    /** The online visit's second price, booked through the partner app. */
    partnerPrice: integer(),
    durationMinutes: smallint().notNull().default(30),
  },
  (t) => [primaryKey({ columns: [t.workplaceId, t.visitType] })],
);

/**
 * A doctor's professional activity for the doctor page's lazily loaded 'Деятельность' block:
 * publications, conference talks and professional memberships (courses stay in doctors.courses).
 */
export const doctorActivities = pgTable(
  'doctor_activities',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    doctorId: integer()
      .notNull()
      .references(() => doctors.id),
    kind: text({ enum: DOCTOR_ACTIVITY_KINDS }).notNull(),
    year: smallint(),
    title: text().notNull(),
    /** The line under the title: the journal, the city and role, the member's status. */
    details: text(),
  },
  (t) => [index('doctor_activities_doctor').on(t.doctorId, t.kind, t.year.desc(), t.id)],
);
