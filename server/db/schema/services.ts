import { boolean, index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { clinics } from './clinics';
import { doctors, VISIT_TYPES } from './doctors';
import { russianWords } from './search-words';
import { specialities } from './specialities';

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
    /**
     * The doctor's visit this service is (a first consultation: 'clinic', a home call: 'home'), or
     * null for any other service (core/cabinet/visit-prices.ts, serviceVisitType). A clinic's line
     * of it naming a doctor shows that doctor's workplace price (ADR 039).
     */
    visitType: text({ enum: VISIT_TYPES }),
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
