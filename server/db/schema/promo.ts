import { integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import type { AwardContent } from '../../../core/promo/contracts';

type PhaseContent = Record<
  'announce' | 'results' | 'grand_prix_registration' | 'grand_prix_broadcast' | 'grand_prix_results',
  AwardContent
>;

/**
 * One row per year of the annual award: when each phase of its banner starts (the staff set
 * them in Moscow time) and what each phase shows. Content is checked by the contract on save.
 */
export const awardYears = pgTable('award_years', {
  year: integer().primaryKey(),
  announceFrom: timestamp({ withTimezone: true }).notNull(),
  resultsFrom: timestamp({ withTimezone: true }).notNull(),
  grandPrixRegistrationFrom: timestamp({ withTimezone: true }).notNull(),
  grandPrixBroadcastFrom: timestamp({ withTimezone: true }).notNull(),
  grandPrixResultsFrom: timestamp({ withTimezone: true }).notNull(),
  /** From this moment the banner is hidden until next year's row. */
  endsAt: timestamp({ withTimezone: true }).notNull(),
  content: jsonb().$type<PhaseContent>().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
