import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { clinics } from './clinics';

/**
 * Every change a doctor or a clinic makes in the cabinet: who, what, on which row, the row's
 * state before and after, and when. Appended only; nothing here is updated or deleted.
 */
export const cabinetAudit = pgTable(
  'cabinet_audit',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    /** 'visit.done', 'visit.no_show', 'visit.canceled', 'days_off.added', 'days_off.removed'… */
    action: text().notNull(),
    /** The table of the row changed, and its id (days off: the doctor's id). */
    targetType: text().notNull(),
    targetId: integer().notNull(),
    before: jsonb(),
    after: jsonb(),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('cabinet_audit_target').on(t.targetType, t.targetId),
    index('cabinet_audit_user').on(t.userId, t.at),
  ],
);

/**
 * A clinic's own note on a patient (the patient card at the desk, docs/product/front-desk.md):
 * one per clinic and patient, the patient named by `patient_key` ('user:{id}' when the visit has
 * an account, else 'phone:{digits}'). Only the clinic's people read it; every write is in
 * cabinet_audit.
 */
export const clinicPatientNotes = pgTable(
  'clinic_patient_notes',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    clinicId: integer()
      .notNull()
      .references(() => clinics.id),
    patientKey: text().notNull(),
    text: text().notNull(),
    updatedBy: integer()
      .notNull()
      .references(() => users.id),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('clinic_patient_notes_patient').on(t.clinicId, t.patientKey),
    check('clinic_patient_notes_text', sql`char_length(${t.text}) <= 2000`),
  ],
);
