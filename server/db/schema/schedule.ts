import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, smallint, text, time, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { tstzrange } from './booking';
import { VISIT_TYPES, workplaces } from './doctors';
import { clinicServices } from './services';

/**
 * Weekly schedule rule of a workplace (doctor at clinic, per visit type) or of a clinic
 * service. Free slots are computed from rules − exceptions − appointments, never stored.
 * Times are wall-clock times in the clinic town's time zone.
 */
export const scheduleRules = pgTable(
  'schedule_rules',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    workplaceId: integer().references(() => workplaces.id),
    clinicServiceId: integer().references(() => clinicServices.id),
    visitType: text({ enum: VISIT_TYPES }).notNull().default('clinic'),
    /** ISO weekday: 1 = Monday … 7 = Sunday. */
    weekday: smallint().notNull(),
    startTime: time().notNull(),
    endTime: time().notNull(),
    slotMinutes: smallint().notNull(),
    validFrom: date().notNull(),
    validTo: date(),
  },
  (t) => [
    check('schedule_rules_owner', sql`num_nonnulls(${t.workplaceId}, ${t.clinicServiceId}) = 1`),
    check('schedule_rules_span', sql`${t.endTime} > ${t.startTime}`),
    index('schedule_rules_workplace').on(t.workplaceId),
    index('schedule_rules_service').on(t.clinicServiceId),
  ],
);

/**
 * A dated change: a day (or part of it) off, or extra hours. Timed 'off' rows take time out of
 * the weekly rules only; 'extra' rows add the date's own hours, which a whole day off closes too.
 */
export const scheduleExceptions = pgTable(
  'schedule_exceptions',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    workplaceId: integer().references(() => workplaces.id),
    clinicServiceId: integer().references(() => clinicServices.id),
    date: date().notNull(),
    kind: text({ enum: ['off', 'extra'] }).notNull(),
    /**
     * The visit type it changes; null: every type (a whole day off). A date's own hours are one
     * type's: its weekly hours off for the day (00:00–24:00) and the date's hours as extra hours.
     */
    visitType: text({ enum: VISIT_TYPES }),
    /** Null times with kind 'off' mean the whole day. */
    startTime: time(),
    endTime: time(),
    slotMinutes: smallint(),
  },
  (t) => [
    check('schedule_exceptions_owner', sql`num_nonnulls(${t.workplaceId}, ${t.clinicServiceId}) = 1`),
    index('schedule_exceptions_workplace').on(t.workplaceId, t.date),
    index('schedule_exceptions_service').on(t.clinicServiceId, t.date),
  ],
);

/** Slots pushed by a clinic's MIS; they replace computed slots for that owner. */
export const explicitSlots = pgTable(
  'explicit_slots',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    workplaceId: integer().references(() => workplaces.id),
    clinicServiceId: integer().references(() => clinicServices.id),
    visitType: text({ enum: VISIT_TYPES }).notNull().default('clinic'),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    durationMinutes: smallint().notNull(),
    /** The slot's id in the clinic's software (MIS), told back with the visit booked in it. */
    misId: text(),
  },
  (t) => [
    check('explicit_slots_owner', sql`num_nonnulls(${t.workplaceId}, ${t.clinicServiceId}) = 1`),
    index('explicit_slots_workplace').on(t.workplaceId, t.startsAt),
    index('explicit_slots_service').on(t.clinicServiceId, t.startsAt),
  ],
);

/**
 * A range the clinic took out of a doctor's free times at one workplace (a meeting, a broken
 * device): every channel's slots leave it out (docs/product/front-desk.md). Created and removed
 * under the workplace row's lock, which a booking's insert meets through its foreign key, so a
 * block and a booking of the same time never both commit (server/modules/cabinet/blocks.ts).
 */
export const scheduleBlocks = pgTable(
  'schedule_blocks',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    workplaceId: integer()
      .notNull()
      .references(() => workplaces.id),
    during: tstzrange().notNull(),
    reason: text().notNull(),
    createdBy: integer().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('schedule_blocks_workplace').on(t.workplaceId, sql`lower(${t.during})`)],
);
