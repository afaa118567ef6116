import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clinics, doctors } from './directory';

export const USER_ROLES = ['patient', 'doctor', 'clinic', 'staff'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** Digits only, with country code: '79001234567'. */
    phone: text().unique(),
    role: text({ enum: USER_ROLES }).notNull().default('patient'),
    doctorId: integer().references(() => doctors.id),
    clinicId: integer().references(() => clinics.id),
    firstName: text(),
    lastName: text(),
    patronymic: text(),
    birthDate: text(),
    email: text(),
    /** A patient who confirmed a phone (spec: isRealPatient). */
    isRealPatient: boolean().notNull().default(false),
    medtochkaUuid: uuid().defaultRandom().notNull(),
    deletingSince: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('users_doctor').on(t.doctorId), index('users_clinic').on(t.clinicId)],
);

/** Server-side session; the cookie holds only a random token, stored here hashed. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text().primaryKey(),
    userId: integer().references(() => users.id),
    csrfToken: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    userAgent: text(),
    ip: text(),
  },
  (t) => [index('sessions_user').on(t.userId), index('sessions_expires').on(t.expiresAt)],
);
