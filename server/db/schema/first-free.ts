import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { clinics } from './clinics';
import { doctors } from './doctors';

/**
 * Each doctor's first free time for a visit type, over all the doctor's workplaces: what the
 * lists' 'Ближайшая запись' sort and the 'Сегодня'/'Завтра'/'В ближайшие 3 дня' filters read
 * (ADR 046). It is computed by the calendars' own code (server/modules/schedule/service.ts) and
 * kept true by triggers (migrations 0053, 0054): any write that can change the doctor's free times
 * (visits, holds, rules, days off, pushed slots, blocks, workplaces, the clinic's booking
 * settings) bumps `version` and sets `valid_until` to -infinity; a row is recomputed when
 * `valid_until` has passed (the lists do a few at once, the each-minute job the rest) and written
 * back only if its `version` did not move meanwhile.
 */
export const doctorFirstFree = pgTable(
  'doctor_first_free',
  {
    doctorId: integer()
      .notNull()
      .references(() => doctors.id, { onDelete: 'cascade' }),
    /** 'clinic' (the town lists) or 'telemed' (the online list). */
    visitType: text().notNull(),
    /** The first free time; null: none within the clinics' booking horizons. */
    firstFreeAt: timestamp({ withTimezone: true }),
    /** Where it is, and that clinic's zone (the days of the filters are the clinic's). */
    clinicId: integer().references(() => clinics.id, { onDelete: 'set null' }),
    tz: text(),
    /**
     * Until when the row holds without a write: the first free time less the clinic's notice,
     * the first live hold's expiry, the next midnight of a clinic's zone when nothing is free
     * (the horizon grows a day); -infinity when a write made it stale.
     */
    validUntil: timestamp({ withTimezone: true }).notNull(),
    version: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.doctorId, t.visitType] }),
    index('doctor_first_free_order').on(t.visitType, t.firstFreeAt, t.doctorId),
    // The due rows of one visit type (a list's refresh), oldest first.
    index('doctor_first_free_due').on(t.visitType, t.validUntil, t.doctorId),
  ],
);
