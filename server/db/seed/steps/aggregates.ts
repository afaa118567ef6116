import { sql } from 'drizzle-orm';
import { resetSequence } from '../bulk';
import type { SeedContext } from '../context';
import { identityTables, verifyForeignKeys } from '../integrity';

/**
 * Per-target ratings in one pass over reviews. Stars as the site defines them: only
 * published, verified reviews count; every assessment value −3…2 maps to 0…5 stars
 * (value + 3), averaged over all values and rounded to 2 decimals; 0 without any.
 * The count is of everything shown on the page (published and resolved).
 */
function ratingsOf(target: 'doctor' | 'clinic'): string {
  const where =
    target === 'doctor' ? 'r.doctor_id IS NOT NULL' : 'r.clinic_id IS NOT NULL AND r.doctor_id IS NULL';
  const confirmed = "r.status = 'published' AND r.is_verified";
  return `SELECT r.${target}_id AS id,
      coalesce(round(sum(a.total) FILTER (WHERE ${confirmed}) / nullif(sum(a.n) FILTER (WHERE ${confirmed}), 0) + 3, 2), 0)::real AS rating,
      count(*) FILTER (WHERE r.status IN ('published', 'resolved'))::int AS shown
    FROM reviews r
    CROSS JOIN LATERAL (SELECT sum((x->>'value')::numeric) AS total, count(x->>'value') AS n
                          FROM jsonb_array_elements(r.assessments) AS x) a
    WHERE ${where}
    GROUP BY r.${target}_id`;
}

const STATEMENTS = [
  `UPDATE doctors d SET rating = s.rating, reviews_count = s.shown FROM (${ratingsOf('doctor')}) s WHERE d.id = s.id`,
  // The speciality lists sort on copies of the same numbers.
  `UPDATE doctor_specialities ds SET rating = d.rating, reviews_count = d.reviews_count
     FROM doctors d WHERE d.id = ds.doctor_id AND (d.rating <> 0 OR d.reviews_count <> 0)`,
  `UPDATE clinics c SET rating = s.rating, reviews_count = s.shown FROM (${ratingsOf('clinic')}) s WHERE c.id = s.id`,
  `UPDATE clinics c SET doctors_count = s.n
     FROM (SELECT clinic_id, count(DISTINCT doctor_id)::int AS n FROM workplaces GROUP BY clinic_id) s
    WHERE c.id = s.clinic_id`,
];

/** A check of every foreign key, denormalised ratings and counts, identity sequences after explicit ids, fresh planner statistics. */
export async function finishSeed(ctx: SeedContext): Promise<void> {
  const steps = STATEMENTS.length + 3;
  // Loaded without per-row FK triggers: prove the references in bulk before anything else.
  if (ctx.fastLoad) await verifyForeignKeys(ctx.db);
  for (const [i, statement] of STATEMENTS.entries()) {
    ctx.progress('ratings', i + 1, steps);
    await ctx.db.execute(sql.raw(statement));
  }
  ctx.progress('ratings', STATEMENTS.length + 1, steps);
  for (const table of identityTables()) await resetSequence(ctx.db, table);
  ctx.progress('ratings', STATEMENTS.length + 2, steps);
  // Bulk loads leave the planner blind; the first page views should not pay for it.
  await ctx.db.execute(sql.raw('ANALYZE'));
  ctx.progress('ratings', steps, steps);
}
