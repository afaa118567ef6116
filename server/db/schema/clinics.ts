import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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
import { ACCESSIBILITY_FEATURES } from '../../../core/clinic/accessibility';
import { FAKE_WARNINGS } from '../../../core/reviews/fake-warning';
import { simpleWords } from './search-words';
import { districts, metroStations, towns } from './towns';

export const SOFTWARE_VERSIONS = ['LIGHT', 'STANDARD', 'PRO', 'ULTIMA'] as const;
export type SoftwareVersion = (typeof SOFTWARE_VERSIONS)[number];

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
    /** Price update status: 0 updated, 1 updated by the clinic, 2 may be outdated, 3 outdated. */
    priceUpdateStatus: smallint().notNull().default(0),
    priceUpdatedAt: date(),
    isAppointmentOn: boolean().notNull().default(true),
    /** Patients may cancel on the site until this many minutes before the visit. */
    cancelCutoffMinutes: smallint().notNull().default(120),
    /** Reminders to patients by SMS, each with a 'confirm or cancel' link: 24 hours and 2 hours before. */
    remindDayBefore: boolean().notNull().default(true),
    remindHoursBefore: boolean().notNull().default(true),
    /** Booking rules: no visit sooner than this from now, and this much free time around each visit. */
    minNoticeMinutes: smallint().notNull().default(0),
    bufferMinutes: smallint().notNull().default(0),
    /** Patients book at most this many days ahead, today counting as the first ('Открывать запись на'). */
    bookingHorizonDays: smallint().notNull().default(14),
    /**
     * Where the clinic hears of the site's bookings (server/modules/booking/clinic-messages.ts):
     * a Russian mobile ('79001234567') for SMS and an e-mail, each unset by default, and what to send.
     */
    notifyPhone: text(),
    notifyEmail: text(),
    notifyNewBooking: boolean().notNull().default(true),
    notifyPatientCancel: boolean().notNull().default(true),
    /** 'Новый отзыв': a review about the clinic or one of its doctors published (server/modules/reviews/notices.ts). */
    notifyNewReview: boolean().notNull().default(true),
    /** 'Заявка на звонок': a patient asked the clinic to call back (server/modules/booking/callbacks.ts). */
    notifyCallbackRequest: boolean().notNull().default(true),
    /**
     * Home visits (docs/product/visits.md): the service area (a radius in km around the clinic
     * and/or the town's districts; neither: the whole town) and the arrival window in minutes
     * ('Врач приедет с 10:00 до 12:00'; null: at the booked time).
     */
    homeRadiusKm: smallint(),
    homeDistrictIds: integer().array().notNull().default(sql`'{}'::integer[]`),
    homeWindowMinutes: smallint(),
    clubEnabled: boolean().notNull().default(false),
    clubDiscountPercent: smallint().notNull().default(0),
    children: boolean().notNull().default(false),
    covidRules: text().array().notNull().default(sql`'{}'::text[]`),
    /** What the clinic tells of its accessibility (core/clinic/accessibility.ts); empty: it said nothing. */
    accessibility: text({ enum: ACCESSIBILITY_FEATURES }).array().notNull().default(sql`'{}'::text[]`),
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
    check(
      'clinics_accessibility_known',
      sql`${t.accessibility} <@ ARRAY[${sql.raw(ACCESSIBILITY_FEATURES.map((f) => `'${f}'`).join(', '))}]::text[]`,
    ),
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
    /** Set when the clinic removes it in the cabinet: the row stays for the audit, the page drops it. */
    removedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('clinic_licences_clinic').on(t.clinicId)],
);

/** A gallery item: src, name, caption, video flag. */
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
    /** Set when the clinic removes it in the cabinet: the row stays for the audit, the page drops it. */
    removedAt: timestamp({ withTimezone: true }),
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
    sort: smallint().notNull().default(0),
    /** Set when the clinic removes it in the cabinet: the row stays for the audit, the page drops it. */
    removedAt: timestamp({ withTimezone: true }),
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
