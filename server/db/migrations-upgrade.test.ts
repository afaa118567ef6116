/**
 * Upgrading a database of the previous release: its migrations (those up to PREVIOUS_RELEASE)
 * are applied, data is put in, then the current migrations run over it and the data must be
 * intact and served. When a release ships, move PREVIOUS_RELEASE to its last migration's tag.
 *
 * The data is made by today's factories in a scratch database of today's schema, then copied
 * into the previous release's tables column by column (json_populate_recordset keeps the columns
 * the old table has): a column added since then never breaks the old release's inserts.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { fixedClock } from '../clock';
import { type Database, openDatabase } from './client';
import { scheduleRules } from './schema/schedule';
import { createClinic, createDoctor, createTown } from './seed/factories';

/** The tag of the last migration the previous release shipped (meta/_journal.json). */
const PREVIOUS_RELEASE = '0024_appointment_sequence';

const migrations = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const work = mkdtempSync(path.join(tmpdir(), 'previous-release-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Journal {
  entries: { tag: string }[];
}

/** A copy of the migrations folder whose journal ends at PREVIOUS_RELEASE. */
function previousReleaseMigrations(): string {
  const folder = path.join(work, 'migrations');
  cpSync(migrations, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as Journal;
  const last = journal.entries.findIndex((e) => e.tag === PREVIOUS_RELEASE);
  if (last < 0) throw new Error(`PREVIOUS_RELEASE ${PREVIOUS_RELEASE} is not in the migrations journal`);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

const TABLES = [
  'towns',
  'clinics',
  'doctors',
  'workplaces',
  'reviews',
  'users',
  'schedule_rules',
  'appointments',
];

/**
 * Runs `make` on a scratch database of today's schema and copies every row it wrote into the
 * previous release's database, keeping the columns its tables have (foreign keys are not checked
 * while copying: the tables go in any order).
 */
async function copyInto<T>(target: PGlite, make: (db: Database['db']) => Promise<T>): Promise<T> {
  const scratch = await openDatabase({ kind: 'pglite' });
  try {
    await scratch.migrate();
    const made = await make(scratch.db);
    const source = (scratch.db as unknown as { $client: PGlite }).$client;
    const { rows: tables } = await target.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
    );
    await target.query('SET session_replication_role = replica');
    for (const { name } of tables) {
      const { rows } = await source.query<{ json: unknown[] | null }>(
        `SELECT json_agg(t) AS json FROM "${name}" t`,
      );
      if (!rows[0].json) continue;
      await target.query(
        `INSERT INTO "${name}" SELECT * FROM json_populate_recordset(NULL::"${name}", $1::json)`,
        [JSON.stringify(rows[0].json)],
      );
    }
    await target.query('SET session_replication_role = DEFAULT');
    return made;
  } finally {
    await scratch.close();
  }
}

describe('migrations from the previous release', () => {
  it('keep its data and serve it', async () => {
    const database = await openDatabase({ kind: 'pglite' });
    try {
      const client = (database.db as unknown as { $client: PGlite }).$client;
      await migrate(database.db as never, { migrationsFolder: previousReleaseMigrations() });
      const applied = async () =>
        (await client.query<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations'))
          .rows[0].n;
      const previousCount = await applied();
      // The previous release's data: rows in the main tables through today's factories, made
      // in a scratch database and copied into the old tables (the bulk seed also fills tables
      // newer than PREVIOUS_RELEASE).
      const { town, doctor } = await copyInto(client, async (db) => {
        const town = await createTown(db, { slug: 'upgrade-town' });
        const clinic = await createClinic(db, { townId: town.id });
        const doctor = await createDoctor(db, { townId: town.id, clinicIds: [clinic.id] });
        await db.insert(scheduleRules).values({
          workplaceId: doctor.workplaces[0].id,
          weekday: 1,
          startTime: '09:00',
          endTime: '12:00',
          slotMinutes: 30,
          validFrom: '2026-01-01',
        });
        return { town, doctor };
      });
      await client.query("INSERT INTO users (phone, role) VALUES ('79990000001', 'patient')");
      const count = async () => {
        const out: Record<string, number> = {};
        for (const t of TABLES)
          out[t] = (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${t}`)).rows[0].n;
        return out;
      };
      const before = await count();
      expect(before.doctors).toBeGreaterThan(0);

      await database.migrate();
      const journal = JSON.parse(
        readFileSync(path.join(migrations, 'meta', '_journal.json'), 'utf8'),
      ) as Journal;
      expect(await applied()).toBe(journal.entries.length);
      expect(previousCount).toBeLessThanOrEqual(journal.entries.length);
      expect(await count()).toEqual(before);

      const app = await buildApp({ db: database.db, clock: fixedClock('2026-11-22T09:00:00Z') });
      try {
        const list = await app.inject({ url: `/api/doctors/?town=${town.slug}` });
        expect(list.statusCode).toBe(200);
        expect(list.json().data.map((d: { id: number }) => d.id)).toEqual([doctor.id]);
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }
  });
});
