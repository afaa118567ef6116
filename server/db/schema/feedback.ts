import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { clinics } from './clinics';
import { doctors } from './doctors';

/** 'Report a mistake' submissions from doctor and clinic pages. */
export const mistakeReports = pgTable('mistake_reports', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  doctorId: integer().references(() => doctors.id),
  clinicId: integer().references(() => clinics.id),
  text: text().notNull(),
  contact: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
