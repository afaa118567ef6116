/**
 * Upgrading a database of the previous release: its migrations (those up to PREVIOUS_RELEASE)
 * are applied, data is put in, then the current migrations run over it and the data must be
 * intact and served. When a release ships, move PREVIOUS_RELEASE to its last migration's tag.
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
import { openDatabase } from './client';
import { scheduleRules } from './schema/schedule';
import { createClinic, createDoctor, createTown } from './seed/factories';

/** The tag of the last migration the previous release shipped (meta/_journal.json). */
const PREVIOUS_RELEASE = '0015_reviews_read_paths';

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
      // The previous release's data: rows in the main tables through the factories (the bulk
      // seed also fills tables newer than PREVIOUS_RELEASE).
      const town = await createTown(database.db, { slug: 'upgrade-town' });
      const clinic = await createClinic(database.db, { townId: town.id });
      const doctor = await createDoctor(database.db, { townId: town.id, clinicIds: [clinic.id] });
      await database.db.insert(scheduleRules).values({
        workplaceId: doctor.workplaces[0].id,
        weekday: 1,
        startTime: '09:00',
        endTime: '12:00',
        slotMinutes: 30,
        validFrom: '2026-01-01',
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
