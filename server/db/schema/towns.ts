import { doublePrecision, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

/** A town: the prefix of every directory URL. Slugs are data, never recomputed. */
export const towns = pgTable('towns', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  slug: text().notNull().unique(),
  name: text().notNull(),
  /** Prepositional form with its preposition, for headings: 'в Москве'. */
  nameIn: text().notNull(),
  /** Genitive: 'Москвы'. */
  nameGen: text().notNull(),
  region: text().notNull(),
  lat: doublePrecision().notNull(),
  lon: doublePrecision().notNull(),
  /** IANA time zone; slots and working hours are computed in it. */
  tz: text().notNull(),
  phoneCode: text().notNull(),
  population: integer().notNull(),
  sort: integer().notNull().default(0),
});

export const districts = pgTable(
  'districts',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    townId: integer()
      .notNull()
      .references(() => towns.id),
    name: text().notNull(),
    slug: text().notNull(),
  },
  (t) => [uniqueIndex('districts_town_slug').on(t.townId, t.slug)],
);

export const metroStations = pgTable(
  'metro_stations',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    townId: integer()
      .notNull()
      .references(() => towns.id),
    name: text().notNull(),
    slug: text().notNull(),
  },
  (t) => [uniqueIndex('metro_town_slug').on(t.townId, t.slug), index('metro_town').on(t.townId)],
);
