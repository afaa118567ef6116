import { eq } from 'drizzle-orm';
import type { AwardYearInput } from '../../../core/promo/contracts';
import type { Db } from '../../db/client';
import { awardYears } from '../../db/schema/promo';

export type AwardYearRow = typeof awardYears.$inferSelect;

function columnsOf(year: number, input: AwardYearInput, updatedAt: Date) {
  const { starts } = input;
  return {
    year,
    announceFrom: new Date(starts.announce),
    resultsFrom: new Date(starts.results),
    grandPrixRegistrationFrom: new Date(starts.grand_prix_registration),
    grandPrixBroadcastFrom: new Date(starts.grand_prix_broadcast),
    grandPrixResultsFrom: new Date(starts.grand_prix_results),
    endsAt: new Date(starts.ends),
    content: input.content,
    updatedAt,
  };
}

export function createPromoRepo(db: Db) {
  return {
    async awardYear(year: number): Promise<AwardYearRow | null> {
      const [row] = await db.select().from(awardYears).where(eq(awardYears.year, year));
      return row ?? null;
    },

    async saveAwardYear(year: number, input: AwardYearInput, now: Date): Promise<AwardYearRow> {
      const values = columnsOf(year, input, now);
      const { year: _, ...set } = values;
      const [row] = await db
        .insert(awardYears)
        .values(values)
        .onConflictDoUpdate({ target: awardYears.year, set })
        .returning();
      return row;
    },

    /** Adds the year only when it has no row: staff edits are never overwritten. */
    async addAwardYearIfMissing(year: number, input: AwardYearInput, now: Date): Promise<boolean> {
      const rows = await db
        .insert(awardYears)
        .values(columnsOf(year, input, now))
        .onConflictDoNothing()
        .returning({ year: awardYears.year });
      return rows.length > 0;
    },
  };
}
