import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { fixedClock } from '../clock';
import { pgliteSnapshotPath } from '../testing/database';
import { testPages } from '../testing/pages';
import { BackupRefusal, backupPglite, backupPostgres, restorePglite, restorePostgres } from './backup';
import { type Database, openDatabase } from './client';
import { DataDirLockedError } from './data-dir-lock';
import { seedDatabase } from './seed/index';

const NOW = new Date('2026-11-22T09:00:00Z');
const MAIN_TABLES = ['towns', 'clinics', 'doctors', 'workplaces', 'reviews', 'users', 'schedule_rules'];
const work = mkdtempSync(path.join(tmpdir(), 'backup-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let pages: Awaited<ReturnType<typeof testPages>>;
beforeAll(async () => {
  pages = await testPages();
});
afterAll(() => pages?.close());

/** A page's HTML without what differs on every response (the CSP nonce). */
async function pageHtml(app: Awaited<ReturnType<typeof buildApp>>, url: string): Promise<string> {
  const res = await app.inject({ url });
  expect(res.statusCode, url).toBe(200);
  return res.body.replace(/ nonce="[^"]*"/g, '');
}

/** What a visitor and an operator would compare: row counts, a few calls and the pages they see. */
async function facts(database: Database) {
  const counts: Record<string, number> = {};
  for (const table of MAIN_TABLES) {
    const { rows } = await database.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`));
    counts[table] = (rows[0] as { n: number }).n;
  }
  const { rows } = await database.db.execute(sql`SELECT slug FROM towns ORDER BY id LIMIT 1`);
  const town = (rows[0] as { slug: string }).slug;
  const app = await buildApp({ db: database.db, clock: fixedClock(NOW.toISOString()), pages: pages.pages });
  try {
    const list = await app.inject({ url: `/api/doctors/?town=${town}` });
    expect(list.statusCode).toBe(200);
    expect(list.json().total).toBeGreaterThan(0);
    const doctorId = list.json().data[0].id;
    const activities = await app.inject({ url: `/ajax/doctor/${doctorId}/activities/` });
    const listPage = await pageHtml(app, `/${town}/vrach/`);
    const doctorPath = listPage.match(new RegExp(`href="(/${town}/vrach/\\d+-[^"/]+/)"`))?.[1];
    expect(doctorPath, 'a doctor page linked from the list').toBeDefined();
    return {
      counts,
      list: list.body,
      activities: `${activities.statusCode} ${activities.body}`,
      pages: { listPage, doctorPage: await pageHtml(app, doctorPath as string) },
    };
  } finally {
    await app.close();
  }
}

describe('PGlite: db:backup and db:restore', () => {
  const source = path.join(work, 'source', 'pglite');
  const file = path.join(work, 'pglite.tar.gz');

  it('restores a seeded data dir into a fresh one that answers the same', { timeout: 180_000 }, async () => {
    // The data dir starts from the run's migrated snapshot (server/testing/global-setup.ts) when
    // there is one: on a busy machine an empty cluster took 44 s to open and migrate, this 8 s.
    const snapshot = pgliteSnapshotPath();
    const database = await openDatabase({
      kind: 'pglite',
      dataDir: source,
      loadDataDir: existsSync(snapshot) ? new Blob([readFileSync(snapshot)]) : undefined,
    });
    await database.migrate();
    await seedDatabase(database.db, { size: 'tiny', seed: 3, now: NOW });
    // While it is open (as a server holds it), the data dir is not backed up: the holder is named.
    await expect(backupPglite(source, file)).rejects.toThrow(DataDirLockedError);
    await expect(backupPglite(source, file)).rejects.toThrow(String(process.pid));
    const before = await facts(database);
    expect(before.counts.doctors).toBeGreaterThan(0);
    await database.close();

    expect(await backupPglite(source, file)).toBeGreaterThan(1000);
    const target = path.join(work, 'target', 'pglite');
    const restored = await restorePglite(file, target, { replace: false });
    expect(restored.keptOld).toBeNull();
    const copy = await openDatabase({ kind: 'pglite', dataDir: target });
    try {
      await copy.migrate();
      expect(await facts(copy)).toEqual(before);
      // A restore over a data dir a server holds is refused; so is one over data without --yes.
      await expect(restorePglite(file, target, { replace: true })).rejects.toThrow(DataDirLockedError);
    } finally {
      await copy.close();
    }
    await expect(restorePglite(file, target, { replace: false })).rejects.toThrow(BackupRefusal);
    const again = await restorePglite(file, target, { replace: true });
    expect(again.keptOld).toMatch(/pglite\.before-restore-/);
  });

  it('refuses a file that is no backup and leaves the data dir alone', async () => {
    const junk = path.join(work, 'junk.tar.gz');
    writeFileSync(junk, 'not a tarball');
    const target = path.join(work, 'junk-target', 'pglite');
    await expect(restorePglite(junk, target, { replace: false })).rejects.toThrow();
    expect(existsSync(target)).toBe(false);
    await expect(restorePglite(path.join(work, 'missing'), target, { replace: false })).rejects.toThrow(
      BackupRefusal,
    );
  });
});

const url = process.env.DATABASE_URL;

describe.skipIf(!url)('PostgreSQL: db:backup and db:restore (needs DATABASE_URL)', () => {
  const names = [`backup_src_${process.pid}`, `backup_dst_${process.pid}`];
  const urlOf = (name: string) => {
    const u = new URL(url as string);
    u.pathname = `/${name}`;
    return u.toString();
  };
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  afterAll(async () => {
    for (const name of names) await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });

  it('restores a seeded database into a fresh one that answers the same', { timeout: 180_000 }, async () => {
    for (const name of names) await admin(`CREATE DATABASE "${name}"`);
    const [src, dst] = names.map(urlOf);
    const database = await openDatabase({ kind: 'postgres', url: src, poolSize: 2 });
    let before: Awaited<ReturnType<typeof facts>>;
    try {
      await database.migrate();
      await seedDatabase(database.db, { size: 'tiny', seed: 3, now: NOW });
      before = await facts(database);
    } finally {
      await database.close();
    }
    const file = path.join(work, 'postgres.dump');
    expect(await backupPostgres(src, file)).toBeGreaterThan(1000);
    expect(await restorePostgres(dst, file, { replace: false })).toMatchObject({ replaced: false });
    // A second restore finds tables: refused without --yes, replaced with it.
    await expect(restorePostgres(dst, file, { replace: false })).rejects.toThrow(BackupRefusal);
    expect(await restorePostgres(dst, file, { replace: true })).toMatchObject({ replaced: true });
    // A replacing restore that fails halfway changes nothing: the drop and the load are one transaction.
    const broken = path.join(work, 'broken.dump');
    writeFileSync(broken, readFileSync(file).subarray(0, Math.floor(statSync(file).size / 2)));
    await expect(restorePostgres(dst, broken, { replace: true })).rejects.toThrow(/restore failed/);
    const copy = await openDatabase({ kind: 'postgres', url: dst, poolSize: 2 });
    try {
      await copy.migrate();
      expect(await facts(copy)).toEqual(before);
    } finally {
      await copy.close();
    }
  });
});
