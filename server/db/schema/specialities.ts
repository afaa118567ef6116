import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { russianWords } from './search-words';

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
    /** Usually not a physician (psychologist, speech therapist…): the staff label is shown. */
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
