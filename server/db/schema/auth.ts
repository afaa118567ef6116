import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clinicNetworks, clinics } from './clinics';
import { doctors } from './doctors';

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
    /**
     * A clinic network's account: it runs every branch of this network, one at a time (the
     * session's `actingClinicId`); `clinicId` is the branch it starts on.
     */
    networkId: integer().references(() => clinicNetworks.id),
    firstName: text(),
    lastName: text(),
    patronymic: text(),
    birthDate: text(),
    email: text(),
    /** A patient who confirmed a phone (the viewer's isRealPatient, docs/product/roles.md). */
    isRealPatient: boolean().notNull().default(false),
    medtochkaUuid: uuid().defaultRandom().notNull(),
    /** The patient asked to delete the profile: booking and reviews are closed, erased 30 days later. */
    deletingSince: timestamp({ withTimezone: true }),
    /** The nightly sweep erased the profile: phone, names, e-mail and birth date are gone. */
    erasedAt: timestamp({ withTimezone: true }),
    /** Confirmations and reminders by e-mail as well (the profile's choice; SMS is always sent). */
    notifyEmail: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('users_doctor').on(t.doctorId), index('users_clinic').on(t.clinicId)],
);

export const CLINIC_MEMBER_ROLES = ['administrator', 'receptionist', 'doctor'] as const;
export type ClinicMemberRole = (typeof CLINIC_MEMBER_ROLES)[number];

/**
 * The people of a clinic (docs/product/roles.md): each login of a clinic and its role. An
 * administrator or a receptionist is a 'clinic' user of this clinic, a doctor a 'doctor' user of
 * one of its doctors. A person belongs to one clinic at a time (the partial unique index); removal
 * keeps the row (removed_at, removed_by) and ends the person's sessions.
 */
export const clinicMembers = pgTable(
  'clinic_members',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    clinicId: integer()
      .notNull()
      .references(() => clinics.id),
    userId: integer()
      .notNull()
      .references(() => users.id),
    role: text({ enum: CLINIC_MEMBER_ROLES }).notNull(),
    /** The clinic's doctor a 'doctor' member signs in as. */
    doctorId: integer().references(() => doctors.id),
    /** The name the administrator gave at invite (not the account's own). */
    name: text(),
    invitedBy: integer().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp({ withTimezone: true }),
    removedBy: integer().references(() => users.id),
  },
  (t) => [
    uniqueIndex('clinic_members_live_user').on(t.userId).where(sql`${t.removedAt} IS NULL`),
    index('clinic_members_clinic').on(t.clinicId),
    check('clinic_members_doctor', sql`(${t.role} = 'doctor') = (${t.doctorId} IS NOT NULL)`),
  ],
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
    /** The branch a network account is running now (checked against its network on every read). */
    actingClinicId: integer().references(() => clinics.id),
  },
  (t) => [index('sessions_user').on(t.userId), index('sessions_expires').on(t.expiresAt)],
);

export const CODE_PURPOSES = ['sign_in', 'staff', 'profile'] as const;
export const CODE_METHODS = ['sms', 'call', 'vk'] as const;

/**
 * A confirmation code sent to a phone. Its id is the sign-in calls' `service_id`. Only an HMAC of the
 * code is kept; a code dies when used, when it expires, or after too many wrong tries.
 */
export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    phone: text().notNull(),
    purpose: text({ enum: CODE_PURPOSES }).notNull(),
    method: text({ enum: CODE_METHODS }).notNull(),
    codeHash: text().notNull(),
    wrongAttempts: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    ip: text(),
  },
  (t) => [index('phone_codes_phone_created').on(t.phone, t.createdAt.desc())],
);

/** One-time code a confirmed phone exchanges for a session (the SSO's authorization_code). */
export const authorizationCodes = pgTable('authorization_codes', {
  codeHash: text().primaryKey(),
  phone: text().notNull(),
  clientId: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  usedAt: timestamp({ withTimezone: true }),
});

export const CALL_REQUEST_STATUSES = ['waiting', 'confirmed', 'finished', 'expired'] as const;

/** Call-in confirmation: the patient calls the number the provider gave; `id` is the calls' `uuid`. */
export const callRequests = pgTable(
  'call_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    phone: text().notNull(),
    provider: text().notNull(),
    checkId: text().notNull(),
    callPhone: text().notNull(),
    status: text({ enum: CALL_REQUEST_STATUSES }).notNull().default('waiting'),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    confirmedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('call_requests_phone_created').on(t.phone, t.createdAt.desc())],
);

/** A phone confirmed outside sign-in: by staff for a patient at the desk, or a profile's new phone. */
export const confirmedPhones = pgTable(
  'confirmed_phones',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    phone: text().notNull(),
    purpose: text({ enum: CODE_PURPOSES }).notNull(),
    confirmedBy: integer().references(() => users.id),
    confirmedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('confirmed_phones_phone').on(t.phone, t.confirmedAt.desc())],
);

/** Audit trail of sign-in: requests, wrong codes, locks, sign-ins and sign-outs. */
export const authEvents = pgTable(
  'auth_events',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    at: timestamp({ withTimezone: true }).notNull(),
    kind: text().notNull(),
    phone: text(),
    userId: integer().references(() => users.id),
    ip: text(),
    userAgent: text(),
    detail: jsonb(),
  },
  (t) => [index('auth_events_phone_at').on(t.phone, t.at), index('auth_events_user_at').on(t.userId, t.at)],
);
