import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { doctors } from './doctors';

export const PROFILE_CHANGE_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type ProfileChangeStatus = (typeof PROFILE_CHANGE_STATUSES)[number];

/**
 * A doctor's profile as edited in the cabinet (docs/product/cabinet.md, 'The doctor's profile'):
 * the fields changed (`payload`, only those), waiting for staff. At most one change of a doctor
 * is pending; a new one withdraws it. Rows are never deleted: approved, rejected and withdrawn
 * ones are the history. `before` is the doctor's public values of those fields when staff
 * decided.
 */
export const doctorProfileChanges = pgTable(
  'doctor_profile_changes',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    doctorId: integer()
      .notNull()
      .references(() => doctors.id),
    authorId: integer()
      .notNull()
      .references(() => users.id),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    status: text({ enum: PROFILE_CHANGE_STATUSES }).notNull().default('pending'),
    before: jsonb().$type<Record<string, unknown>>(),
    decidedBy: integer().references(() => users.id),
    decidedAt: timestamp({ withTimezone: true }),
    reason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('doctor_profile_changes_one_pending').on(t.doctorId).where(sql`${t.status} = 'pending'`),
    index('doctor_profile_changes_doctor').on(t.doctorId, t.createdAt),
    index('doctor_profile_changes_status').on(t.status, t.createdAt),
    check(
      'doctor_profile_changes_status_check',
      sql`${t.status} IN ('pending', 'approved', 'rejected', 'withdrawn')`,
    ),
  ],
);

export const DOCTOR_DOCUMENT_KINDS = ['education', 'category', 'science'] as const;
export type DoctorDocumentKind = (typeof DOCTOR_DOCUMENT_KINDS)[number];
export const DOCTOR_DOCUMENT_STATUSES = ['pending', 'accepted', 'rejected', 'withdrawn'] as const;
export type DoctorDocumentStatus = (typeof DOCTOR_DOCUMENT_STATUSES)[number];

/**
 * A scan a doctor (or his clinic) sends for the 'Документы проверены' marks: a diploma, a category
 * certificate or a science degree. Only staff and the doctor's side ever see the file; staff
 * accepting it sets the doctor's matching `*Confirmed` mark. Rows are never deleted: a
 * withdrawn or rejected scan stays as history.
 */
export const doctorDocuments = pgTable(
  'doctor_documents',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    doctorId: integer()
      .notNull()
      .references(() => doctors.id),
    authorId: integer()
      .notNull()
      .references(() => users.id),
    kind: text({ enum: DOCTOR_DOCUMENT_KINDS }).notNull(),
    /** The stored file's name: the hash of its bytes and its extension ('{32 hex}.webp' or '.pdf'). */
    file: text().notNull(),
    status: text({ enum: DOCTOR_DOCUMENT_STATUSES }).notNull().default('pending'),
    decidedBy: integer().references(() => users.id),
    decidedAt: timestamp({ withTimezone: true }),
    reason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('doctor_documents_doctor').on(t.doctorId, t.createdAt),
    index('doctor_documents_status').on(t.status, t.createdAt),
    check('doctor_documents_kind_check', sql`${t.kind} IN ('education', 'category', 'science')`),
    check(
      'doctor_documents_status_check',
      sql`${t.status} IN ('pending', 'accepted', 'rejected', 'withdrawn')`,
    ),
  ],
);
