import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
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
  time,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { FAKE_WARNINGS } from '../../../core/reviews/fake-warning';
import { districts, metroStations, towns } from './towns';

export const SOFTWARE_VERSIONS = ['LIGHT', 'STANDARD', 'PRO', 'ULTIMA'] as const;
export type SoftwareVersion = (typeof SOFTWARE_VERSIONS)[number];
export const VISIT_TYPES = ['clinic', 'home', 'telemed'] as const;
export type VisitType = (typeof VISIT_TYPES)[number];
export const DOCTOR_CATEGORIES = ['none', 'second', 'first', 'highest'] as const;
export type DoctorCategory = (typeof DOCTOR_CATEGORIES)[number];

/**
 * Word vectors of the header search (server/modules/search): its queries repeat these exact
 * expressions, so PostgreSQL answers them from the indexes below. 'ё' is folded to 'е' on both
 * sides. Catalogue names use the Russian stemmer; clinic names the 'simple' one (DESIGN.md).
 */
export const russianWords = (text: SQL | AnyPgColumn) =>
  sql`to_tsvector('russian', replace(lower(${text}), 'ё', 'е'))`;
export const simpleWords = (text: SQL | AnyPgColumn) =>
  sql`to_tsvector('simple', replace(lower(${text}), 'ё', 'е'))`;
/** A doctor's surname as the search compares it: prefix LIKE on a text_pattern_ops index. */
export const surnameKey = (lastName: AnyPgColumn) => sql`replace(lower(${lastName}), 'ё', 'е')`;

export const specialities = pgTable(
  'specialities',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    name: text().notNull(),
    namePlural: text().notNull(),
    nameGenPlural: text().notNull(),
    nameDat: text().notNull(),
    translit: text().notNull().unique(),
    /** Phrase group for review texts and related-speciality hints. */
    group: text().notNull(),
    children: boolean().notNull().default(false),
    /** Spec: 'staff_appointment_type (label shown or hidden)'. */
    staffAppointmentType: boolean().notNull().default(false),
    sort: integer().notNull().default(0),
  },
  (t) => [index('specialities_search').using('gin', russianWords(sql`${t.name} || ' ' || ${t.namePlural}`))],
);

/** Treatments (lechenie): a disease or problem leading to doctor lists. */
export const treatments = pgTable(
  'treatments',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    name: text().notNull(),
    translit: text().notNull().unique(),
  },
  (t) => [index('treatments_search').using('gin', russianWords(t.name))],
);

export const treatmentSpecialities = pgTable(
  'treatment_specialities',
  {
    treatmentId: integer()
      .notNull()
      .references(() => treatments.id),
    specialityId: integer()
      .notNull()
      .references(() => specialities.id),
  },
  (t) => [primaryKey({ columns: [t.treatmentId, t.specialityId] })],
);

/** A clinic chain; each branch is its own clinic (lpu) page. */
export const clinicNetworks = pgTable('clinic_networks', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  name: text().notNull(),
});

export const clinics = pgTable(
  'clinics',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    townId: integer()
      .notNull()
      .references(() => towns.id),
    networkId: integer().references(() => clinicNetworks.id),
    name: text().notNull(),
    slug: text().notNull(),
    /** 'clinic' | 'dentistry' | 'diagnostics' | 'lab' | 'hospital' | 'children'. */
    kind: text().notNull(),
    description: text().notNull().default(''),
    street: text().notNull(),
    house: text().notNull(),
    districtId: integer().references(() => districts.id),
    metroId: integer().references(() => metroStations.id),
    lat: doublePrecision().notNull(),
    lon: doublePrecision().notNull(),
    phones: text().array().notNull().default(sql`'{}'::text[]`),
    website: text(),
    photoUrl: text(),
    foundedYear: smallint(),
    /** 0–5 stars (0: no review counts yet); maintained incrementally by the reviews module. */
    rating: real().notNull().default(0),
    /** Reviews shown on the page: published, resolved and unconfirmed. */
    reviewsCount: integer().notNull().default(0),
    /** The rating's sums (core/reviews/rating.ts): Σ weight × score and Σ weight. */
    ratingWeighted: doublePrecision().notNull().default(0),
    ratingWeights: doublePrecision().notNull().default(0),
    /** Staff's fake-review banner (core/reviews/fake-warning.ts): 'review' or 'rating'. */
    fakeWarning: text({ enum: FAKE_WARNINGS }),
    doctorsCount: integer().notNull().default(0),
    softwareVersion: text({ enum: SOFTWARE_VERSIONS }),
    /** Spec 'Price update status': 0 updated, 1 updated by the clinic, 2 may be outdated, 3 outdated. */
    priceUpdateStatus: smallint().notNull().default(0),
    priceUpdatedAt: date(),
    isAppointmentOn: boolean().notNull().default(true),
    /** Patients may cancel on the site until this many minutes before the visit. */
    cancelCutoffMinutes: smallint().notNull().default(120),
    clubEnabled: boolean().notNull().default(false),
    clubDiscountPercent: smallint().notNull().default(0),
    children: boolean().notNull().default(false),
    covidRules: text().array().notNull().default(sql`'{}'::text[]`),
    /** [{question, answer}] from the clinic interview block. */
    interview: jsonb().$type<{ question: string; answer: string }[]>().notNull().default([]),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('clinics_town_rating').on(
      t.townId,
      t.rating.desc().nullsFirst(),
      t.reviewsCount.desc().nullsFirst(),
      t.id,
    ),
    index('clinics_town_district').on(t.townId, t.districtId),
    index('clinics_town_metro').on(t.townId, t.metroId),
    index('clinics_network').on(t.networkId),
    // 'Nearby' lists: a town's clinics inside a bounding box, without visiting the rows.
    index('clinics_town_geo').on(t.townId, t.lat, t.lon, t.id),
    index('clinics_name_words').using('gin', simpleWords(t.name)),
  ],
);

/** Weekly working hours; weekday 1 = Monday … 7 = Sunday (ISO). */
export const clinicHours = pgTable(
  'clinic_hours',
  {
    clinicId: integer()
      .notNull()
      .references(() => clinics.id),
    weekday: smallint().notNull(),
    opens: time(),
    closes: time(),
  },
  (t) => [primaryKey({ columns: [t.clinicId, t.weekday] })],
);

/** Holiday hours ('График работы в праздники'); null times mean closed that day. */
export const clinicHourExceptions = pgTable(
  'clinic_hour_exceptions',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    clinicId: integer()
      .notNull()
      .references(() => clinics.id),
    date: date().notNull(),
    opens: time(),
    closes: time(),
  },
  (t) => [uniqueIndex('clinic_hour_exceptions_day').on(t.clinicId, t.date)],
);

export const clinicLicences = pgTable(
  'clinic_licences',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    clinicId: integer()
      .notNull()
      .references(() => clinics.id),
    number: text().notNull(),
    issuedAt: date().notNull(),
    authority: text().notNull(),
    imageUrl: text(),
  },
  (t) => [index('clinic_licences_clinic').on(t.clinicId)],
);

/** Gallery item of the spec: src, name, caption, video flag. */
export const clinicPhotos = pgTable(
  'clinic_photos',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    clinicId: integer()
      .notNull()
      .references(() => clinics.id),
    src: text().notNull(),
    name: text().notNull().default(''),
    caption: text(),
    isVideo: boolean().notNull().default(false),
    sort: smallint().notNull().default(0),
  },
  (t) => [index('clinic_photos_clinic').on(t.clinicId, t.sort)],
);

export const equipment = pgTable(
  'equipment',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    clinicId: integer()
      .notNull()
      .references(() => clinics.id),
    name: text().notNull(),
    imageUrl: text(),
    /** [{name, value}] shown in the equipment popup. */
    attributes: jsonb().$type<{ name: string; value: string }[]>().notNull().default([]),
    description: text().notNull().default(''),
  },
  (t) => [index('equipment_clinic').on(t.clinicId)],
);

export const promotions = pgTable(
  'promotions',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    clinicId: integer()
      .notNull()
      .references(() => clinics.id),
    title: text().notNull(),
    body: text().notNull(),
    startsOn: date().notNull(),
    endsOn: date(),
  },
  (t) => [index('promotions_clinic').on(t.clinicId, t.endsOn)],
);

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
    /** 0 none, 1 candidate of sciences, 2 doctor of sciences (spec's science degree). */
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

/** A doctor working at a clinic (the spec's doctorsLpu). */
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
  },
  (t) => [
    uniqueIndex('workplaces_doctor_clinic').on(t.doctorId, t.clinicId),
    index('workplaces_clinic').on(t.clinicId, t.doctorId),
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
    /** Partner-app telemedicine price (spec: telemed_medtochka_price). */
    partnerPrice: integer(),
    durationMinutes: smallint().notNull().default(30),
  },
  (t) => [primaryKey({ columns: [t.workplaceId, t.visitType] })],
);

/** Service classes (dclass): 'УЗИ', 'МРТ', 'Анализы крови'… */
export const serviceClasses = pgTable(
  'service_classes',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    name: text().notNull(),
    translit: text().notNull().unique(),
    /** 'service' | 'diagnostics' | 'analysis' — which directory section lists it. */
    kind: text({ enum: ['service', 'diagnostics', 'analysis'] }).notNull(),
    sort: integer().notNull().default(0),
  },
  (t) => [index('service_classes_search').using('gin', russianWords(t.name))],
);

/** Canonical service (synonym): what patients search; clinics price it under their own names. */
export const serviceSynonyms = pgTable(
  'service_synonyms',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    classId: integer()
      .notNull()
      .references(() => serviceClasses.id),
    /** Diagnostic type (dtype) id as used in booking redirects; same as id unless merged. */
    dtypeId: integer(),
    name: text().notNull(),
    translit: text().notNull().unique(),
    specialityId: integer().references(() => specialities.id),
    requiresPrimaryConsultation: boolean().notNull().default(false),
  },
  (t) => [
    index('service_synonyms_class').on(t.classId),
    index('service_synonyms_search').using('gin', russianWords(t.name)),
  ],
);

/** A clinic's price-list line. */
export const clinicServices = pgTable(
  'clinic_services',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    clinicId: integer()
      .notNull()
      .references(() => clinics.id),
    synonymId: integer()
      .notNull()
      .references(() => serviceSynonyms.id),
    classId: integer()
      .notNull()
      .references(() => serviceClasses.id),
    doctorId: integer().references(() => doctors.id),
    name: text().notNull(),
    durationMinutes: smallint().notNull(),
    priceFull: integer().notNull(),
    priceClub: integer(),
    requiresPrimaryConsultation: boolean().notNull().default(false),
    appointmentOn: boolean().notNull().default(false),
    hasIntervals: boolean().notNull().default(false),
    isAvailableAppointmentDirect: boolean().notNull().default(false),
    misServiceId: text(),
    sort: integer().notNull().default(0),
  },
  (t) => [
    index('clinic_services_clinic').on(t.clinicId, t.classId, t.sort),
    index('clinic_services_synonym').on(t.synonymId, t.priceFull),
    // A service's offers per clinic (price range, town check) read from the index alone.
    index('clinic_services_synonym_clinic').on(t.synonymId, t.clinicId, t.priceFull, t.priceClub),
    index('clinic_services_doctor').on(t.doctorId, t.sort),
  ],
);

/** 'Report a mistake' submissions from doctor and clinic pages. */
export const mistakeReports = pgTable('mistake_reports', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  doctorId: integer().references(() => doctors.id),
  clinicId: integer().references(() => clinics.id),
  text: text().notNull(),
  contact: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const DOCTOR_ACTIVITY_KINDS = ['publication', 'conference', 'membership'] as const;
export type DoctorActivityKind = (typeof DOCTOR_ACTIVITY_KINDS)[number];

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
