/**
 * The world the writing and moderation tests share: a town, a clinic with its doctor, another
 * doctor with no reviews, an old published review of the first doctor (so publishing a new one
 * moves an existing rating), two tags, the app and a staff session. Each test file that calls
 * `reviewsWorld()` gets its own database.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../app';
import { fixedClock } from '../../clock';
import type { Database, Db } from '../../db/client';
import { reviewTags } from '../../db/schema/reviews';
import { createClinic, createDoctor, createReview, createTown } from '../../db/seed/factories';
import { recountRatings } from '../../db/sql/ratings';
import { openTestDatabase } from '../../testing/database';
import { doctorRatingFromScratch } from '../../testing/rating';
import { signedInAs, type TestSession } from '../../testing/session';

export const NOW = new Date('2026-11-22T09:00:00Z');
export const TEXT =
  'Врач внимательно выслушал, подробно объяснил диагноз и план лечения, назначил только нужные анализы. ' +
  'Через две недели стало заметно лучше.';

export function reviewsWorld() {
  let database: Database;
  let app: FastifyInstance;
  let staff: TestSession;
  let uploads = '';
  const ids = { town: 0, clinic: 0, doctor: 0, other: 0, seeded: 0 };

  beforeAll(async () => {
    database = await openTestDatabase();
    const db = database.db;
    uploads = await mkdtemp(path.join(os.tmpdir(), 'review-docs-'));
    const town = await createTown(db);
    const clinic = await createClinic(db, { townId: town.id });
    const doctor = await createDoctor(db, { townId: town.id, clinicIds: [clinic.id] });
    const other = await createDoctor(db, { townId: town.id, clinicIds: [] });
    Object.assign(ids, { town: town.id, clinic: clinic.id, doctor: doctor.id, other: other.id });
    const seeded = await createReview(db, {
      doctorId: doctor.id,
      sentiment: 'negative',
      userId: null,
      createdAt: new Date('2019-01-10T10:00:00Z'),
    });
    ids.seeded = seeded.id;
    await db.insert(reviewTags).values([
      { name: 'Внимательный врач', translit: 'vnimatelniy-vrach', polarity: 1 },
      { name: 'Долгое ожидание', translit: 'dolgoe-ozhidanie', polarity: -1 },
    ]);
    app = await buildApp({ db, clock: fixedClock(NOW.toISOString()), uploadsDir: uploads });
    await recountRatings(db, NOW);
    staff = await signedInAs(app, db, { role: 'staff' });
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await rm(uploads, { recursive: true, force: true });
  });

  const world = {
    ids,
    get app(): FastifyInstance {
      return app;
    },
    get db(): Db {
      return database.db;
    },
    get staff(): TestSession {
      return staff;
    },
    /** The directory the app keeps review documents in. */
    get uploads(): string {
      return uploads;
    },

    /** The review form's fields about the first doctor, with `over` changed. */
    review: (over: Record<string, unknown> = {}) => ({
      doctor_id: ids.doctor,
      text: TEXT,
      stars: [5, 5, 4, null],
      visit_month: '2026-10',
      tags: ['vnimatelniy-vrach'],
      ...over,
    }),

    /** A doctor's kept rating, count and sums. */
    async doctorRow(id: number) {
      const { rows } = await database.db.execute<{
        rating: number;
        reviewsCount: number;
        weighted: number;
        weights: number;
      }>(sql`SELECT rating, reviews_count AS "reviewsCount", rating_weighted AS weighted, rating_weights AS weights
             FROM doctors WHERE id = ${id}`);
      return rows[0];
    },

    ratingFromScratch: (doctorId: number) => doctorRatingFromScratch(database.db, doctorId, NOW),

    moderate: (id: number, action: string, reason?: string) =>
      staff.inject({ url: `/api/staff/reviews/${id}/moderate/`, payload: { action, reason } }),

    /** The ids of the cards a reviews call answers. */
    cardIds: async (url: string): Promise<number[]> =>
      [...(await app.inject({ url })).json().template.matchAll(/data-review-id="(\d+)"/g)].map((m) =>
        Number(m[1]),
      ),
  };
  return world;
}
