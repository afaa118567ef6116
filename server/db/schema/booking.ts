import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { KeptHomeAddress } from '../../../core/booking/home-visit';
import { users } from './auth';
import { clinics } from './clinics';
import { doctors, VISIT_TYPES, workplaces } from './doctors';
import { clinicServices } from './services';

/** PostgreSQL tstzrange as '[start,end)' text; the exclusion constraint lives in a custom migration. */
export const tstzrange = customType<{ data: string }>({ dataType: () => 'tstzrange' });

/** A callback request: open ('new'), answered by the clinic ('called', 'booked') or withdrawn. */
export const CALLBACK_STATUSES = ['new', 'called', 'booked', 'canceled'] as const;

/** 'held': a slot kept for a patient filling the booking form, until `holdExpiresAt`. */
export const APPOINTMENT_STATUSES = ['active', 'held', 'canceled', 'done', 'no_show'] as const;

/**
 * An appointment. No double booking: a doctor (or a doctor-less clinic service) holds at
 * most one active appointment in any time range — enforced by EXCLUDE constraints
 * (migration 0002), the code check is only for a friendly message.
 */
export const appointments = pgTable(
  'appointments',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    workplaceId: integer().references(() => workplaces.id),
    clinicServiceId: integer().references(() => clinicServices.id),
    doctorId: integer().references(() => doctors.id),
    clinicId: integer()
      .notNull()
      .references(() => clinics.id),
    userId: integer().references(() => users.id),
    visitType: text({ enum: VISIT_TYPES }).notNull().default('clinic'),
    during: tstzrange().notNull(),
    status: text({ enum: APPOINTMENT_STATUSES }).notNull().default('active'),
    patientName: text().notNull(),
    patientPhone: text().notNull(),
    patientBirthDate: date(),
    /** Booked for someone else than the account's owner (a relative): the patient's SMS names them. */
    forOther: boolean().notNull().default(false),
    source: text(),
    /** The browser's key for one press of 'Записаться': a retried request finds its appointment. */
    requestKey: text(),
    /** The secret of the cancel link and the .ics file (a patient may book without an account page open). */
    cancelToken: text(),
    /** A hold's end: after it the slot is free again (and the row is deleted by the next booking there). */
    holdExpiresAt: timestamp({ withTimezone: true }),
    price: integer(),
    /** Prepaid on the site (a club coupon), in kopecks: the clinic takes only the rest. */
    prepaidAmount: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    canceledAt: timestamp({ withTimezone: true }),
    /** Who cancelled: the patient (on the site) or the clinic (in the cabinet, with a reason). */
    canceledBy: text({ enum: ['patient', 'clinic'] }),
    /** The clinic's reason, told to the patient by SMS. */
    cancelReason: text(),
    /** When the clinic marked the visit as attended or missed ('done', 'no_show'). */
    markedAt: timestamp({ withTimezone: true }),
    /** When the visit was confirmed (the patient by the reminder's link, or the clinic after a call); null: not. */
    confirmedAt: timestamp({ withTimezone: true }),
    /** Who confirmed it: the patient, or the clinic's desk (its visit page says which). */
    confirmedBy: text({ enum: ['patient', 'clinic'] }),
    /**
     * When the visit got its current time on the site (booked, or moved): its reminders whose
     * time is later are sent, by the minute's sweep (server/modules/booking/messages.ts). Null for
     * a hold and for visits not booked on the site (the demo's, an MIS's): they get none.
     */
    remindFrom: timestamp({ withTimezone: true }),
    /** Moves of the visit to another time: the .ics file's SEQUENCE. */
    sequence: integer().notNull().default(0),
    /**
     * The id of the transaction that last wrote the row (set by a trigger, migration 0028): the
     * cursor of the integration API's change feed (server/modules/mis/feed.ts).
     */
    changeXid: bigint({ mode: 'number' }).notNull().default(0),
    /**
     * A clinic administrator's deliberate overbooking at the desk (with a reason, in the cabinet's
     * audit): the one visit the exclusion constraints leave out, so it may overlap another (ADR 038).
     */
    overbooked: boolean().notNull().default(false),
    /**
     * A home visit's address, as the patient gave it (personal data: only the patient, the
     * clinic's staff and the doctor see it; docs/product/visits.md). Null for other visits.
     */
    homeAddress: jsonb().$type<KeptHomeAddress>(),
    /** The clinic's arrival window when the home visit was booked (minutes); null: at the booked time. */
    homeWindowMinutes: smallint(),
  },
  (t) => [
    check('appointments_owner', sql`num_nonnulls(${t.workplaceId}, ${t.clinicServiceId}) >= 1`),
    index('appointments_user').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('appointments_clinic').on(t.clinicId, t.createdAt.desc().nullsFirst()),
    index('appointments_workplace').on(t.workplaceId),
    index('appointments_clinic_changes').on(t.clinicId, t.changeXid, t.id),
    // The reminders' sweep: the active visits of the next day that were booked on the site.
    index('appointments_reminders')
      .on(sql`lower(${t.during})`)
      .where(sql`${t.status} = 'active' AND ${t.remindFrom} IS NOT NULL`),
    // The review invitations' sweep: the visits booked on the site that the clinic marked attended
    // (the unmarked ones it reads through appointments_reminders). Written by the mark, not the booking.
    index('appointments_attended')
      .on(sql`lower(${t.during})`)
      .where(sql`${t.status} = 'done' AND ${t.remindFrom} IS NOT NULL`),
    uniqueIndex('appointments_request_key').on(t.requestKey).where(sql`${t.requestKey} IS NOT NULL`),
    // The few deliberate overbookings, which the exclusion constraints' partial indexes leave out:
    // a doctor's taken times read them here and the rest through appointments_doctor_no_overlap.
    index('appointments_overbooked').on(t.doctorId).where(sql`${t.overbooked}`),
  ],
);

/**
 * A patient's request to be called back when a doctor has no free slots: the day and the parts
 * of it that suit them (docs/product/schedule-and-booking.md, 'Callback requests').
 */
export const callbackRequests = pgTable(
  'callback_requests',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    doctorId: integer()
      .notNull()
      .references(() => doctors.id),
    clinicId: integer()
      .notNull()
      .references(() => clinics.id),
    userId: integer()
      .notNull()
      .references(() => users.id),
    phone: text().notNull(),
    date: date().notNull(),
    /** Parts of the day: morning, afternoon, evening. */
    times: text().array().notNull(),
    /** 'called' / 'booked': how the clinic answered it in the cabinet. */
    status: text({ enum: CALLBACK_STATUSES }).notNull().default('new'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('callback_requests_clinic').on(t.clinicId, t.status, t.date),
    // One open request per patient, doctor and clinic: a repeat updates it.
    uniqueIndex('callback_requests_open')
      .on(t.userId, t.doctorId, t.clinicId)
      .where(sql`${t.status} = 'new'`),
  ],
);

/** 'active' until the patient books the doctor ('done'), says stop ('stopped') or its days pass ('expired'). */
export const WAITLIST_STATUSES = ['active', 'done', 'stopped', 'expired'] as const;

/**
 * A patient's request to be told of a time with a doctor that frees up (docs/product/
 * schedule-and-booking.md, 'Waitlist'): at one clinic or any of the doctor's, on days and in parts
 * of them, and (for a patient already booked) before the visit. One open request per patient and
 * doctor: a repeat changes it.
 */
export const waitlistRequests = pgTable(
  'waitlist_requests',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    phone: text().notNull(),
    doctorId: integer()
      .notNull()
      .references(() => doctors.id),
    /** Null: any clinic the doctor works at. */
    clinicId: integer().references(() => clinics.id),
    visitType: text({ enum: VISIT_TYPES }).notNull().default('clinic'),
    /** 'yyyy-MM-dd' in the clinic's zone, inclusive. */
    dateFrom: date().notNull(),
    dateTo: date().notNull(),
    /** Parts of the day: morning, afternoon, evening. */
    times: text().array().notNull(),
    /** The patient's current visit: only earlier times are offered, and the offer moves it. */
    appointmentId: integer().references(() => appointments.id),
    status: text({ enum: WAITLIST_STATUSES }).notNull().default('active'),
    /** When the patient was last told of a time: at most one SMS a day per doctor. */
    lastOfferedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // The matching of a freed time: a doctor's open requests, first asked first.
    index('waitlist_requests_doctor').on(t.doctorId, t.createdAt, t.id).where(sql`${t.status} = 'active'`),
    index('waitlist_requests_user').on(t.userId, t.createdAt.desc()),
    uniqueIndex('waitlist_requests_open').on(t.userId, t.doctorId).where(sql`${t.status} = 'active'`),
  ],
);

/**
 * A freed time offered to one request by SMS: its link (`token`) holds the time for the patient
 * while the booking form is filled, until `expiresAt`; the first of the patients told to come books it.
 */
export const waitlistOffers = pgTable(
  'waitlist_offers',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    requestId: integer()
      .notNull()
      .references(() => waitlistRequests.id),
    workplaceId: integer()
      .notNull()
      .references(() => workplaces.id),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    token: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** When the link was used to hold the time. */
    claimedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('waitlist_offers_token').on(t.token), index('waitlist_offers_request').on(t.requestId)],
);
