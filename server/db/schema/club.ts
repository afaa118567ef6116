import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { CARD_REQUEST_STATUSES, COUPON_STATUSES } from '../../../core/club/contracts';
import { users } from './auth';
import { appointments } from './booking';
import { clinics } from './clinics';

/**
 * The discount club (docs/product/club.md). Money is integer kopecks throughout. A payment
 * becomes a card (or a paid coupon) exactly once: the unique keys below are what make a
 * replayed notification, a racing status poll and the return page all land on one row
 * (docs/decisions/015-club-payment-exactly-once.md).
 */

// The statuses the calls report are the ones stored: one list each, in core/club/contracts.ts.
export const PAYMENT_STATUSES = ['pending', 'waiting_for_capture', 'succeeded', 'canceled'] as const;
export const CARD_SOURCES = ['free', 'paid'] as const;
export const PAYMENT_PURPOSES = ['card', 'coupon'] as const;

/** One payment at the provider: created before the provider is called, so the key exists first. */
export const clubPayments = pgTable(
  'club_payments',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    purpose: text({ enum: PAYMENT_PURPOSES }).notNull(),
    provider: text().notNull(),
    /** Null until the provider answered createPayment. */
    providerPaymentId: text(),
    /** Sent with createPayment: a retry after a timeout reaches the same payment at the provider. */
    idempotenceKey: text().notNull(),
    amount: integer().notNull(),
    status: text({ enum: PAYMENT_STATUSES }).notNull().default('pending'),
    confirmationUrl: text(),
    cancellationReason: text(),
    refundedAmount: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('club_payments_idem').on(t.idempotenceKey),
    uniqueIndex('club_payments_provider').on(t.provider, t.providerPaymentId),
    check('club_payments_amount', sql`${t.amount} >= 0`),
  ],
);

/** A patient paying for a (later) card. */
export const clubCardRequests = pgTable(
  'club_card_requests',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    status: text({ enum: CARD_REQUEST_STATUSES }).notNull().default('in_process'),
    price: integer().notNull(),
    email: text().notNull(),
    returnUrl: text().notNull(),
    paymentId: integer().references(() => clubPayments.id),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('club_card_requests_payment').on(t.paymentId),
    index('club_card_requests_user').on(t.userId, t.createdAt.desc()),
    index('club_card_requests_open').on(t.expiresAt).where(sql`${t.status} = 'in_process'`),
    /** One open request per patient: parallel clicks land on one request, one payment, one checkout. */
    uniqueIndex('club_card_requests_one_open').on(t.userId).where(sql`${t.status} = 'in_process'`),
  ],
);

/** A card: a free first one (once per patient ever) or one per paid request. */
export const clubCards = pgTable(
  'club_cards',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    source: text({ enum: CARD_SOURCES }).notNull(),
    requestId: integer().references(() => clubCardRequests.id),
    /** Set when the card was bought with a coupon. */
    couponRequestId: integer(),
    price: integer().notNull(),
    dtStart: timestamp({ withTimezone: true }).notNull(),
    dtEnd: timestamp({ withTimezone: true }).notNull(),
    /** The secret in the card's link (/club/card/{token}/) a patient shows a clinic's administrator. */
    token: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('club_cards_request').on(t.requestId),
    uniqueIndex('club_cards_coupon').on(t.couponRequestId),
    uniqueIndex('club_cards_token').on(t.token),
    /** The free card: once per patient, ever (two joins at once make one). */
    uniqueIndex('club_cards_free_once').on(t.userId).where(sql`${t.source} = 'free'`),
    index('club_cards_user').on(t.userId, t.dtEnd.desc()),
  ],
);

/** Booking at the club price: a prepaid coupon for an appointment (held while unpaid). */
export const clubCouponRequests = pgTable(
  'club_coupon_requests',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    /** The held slot, then the booking; null once a hold was let go (expired, declined). */
    appointmentId: integer().references(() => appointments.id, { onDelete: 'set null' }),
    clinicId: integer()
      .notNull()
      .references(() => clinics.id),
    fullPrice: integer().notNull(),
    clubPrice: integer().notNull(),
    couponPrice: integer().notNull(),
    lpuPrice: integer().notNull(),
    cardPrice: integer().notNull(),
    totalPrice: integer().notNull(),
    cardLifetimeMonths: smallint().notNull().default(6),
    status: text({ enum: COUPON_STATUSES }).notNull().default('created'),
    email: text(),
    returnUrl: text(),
    /** Whether the patient was in the club when the offer was made (else the card comes with it). */
    inClub: boolean().notNull().default(false),
    /** The booking form's patient fields, written into the appointment once the coupon is paid. */
    patient: jsonb()
      .$type<{ name: string; birthDate: string | null; source: string | null; requestKey: string }>()
      .notNull(),
    paymentId: integer().references(() => clubPayments.id),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('club_coupon_requests_payment').on(t.paymentId),
    uniqueIndex('club_coupon_requests_appointment').on(t.appointmentId),
    index('club_coupon_requests_user').on(t.userId, t.createdAt.desc()),
  ],
);

/** The fiscal receipt e-mail ('Вышлем чек') of a paid payment, sent once by a job. */
export const clubReceipts = pgTable(
  'club_receipts',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    paymentId: integer()
      .notNull()
      .references(() => clubPayments.id),
    email: text().notNull(),
    items: jsonb().$type<{ description: string; amount: number; quantity: number }[]>().notNull(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('club_receipts_payment').on(t.paymentId)],
);

export const REFUND_REASONS = [
  /** A success that can buy nothing: the patient holds a card already, or the coupon is closed. */
  'duplicate',
  /** The provider reports the payment for another sum than ours: nothing is bought with it. */
  'wrong_amount',
  /** A paid coupon whose held slot was gone: no booking, the money back. */
  'not_booked',
  /** A clinic canceled the visit a paid coupon booked. */
  'visit_canceled',
] as const;
export const REFUND_STATUSES = ['pending', 'succeeded'] as const;

/**
 * Money we send back, one row per payment (a refund is always of the whole sum taken), made in
 * the transaction that decided it and carried out by the club.refund job with the payment's own
 * idempotence key. Staff read why and how much here (and in the log line of each).
 */
export const clubRefunds = pgTable(
  'club_refunds',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    paymentId: integer()
      .notNull()
      .references(() => clubPayments.id),
    userId: integer()
      .notNull()
      .references(() => users.id),
    reason: text({ enum: REFUND_REASONS }).notNull(),
    /** Kopecks: what the provider took, which may differ from our payment's amount (wrong_amount). */
    amount: integer().notNull(),
    status: text({ enum: REFUND_STATUSES }).notNull().default('pending'),
    providerRefundId: text(),
    /** The last failed attempt's error, for staff while the job retries. */
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    refundedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('club_refunds_payment').on(t.paymentId),
    index('club_refunds_created').on(t.createdAt.desc()),
    check('club_refunds_amount', sql`${t.amount} > 0`),
  ],
);

/**
 * The offline dev payments provider's own ledger (server/providers/payments/dev-payments.ts),
 * in the database so that every app process sees the same checkout. Unused by real providers.
 */
export const devPayments = pgTable(
  'dev_payments',
  {
    id: text().primaryKey(),
    idempotenceKey: text().notNull(),
    amount: integer().notNull(),
    description: text().notNull(),
    returnUrl: text().notNull(),
    status: text({ enum: PAYMENT_STATUSES }).notNull().default('pending'),
    metadata: jsonb().$type<Record<string, string>>().notNull(),
    receiptEmail: text(),
    refunds: jsonb()
      .$type<{ id: string; idempotenceKey: string; amount: number }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('dev_payments_idem').on(t.idempotenceKey)],
);
