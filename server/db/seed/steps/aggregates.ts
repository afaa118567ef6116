import { sql } from 'drizzle-orm';
import type { Db, DbTx } from '../../client';
import { recountRatings } from '../../sql/ratings';
import { resetSequence } from '../bulk';
import type { SeedContext } from '../context';
import { identityTables, verifyForeignKeys } from '../integrity';

const STATEMENTS = [
  `UPDATE clinics c SET doctors_count = s.n
     FROM (SELECT clinic_id, count(DISTINCT doctor_id)::int AS n FROM workplaces GROUP BY clinic_id) s
    WHERE c.id = s.clinic_id`,
  // The fake-review banners where moderation deleted at least two reviews 'оставлен не пациентом':
  // praise of a doctor as faked reviews, praise of a clinic as a lifted rating.
  `UPDATE doctors d SET fake_warning = 'review' FROM (
     SELECT doctor_id FROM reviews WHERE status = 'deleted' AND deleted_reason = 'Отзыв оставлен не пациентом'
        AND doctor_id IS NOT NULL GROUP BY doctor_id HAVING count(*) >= 2) s
    WHERE d.id = s.doctor_id`,
  `UPDATE clinics c SET fake_warning = 'rating' FROM (
     SELECT clinic_id FROM reviews WHERE status = 'deleted' AND deleted_reason = 'Отзыв оставлен не пациентом'
        AND doctor_id IS NULL AND sentiment = 'positive' GROUP BY clinic_id HAVING count(*) >= 2) s
    WHERE c.id = s.clinic_id`,
  // Every doctor's first free times, stale, for the job and the lists to compute (ADR 046): a fast
  // load runs with the triggers off, so the doctors' insert made none, and the 'Ближайшая запись'
  // sort, which reads only these rows, listed nobody.
  `INSERT INTO doctor_first_free (doctor_id, visit_type, valid_until)
   SELECT d.id, v.visit_type, '-infinity'::timestamptz
     FROM doctors d CROSS JOIN (VALUES ('clinic'), ('telemed')) AS v(visit_type)
   ON CONFLICT (doctor_id, visit_type)
   DO UPDATE SET valid_until = '-infinity', version = doctor_first_free.version + 1`,
];

/** A check of every foreign key, denormalised ratings and counts, identity sequences after explicit ids, fresh planner statistics. */
export async function finishSeed(ctx: SeedContext): Promise<void> {
  const steps = STATEMENTS.length + 3;
  // Loaded without per-row FK triggers: prove the references in bulk before anything else.
  if (ctx.fastLoad) await verifyForeignKeys(ctx.db);
  const aggregate = async (db: Db | DbTx) => {
    // Ratings by the published formula (core/reviews/rating.ts), the same code the site keeps them with.
    await recountRatings(db, ctx.now);
    for (const [i, statement] of STATEMENTS.entries()) {
      ctx.progress('ratings', i + 1, steps);
      await db.execute(sql.raw(statement));
    }
  };
  // A fast load updates the clinics without their statement trigger (first_free_clinics_update):
  // it joins the old and new rows of every clinic, unindexed (minutes at 24,000 clinics, hours
  // at 100,000), to mark first free times stale, which the last statement does for every doctor.
  if (ctx.fastLoad)
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql.raw('SET LOCAL session_replication_role = replica'));
      await aggregate(tx);
    });
  else await aggregate(ctx.db);
  ctx.progress('ratings', STATEMENTS.length + 1, steps);
  for (const table of identityTables()) await resetSequence(ctx.db, table);
  ctx.progress('ratings', STATEMENTS.length + 2, steps);
  // Bulk loads leave the planner blind; the first page views should not pay for it.
  await ctx.db.execute(sql.raw('ANALYZE'));
  ctx.progress('ratings', steps, steps);
}
