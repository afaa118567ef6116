import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { createContext } from './context';
import { dropSecondaryIndexes, recreateIndexes } from './deferred-indexes';
import { type SeedSize, SIZES } from './sizes';
import { seedDoctorActivities } from './steps/activities';
import { seedAds } from './steps/ads';
import { finishSeed } from './steps/aggregates';
import { seedCatalog } from './steps/catalog';
import { seedClinics } from './steps/clinics';
import { seedDoctors } from './steps/doctors';
import { seedReviews } from './steps/reviews';
import { seedSchedule } from './steps/schedule';
import { seedClinicServices } from './steps/services';
import { seedTowns } from './steps/towns';
import { seedUsers } from './steps/users';

export type { SeedSize } from './sizes';

export interface SeedOptions {
  /** 'tiny' is for unit tests; the server and `npm run seed` use small or large. */
  size: SeedSize;
  seed: number;
  /** The seed's clock: schedules start today and reviews end now. Same seed + same now → same rows. */
  now: Date;
  onProgress?: (p: { stage: string; done: number; total: number }) => void;
  /**
   * Load with per-row foreign-key triggers off and check all references in bulk at the end
   * (several times faster on PGlite). Needs a superuser; defaults to on when the role is one.
   */
  skipForeignKeyTriggers?: boolean;
}

/**
 * Fills an empty database with the deterministic demo data set (DESIGN.md §8). Rows get
 * explicit ids in generation order and every random choice comes from the seed, so the
 * same seed and `now` always give the same rows.
 */
export async function seedDatabase(
  db: Db,
  opts: SeedOptions,
): Promise<{ counts: Record<string, number>; ms: number }> {
  const started = performance.now();
  const fastLoad = opts.skipForeignKeyTriggers ?? (await isSuperuser(db));
  const ctx = createContext(db, {
    seed: opts.seed,
    now: opts.now,
    plan: SIZES[opts.size],
    fastLoad,
    onProgress: opts.onProgress,
  });
  // A fast load also builds the plain secondary indexes once, after the rows are in.
  const deferred = fastLoad ? await dropSecondaryIndexes(db) : [];
  // Order matters: each step reads what the earlier ones registered in ctx.
  await seedTowns(ctx);
  await seedCatalog(ctx);
  await seedClinics(ctx);
  await seedDoctors(ctx);
  await seedDoctorActivities(ctx);
  await seedClinicServices(ctx);
  await seedUsers(ctx);
  await seedSchedule(ctx);
  await seedReviews(ctx);
  await seedAds(ctx);
  await db.transaction(async (tx) => {
    // One sort in memory per index instead of spilling to disk (the default is 64 MB).
    await tx.execute(sql.raw("SET LOCAL maintenance_work_mem = '256MB'"));
    await recreateIndexes(tx, deferred, (done, total) => ctx.progress('indexes', done, total));
  });
  await finishSeed(ctx);
  const counts = Object.fromEntries(Object.entries(ctx.counts).sort(([a], [b]) => a.localeCompare(b)));
  return { counts, ms: Math.round(performance.now() - started) };
}

/** A database without towns has never been seeded (migrations alone create no rows). */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const result = await db.execute(sql`SELECT NOT EXISTS (SELECT 1 FROM towns) AS empty`);
  return Boolean((result.rows[0] as { empty: boolean }).empty);
}

async function isSuperuser(db: Db): Promise<boolean> {
  const result = await db.execute(sql`SELECT current_setting('is_superuser') = 'on' AS su`);
  return Boolean((result.rows[0] as { su: boolean }).su);
}

/** What a patient would count, in one line: '16 towns, 320 clinics, 3,200 doctors, 32,000 reviews'. */
export function seededSummary(counts: Record<string, number>): string {
  return (['towns', 'clinics', 'doctors', 'reviews'] as const)
    .map((table) => `${(counts[table] ?? 0).toLocaleString('en-US')} ${table}`)
    .join(', ');
}
