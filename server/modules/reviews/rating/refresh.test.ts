import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedRating } from '../../../../core/reviews/rating';
import { fixedClock } from '../../../clock';
import type { Database } from '../../../db/client';
import { createClinic, createDoctor, createReview, createTown, createUser } from '../../../db/seed/factories';
import { recountRatings } from '../../../db/sql/ratings';
import { JOB_KINDS } from '../../../jobs/kinds';
import { createJobs } from '../../../jobs/queue';
import { openTestDatabase } from '../../../testing/database';
import { createRatingRefreshHandlers, RATING_REFRESH_JOB } from './service';

const NOW = new Date('2026-11-25T02:30:00Z');
const silent = { info() {}, warn() {}, error() {} };

let database: Database;
let doctorId = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  const town = await createTown(db);
  const clinic = await createClinic(db, { townId: town.id });
  const doctor = await createDoctor(db, { townId: town.id, clinicIds: [clinic.id] });
  doctorId = doctor.id;
  const author = await createUser(db);
  for (let i = 0; i < 3; i++)
    await createReview(db, {
      doctorId,
      userId: author.id,
      sentiment: 'positive',
      assessments: [{ name: 'Отношение к пациенту', value: 2 }],
      createdAt: new Date(Date.UTC(2026, 9, 1 + i)),
    });
  await recountRatings(db, NOW);
});

afterAll(async () => {
  await database?.close();
});

const doctorRow = async () =>
  (
    await database.db.execute<{ rating: number; weighted: number; weights: number; spec: number | null }>(
      sql`SELECT d.rating, d.rating_weighted AS weighted, d.rating_weights AS weights,
                 (SELECT max(ds.rating) FROM doctor_specialities ds WHERE ds.doctor_id = d.id) AS spec
          FROM doctors d WHERE d.id = ${doctorId}`,
    )
  ).rows[0];

describe('the nightly stars refresh', () => {
  it('is a pg-boss cron job at 04:00 Moscow time, one copy at a time; a year on, it moves the stars towards neutral by the formula', async () => {
    const before = await doctorRow();
    const later = new Date('2027-11-26T01:00:00Z');
    const clock = fixedClock(later.toISOString());
    const jobs = createJobs({
      connection: database.jobs,
      clock,
      log: silent,
      kinds: { [RATING_REFRESH_JOB]: JOB_KINDS[RATING_REFRESH_JOB] },
      manual: true,
    });
    jobs.handle(createRatingRefreshHandlers({ db: database.db, clock, log: silent }));
    await jobs.open();
    try {
      expect(await jobs.boss.getSchedule(RATING_REFRESH_JOB)).toMatchObject({
        cron: '0 4 * * *',
        timezone: 'Europe/Moscow',
      });
      // What the cron tick sends; a second copy (another process's tick, a manual run) is refused.
      expect(await jobs.boss.send(RATING_REFRESH_JOB, {})).not.toBeNull();
      expect(await jobs.boss.send(RATING_REFRESH_JOB, {})).toBeNull();

      expect(await jobs.runDue(later)).toMatchObject({ claimed: 1, done: 1 });
      const after = await doctorRow();
      // The sums stay; only the stars follow the calendar.
      expect(after.weighted).toBe(before.weighted);
      expect(after.rating).toBeLessThan(before.rating);
      expect(after.rating).toBeCloseTo(
        storedRating({ weighted: Number(after.weighted), weights: Number(after.weights) }, later),
        5,
      );
      expect(after.spec).toBeCloseTo(after.rating, 5);
    } finally {
      await jobs.stop();
    }
  });
});
