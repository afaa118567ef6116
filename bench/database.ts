/**
 * The benchmark database: created when missing, seeded through the project's own seed CLI
 * when empty (or holding another size than asked), then described for the report header.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { quoteIdent, withPgSession } from '../server/db/pg-session';

export type SeedSize = 'small' | 'large' | 'xl';

/** The large plan has ~100k doctors, the small one ~3k: anything above this is 'large'. */
const LARGE_MIN_DOCTORS = 50_000;
/** The xl plan has 600k doctors in 83 towns: anything above this is 'xl'. */
const XL_MIN_DOCTORS = 400_000;

/** Which plan a database with this many doctors was seeded with. */
export function sizeOfDoctorCount(doctors: number): SeedSize {
  return doctors >= XL_MIN_DOCTORS ? 'xl' : doctors >= LARGE_MIN_DOCTORS ? 'large' : 'small';
}

export interface DatasetInfo {
  size: SeedSize;
  doctors: number;
  clinics: number;
  reviews: number;
  postgresVersion: string;
  /** What the benchmark did to the database this run (created, seeded, analyzed). */
  actions: string[];
}

export interface SpecialityPick {
  id: number;
  slug: string;
  name: string;
  doctors: number;
  numPages: number;
  /** 200, or the last page when the speciality has fewer pages. */
  page: number;
}

const TSX = path.resolve('node_modules/.bin/tsx');

function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
}

/** Creates the database named in `url` through the server's `postgres` database, if missing. */
async function ensureDatabaseExists(url: string): Promise<boolean> {
  const name = databaseName(url);
  if (!name) throw new Error(`BENCH_DATABASE_URL has no database name: ${url}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  return withPgSession(admin.toString(), async (client) => {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return false;
    await client.query(`CREATE DATABASE ${quoteIdent(name)}`);
    return true;
  });
}

/** Doctors in the database, or null when the schema is not there yet. */
async function doctorCount(url: string): Promise<number | null> {
  return withPgSession(url, async (client) => {
    const { rows } = await client.query<{ towns: string | null; doctors: string | null }>(
      "SELECT to_regclass('public.towns')::text AS towns, to_regclass('public.doctors')::text AS doctors",
    );
    if (!rows[0].towns || !rows[0].doctors) return null;
    const n = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM doctors');
    return n.rows[0].n;
  });
}

function runSeed(url: string, size: SeedSize, reset: boolean): Promise<void> {
  const args = ['server/db/seed/cli.ts', '--size', size, ...(reset ? ['--reset', '--yes'] : [])];
  console.log(`\n$ DATABASE_URL=${redact(url)} tsx ${args.join(' ')}`);
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, args, { stdio: 'inherit', env: { ...process.env, DATABASE_URL: url } });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`seed CLI failed (${signal ?? `exit code ${code}`})`)),
    );
  });
}

/**
 * Makes sure the database exists and holds the asked data set; seeds it otherwise. A freshly
 * loaded database gets VACUUM ANALYZE, as autovacuum would give a production one: without
 * planner statistics and a visibility map, every plan and index-only scan is off.
 */
export async function prepareDatabase(
  url: string,
  size: SeedSize,
  options: { reseed: boolean },
): Promise<DatasetInfo> {
  const actions: string[] = [];
  if (await ensureDatabaseExists(url)) actions.push(`created database ${databaseName(url)}`);

  const existing = await doctorCount(url);
  const existingSize = existing === null ? null : sizeOfDoctorCount(existing);
  if (existing === null || existing === 0 || options.reseed || existingSize !== size) {
    const reset = existing !== null;
    if (existing && existingSize !== size) {
      console.log(
        `The database holds the ${existingSize} set (${existing} doctors); reseeding with '${size}'.`,
      );
    }
    const started = performance.now();
    await runSeed(url, size, reset);
    actions.push(`seeded '${size}' in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }

  return withPgSession(url, async (client) => {
    // Right after a bulk load the tables have dead row versions (the seed updates aggregates),
    // no visibility map and unset hint bits: the first reads write, index-only scans visit the
    // heap. Autovacuum fixes that on a live database; here it is done once, up front.
    const stale = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_user_tables
        WHERE relname IN ('doctors', 'doctor_specialities', 'reviews', 'workplaces', 'clinic_services')
          AND ((last_vacuum IS NULL AND last_autovacuum IS NULL) OR (last_analyze IS NULL AND last_autoanalyze IS NULL))`,
    );
    if (stale.rows[0].n > 0) {
      process.stdout.write('Tables never vacuumed since the load: VACUUM ANALYZE… ');
      const started = performance.now();
      await client.query('VACUUM ANALYZE');
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`${seconds} s`);
      actions.push(
        `VACUUM ANALYZE (${seconds} s; ${stale.rows[0].n} directory tables never vacuumed since the load)`,
      );
    }
    // A table a previous run filled or rewrote since its statistics were taken (the doctors' first
    // free times, filled by the first list that reads them) is planned as if it were still
    // empty until autovacuum gets to it, which on a busy machine can take many minutes: a free
    // filter's list then took 0.5–1.5 s instead of 5 ms. Such tables are analyzed up front.
    const changed = await client.query<{ name: string }>(
      `SELECT format('%I.%I', schemaname, relname) AS name FROM pg_stat_user_tables
        WHERE n_mod_since_analyze > 0.2 * greatest(n_live_tup, 1000) ORDER BY 1`,
    );
    if (changed.rows.length > 0) {
      const names = changed.rows.map((r) => r.name);
      process.stdout.write(`Tables changed since their statistics (${names.join(', ')}): ANALYZE… `);
      const started = performance.now();
      // Quoted by format('%I.%I') above.
      for (const name of names) await client.query(`ANALYZE ${name}`);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`${seconds} s`);
      actions.push(`ANALYZE of ${names.length} tables changed since their statistics (${seconds} s)`);
    }
    const { rows } = await client.query<{
      doctors: number;
      clinics: number;
      reviews: number;
      version: string;
    }>(
      `SELECT (SELECT count(*) FROM doctors)::int AS doctors,
              (SELECT count(*) FROM clinics)::int AS clinics,
              (SELECT count(*) FROM reviews)::int AS reviews,
              current_setting('server_version') AS version`,
    );
    const r = rows[0];
    return {
      size: sizeOfDoctorCount(r.doctors),
      doctors: r.doctors,
      clinics: r.clinics,
      reviews: r.reviews,
      postgresVersion: r.version,
      actions,
    };
  });
}

/** The speciality with the most doctors in the town, and the deep page to measure. */
export async function pickSpeciality(
  url: string,
  townSlug: string,
  perPage: number,
): Promise<SpecialityPick> {
  return withPgSession(url, async (client) => {
    const { rows } = await client.query<{ id: number; slug: string; name: string; n: number }>(
      `SELECT s.id, s.translit AS slug, s.name, count(*)::int AS n
         FROM doctor_specialities ds
         JOIN specialities s ON s.id = ds.speciality_id
         JOIN towns t ON t.id = ds.town_id
        WHERE t.slug = $1
        GROUP BY s.id, s.translit, s.name
        ORDER BY n DESC, s.id
        LIMIT 1`,
      [townSlug],
    );
    if (!rows[0]) throw new Error(`No doctors with a speciality in '${townSlug}': is the database seeded?`);
    const { id, slug, name, n } = rows[0];
    const numPages = Math.max(1, Math.ceil(n / perPage));
    return { id, slug, name, doctors: n, numPages, page: Math.min(200, numPages) };
  });
}

/** The URL without its password, for printing. */
export function redact(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

/**
 * Waits until no query of another session runs in the database: the load generator has
 * closed its connections, but the server may still be working through requests it had
 * accepted, which would slow down the next target. Returns the seconds waited.
 */
export async function waitForIdleDatabase(url: string, timeoutMs = 120_000): Promise<number> {
  const started = performance.now();
  return withPgSession(url, async (client) => {
    let quietPolls = 0;
    while (performance.now() - started < timeoutMs) {
      const { rows } = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND backend_type = 'client backend'
            AND state = 'active' AND pid <> pg_backend_pid()`,
      );
      quietPolls = rows[0].n === 0 ? quietPolls + 1 : 0;
      if (quietPolls >= 3) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    return (performance.now() - started) / 1000;
  });
}
