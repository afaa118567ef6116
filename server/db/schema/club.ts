import { index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { appointments } from './booking';
import { clinics } from './clinics';
import { clinicServices } from './services';

export const CARD_REQUEST_STATUSES = [
  'created',
  'in_process',
  'paid',
  'canceled',
  'payment_failed',
  'expired',
] as const;
export const COUPON_STATUSES = [
  'created',
  'canceled',
  'succeeded',
  'waiting_for_confirmation',
  'expired',
  'payment',
  'reload',
] as const;

/** A paid (or free first) request for a 6-month club card. Money in whole roubles. */
export const clubCardRequests = pgTable(
  'club_card_requests',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    status: text({ enum: CARD_REQUEST_STATUSES }).notNull().default('created'),
    price: integer().notNull(),
    email: text(),
    returnUrl: text(),
    idempotenceKey: text().notNull(),
    provider: text().notNull(),
    providerPaymentId: text(),
    providerUrl: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('club_card_requests_idem').on(t.idempotenceKey),
    uniqueIndex('club_card_requests_provider').on(t.provider, t.providerPaymentId),
    index('club_card_requests_user').on(t.userId, t.createdAt.desc().nullsFirst()),
  ],
);

export const clubCards = pgTable(
  'club_cards',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    /** Issued once per paid request: the unique key makes a repeated notification a no-op. */
    requestId: integer().references(() => clubCardRequests.id),
    price: integer().notNull(),
    dtStart: timestamp({ withTimezone: true }).notNull(),
    dtEnd: timestamp({ withTimezone: true }).notNull(),
    mtLink: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('club_cards_request').on(t.requestId),
    index('club_cards_user').on(t.userId, t.dtEnd.desc().nullsFirst()),
  ],
);

/** Prepaid coupon: half the club price, paid on the site within 20 minutes. */
export const coupons = pgTable(
  'coupons',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    appointmentId: integer().references(() => appointments.id),
    clinicId: integer()
      .notNull()
      .references(() => clinics.id),
    clinicServiceId: integer().references(() => clinicServices.id),
    fullPrice: integer().notNull(),
    clubPrice: integer().notNull(),
    couponPrice: integer().notNull(),
    cardPrice: integer().notNull(),
    totalPrice: integer().notNull(),
    cardLifetimeMonths: smallint().notNull().default(6),
    status: text({ enum: COUPON_STATUSES }).notNull().default('created'),
    email: text(),
    idempotenceKey: text().notNull(),
    providerPaymentId: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupons_idem').on(t.idempotenceKey),
    index('coupons_user').on(t.userId, t.createdAt.desc().nullsFirst()),
  ],
);
