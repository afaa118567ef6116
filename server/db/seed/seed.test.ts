import { sql, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../testing/database';
import { doctorRatingFromScratch } from '../../testing/rating';
import type { Database } from '../client';
import { users } from '../schema/auth';
import { isDatabaseEmpty, seedDatabase, seededSummary } from './index';

const NOW = new Date('2025-06-10T09:00:00.000Z');

/**
 * md5 of whole rows in a fixed order: equal checksums mean identical tables. But the column a
 * trigger stamps with the writing transaction's id (appointments.change_xid, the MIS change feed),
 * which differs with how many transactions the load took.
 */
const CHECKSUMS = {
  towns: 'id',
  clinics: 'id',
  doctors: 'id',
  doctor_specialities: 'doctor_id, speciality_id',
  workplace_prices: 'workplace_id, visit_type',
  clinic_services: 'id',
  schedule_rules: 'id',
  appointments: 'id',
  users: 'id',
  reviews: 'id',
  review_tag_links: 'review_id, tag_id',
};

async function checksums(database: Database): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [table, order] of Object.entries(CHECKSUMS)) {
    const { rows } = await database.db.execute<{ sum: string }>(
      sql.raw(
        `SELECT md5(string_agg((to_jsonb(t) - 'change_xid')::text, '|' ORDER BY ${order})) AS sum FROM "${table}" t`,
      ),
    );
    out[table] = rows[0].sum;
  }
  return out;
}

async function count(database: Database, query: string): Promise<number> {
  const { rows } = await database.db.execute<{ n: number }>(sql.raw(`SELECT (${query})::int AS n`));
  return rows[0].n;
}

let first: Database;
let second: Database;
let counts: Record<string, number>;

beforeAll(async () => {
  first = await openTestDatabase();
  expect(await isDatabaseEmpty(first.db)).toBe(true);
  ({ counts } = await seedDatabase(first.db, { size: 'tiny', seed: 7, now: NOW }));
  // The second load keeps foreign-key triggers on: same rows, and proves parents load before children.
  second = await openTestDatabase();
  await seedDatabase(second.db, { size: 'tiny', seed: 7, now: NOW, skipForeignKeyTriggers: false });
});

afterAll(async () => {
  await first?.close();
  await second?.close();
});

describe('seedDatabase', () => {
  it('fills every directory table and reports the row counts', async () => {
    expect(await isDatabaseEmpty(first.db)).toBe(false);
    for (const table of ['towns', 'clinics', 'doctors', 'workplaces', 'clinic_services', 'schedule_rules']) {
      expect(counts[table], table).toBeGreaterThan(0);
    }
    expect(counts.reviews).toBe(await count(first, 'SELECT count(*) FROM reviews'));
    expect(counts.appointments).toBe(await count(first, 'SELECT count(*) FROM appointments'));
  });

  it('gives every doctor first free times to compute, both visit types, though a fast load runs without triggers', async () => {
    const doctors = await count(first, 'SELECT count(*) FROM doctors');
    expect(doctors).toBeGreaterThan(0);
    expect(await count(first, "SELECT count(*) FROM doctor_first_free WHERE visit_type = 'clinic'")).toBe(
      doctors,
    );
    expect(await count(first, "SELECT count(*) FROM doctor_first_free WHERE visit_type = 'telemed'")).toBe(
      doctors,
    );
  });

  it('sums itself up in one line of what a patient would count', async () => {
    const clinics = await count(first, 'SELECT count(*) FROM clinics');
    expect(seededSummary(counts)).toMatch(/^\d+ towns, \d+ clinics, [\d,]+ doctors, [\d,]+ reviews$/);
    expect(seededSummary(counts)).toContain(`, ${clinics} clinics,`);
    expect(seededSummary({ towns: 16, clinics: 320, doctors: 3200, reviews: 32000, users: 5 })).toBe(
      '16 towns, 320 clinics, 3,200 doctors, 32,000 reviews',
    );
  });

  it('gives identical rows for the same seed and clock, whichever way it loads', async () => {
    expect(await checksums(second)).toEqual(await checksums(first));
  });

  it('agrees names with gender: patronymics and surnames of women are feminine', async () => {
    expect(
      await count(first, `SELECT count(*) FROM doctors WHERE gender = 'F' AND patronymic !~ '(вна|чна)$'`),
    ).toBe(0);
    expect(
      await count(first, `SELECT count(*) FROM doctors WHERE gender = 'M' AND patronymic !~ '(ич)$'`),
    ).toBe(0);
    expect(
      await count(
        first,
        `SELECT count(*) FROM doctors WHERE gender = 'F' AND last_name ~ '(ов|ев|ёв|ин|ын|ский|цкий)$'`,
      ),
    ).toBe(0);
    expect(
      await count(
        first,
        `SELECT count(*) FROM doctors WHERE gender = 'M' AND last_name ~ '(ова|ева|ёва|ина|ына|ская|цкая)$'`,
      ),
    ).toBe(0);
  });

  it('never books two overlapping active appointments for one doctor', async () => {
    expect(counts.appointments).toBeGreaterThan(0);
    const overlapping = `SELECT count(*) FROM appointments a JOIN appointments b
      ON a.doctor_id = b.doctor_id AND a.id < b.id AND a.during && b.during
      WHERE a.status = 'active' AND b.status = 'active'`;
    expect(await count(first, overlapping)).toBe(0);
  });

  it('places appointments inside the rules, in the clinic town time zone', async () => {
    const outside = `SELECT count(*) FROM appointments a
      JOIN clinics c ON c.id = a.clinic_id JOIN towns t ON t.id = c.town_id
      WHERE a.workplace_id IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM schedule_rules r
         WHERE r.workplace_id = a.workplace_id AND r.visit_type = a.visit_type
           AND r.weekday = extract(isodow FROM lower(a.during) AT TIME ZONE t.tz)
           AND r.valid_from <= (lower(a.during) AT TIME ZONE t.tz)::date
           AND (lower(a.during) AT TIME ZONE t.tz)::time >= r.start_time
           AND (upper(a.during) AT TIME ZONE t.tz)::time <= r.end_time)`;
    expect(await count(first, outside)).toBe(0);
  });

  it('books visits for every demo doctor and clinic account, so their cabinets show a working day', async () => {
    const idle = `SELECT count(*) FROM users u
      WHERE u.role IN ('doctor', 'clinic') AND NOT EXISTS (
        SELECT 1 FROM appointments a
         WHERE (a.doctor_id = u.doctor_id OR a.clinic_id = u.clinic_id) AND a.status = 'active')`;
    expect(
      await count(first, "SELECT count(*) FROM users WHERE role IN ('doctor', 'clinic')"),
    ).toBeGreaterThan(0);
    expect(await count(first, idle)).toBe(0);
  });

  it('shows the demo cabinets the last week: begun visits of today and the last working day unmarked, older ones marked', async () => {
    const demo = `(a.clinic_id IN (SELECT clinic_id FROM users WHERE role = 'clinic')
      OR a.doctor_id IN (SELECT doctor_id FROM users WHERE role = 'doctor'))`;
    const now = `'${NOW.toISOString()}'::timestamptz`;
    const local = (at: string) => `(${at} AT TIME ZONE t.tz)::date`;
    const past = (where: string) =>
      count(
        first,
        `SELECT count(*) FROM appointments a JOIN clinics c ON c.id = a.clinic_id JOIN towns t ON t.id = c.town_id
          WHERE ${demo} AND lower(a.during) <= ${now} AND ${where}`,
      );
    // NOW is a Tuesday noon: today's begun visits and Monday's wait for the mark.
    expect(await past(`a.status = 'active' AND ${local('lower(a.during)')} = ${local(now)}`)).toBeGreaterThan(
      0,
    );
    expect(
      await past(`a.status = 'active' AND ${local('lower(a.during)')} = ${local(now)} - 1`),
    ).toBeGreaterThan(0);
    // Per workplace and visit type, one earlier day waits at most, and nothing after it is marked.
    const order = `SELECT count(*) FROM (
        SELECT count(DISTINCT d) FILTER (WHERE a.status = 'active' AND d < ${local(now)}) AS waiting,
               min(d) FILTER (WHERE a.status = 'active' AND d < ${local(now)}) AS first_waiting,
               max(d) FILTER (WHERE a.status IN ('done', 'no_show')) AS last_marked
          FROM appointments a JOIN clinics c ON c.id = a.clinic_id JOIN towns t ON t.id = c.town_id,
               LATERAL (SELECT ${local('lower(a.during)')} AS d) day
         WHERE lower(a.during) <= ${now}
         GROUP BY a.workplace_id, a.visit_type) g
      WHERE waiting > 1 OR last_marked >= first_waiting`;
    expect(await count(first, order)).toBe(0);
    // The week before: marked, most as come, some as not.
    expect(await past(`a.status = 'done'`)).toBeGreaterThan(0);
    expect(await past(`a.status = 'no_show'`)).toBeGreaterThan(0);
    expect(await past(`${local('lower(a.during)')} < ${local(now)} - 7`)).toBe(0);
    expect(
      await count(
        first,
        `SELECT count(*) FROM appointments WHERE (status IN ('done', 'no_show')) <> (marked_at IS NOT NULL)
            OR marked_at < upper(during) OR marked_at > ${now} + interval '2 hours'`,
      ),
    ).toBe(0);
    // Nothing past for the doctors no demo account sees.
    expect(
      await count(
        first,
        `SELECT count(*) FROM appointments a WHERE lower(a.during) < ${now} AND NOT ${demo}`,
      ),
    ).toBe(0);
  });

  it('books signed-in patients under their own names and phones', async () => {
    const mismatched = `SELECT count(*) FROM appointments a JOIN users u ON u.id = a.user_id
      WHERE a.patient_name <> u.first_name || ' ' || u.last_name OR a.patient_phone <> u.phone`;
    expect(await count(first, mismatched)).toBe(0);
    expect(await count(first, 'SELECT count(*) FROM appointments WHERE user_id IS NOT NULL')).toBeGreaterThan(
      0,
    );
  });

  it('keeps ratings within 0–5 and copies them into the speciality lists', async () => {
    for (const table of ['doctors', 'clinics', 'doctor_specialities']) {
      expect(await count(first, `SELECT count(*) FROM ${table} WHERE rating < 0 OR rating > 5`), table).toBe(
        0,
      );
    }
    expect(await count(first, 'SELECT count(*) FROM doctors WHERE rating > 0')).toBeGreaterThan(0);
    const stale = `SELECT count(*) FROM doctor_specialities ds JOIN doctors d ON d.id = ds.doctor_id
      WHERE ds.rating <> d.rating OR ds.reviews_count <> d.reviews_count OR ds.town_id <> d.town_id`;
    expect(await count(first, stale)).toBe(0);
  });

  it('warns of fake reviews only where moderation deleted at least two written by non-patients', async () => {
    const fakes = (subject: string) => `SELECT count(*) FROM reviews r WHERE r.${subject}
      AND r.status = 'deleted' AND r.deleted_reason = 'Отзыв оставлен не пациентом'`;
    expect(
      await count(
        first,
        `SELECT count(*) FROM doctors d WHERE d.fake_warning IS NOT NULL
        AND (${fakes('doctor_id = d.id')}) < 2`,
      ),
    ).toBe(0);
    expect(
      await count(
        first,
        `SELECT count(*) FROM clinics c WHERE c.fake_warning IS NOT NULL
        AND (${fakes("clinic_id = c.id AND r.doctor_id IS NULL AND r.sentiment = 'positive'")}) < 2`,
      ),
    ).toBe(0);
  });

  it('counts the shown reviews, and rates by the published formula from the ones that count', async () => {
    const wrongCount = `SELECT count(*) FROM doctors d WHERE d.reviews_count <>
      (SELECT count(*) FROM reviews r WHERE r.doctor_id = d.id AND r.status IN ('published', 'resolved', 'unconfirmed'))`;
    expect(await count(first, wrongCount)).toBe(0);
    const unrated = `SELECT count(*) FROM doctors d WHERE d.rating <> 0 AND NOT EXISTS
      (SELECT 1 FROM reviews r WHERE r.doctor_id = d.id AND r.status = 'published'
         AND (r.user_id IS NOT NULL OR r.created_at < '2019-06-25'))`;
    expect(await count(first, unrated)).toBe(0);
    // The SQL recount agrees with core/reviews/rating.ts on the doctor with the most reviews.
    const { rows } = await first.db.execute<{ id: number; rating: number }>(
      sql`SELECT id, rating FROM doctors ORDER BY reviews_count DESC, id LIMIT 1`,
    );
    expect(rows[0].rating).toBeCloseTo(await doctorRatingFromScratch(first.db, rows[0].id, NOW), 5);
  });

  it('gives every doctor a workplace, all of them in the doctor’s own town', async () => {
    const homeless = `SELECT count(*) FROM doctors d WHERE NOT EXISTS (
      SELECT 1 FROM workplaces w JOIN clinics c ON c.id = w.clinic_id WHERE w.doctor_id = d.id AND c.town_id = d.town_id)`;
    expect(await count(first, homeless)).toBe(0);
    const elsewhere = `SELECT count(*) FROM workplaces w JOIN doctors d ON d.id = w.doctor_id
      JOIN clinics c ON c.id = w.clinic_id WHERE c.town_id <> d.town_id`;
    expect(await count(first, elsewhere)).toBe(0);
    expect(await count(first, 'SELECT count(*) FROM doctors WHERE min_price IS NULL')).toBe(0);
  });

  it("prices a doctor's visit once: their price-list line of it shows the workplace's price (ADR 039)", async () => {
    const lines = `SELECT count(*) FROM clinic_services cs
      JOIN service_synonyms ss ON ss.id = cs.synonym_id AND ss.visit_type IS NOT NULL
      JOIN workplaces w ON w.doctor_id = cs.doctor_id AND w.clinic_id = cs.clinic_id
      JOIN workplace_prices wp ON wp.workplace_id = w.id AND wp.visit_type = ss.visit_type`;
    expect(await count(first, lines)).toBeGreaterThan(0);
    expect(
      await count(
        first,
        `${lines} WHERE (cs.price_full, cs.price_club) IS DISTINCT FROM (wp.price, wp.club_price)`,
      ),
    ).toBe(0);
  });

  it('stores valid IANA time zones for every town', async () => {
    const { rows } = await first.db.execute<{ tz: string }>(sql`SELECT tz FROM towns`);
    for (const { tz } of rows) expect(() => new Intl.DateTimeFormat('ru-RU', { timeZone: tz })).not.toThrow();
    expect(
      await count(first, 'SELECT count(*) FROM towns WHERE tz NOT IN (SELECT name FROM pg_timezone_names)'),
    ).toBe(0);
  });

  it('moves identity sequences past the explicit ids', async () => {
    // Inserted and rolled back, so the other tests (the checksums) see the seeded rows only.
    let insertedId = 0;
    await first.db
      .transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({
            phone: '79970000001',
            role: 'patient',
            medtochkaUuid: '00000000-0000-4000-8000-000000000001',
          })
          .returning();
        insertedId = user.id;
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    expect(insertedId).toBe(counts.users + 1);
  });
});
