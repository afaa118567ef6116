/**
 * Read replicas against a real streaming replica: a PostgreSQL primary and a replica made with
 * pg_basebackup (server/tools/replica-cluster.sh, run by .ci/run), named by
 * DATABASE_REPLICA_TEST_PRIMARY_URL and DATABASE_REPLICA_TEST_URLS. The test creates its own
 * database on the primary, which the replica receives by streaming.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Clock } from '../clock';
import { PRIMARY_COOKIE } from '../http/read-routing';
import { injectWithCsrf } from '../testing/csrf';
import { signedInAs } from '../testing/session';
import { type Database, openDatabase } from './client';
import { readRouting } from './replicas';
import { appointments } from './schema/booking';
import { scheduleRules } from './schema/schedule';
import { createClinic, createDoctor, createTown } from './seed/factories';

const primaryUrl = process.env.DATABASE_REPLICA_TEST_PRIMARY_URL;
const replicaUrl = process.env.DATABASE_REPLICA_TEST_URLS?.split(',')[0];
/** 'VERSION/NAME' of the replica's cluster, stopped and started again by the fallback test. */
const replicaCluster = process.env.DATABASE_REPLICA_TEST_CLUSTER ?? '15/replstandby';

const urlOf = (base: string, name: string) => {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
};

async function until(what: string, check: () => Promise<boolean>, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(!primaryUrl || !replicaUrl)(
  'read replicas (needs DATABASE_REPLICA_TEST_PRIMARY_URL and DATABASE_REPLICA_TEST_URLS: server/tools/replica-cluster.sh)',
  () => {
    const name = `replica_${Date.now()}_${randomBytes(4).toString('hex')}`;
    const warnings: string[] = [];
    const clock: Clock = { now: () => new Date('2026-11-22T05:00:00Z') };
    let database: Database;
    let app: FastifyInstance;
    let onReplica: pg.Client;
    const place = { town: '', doctorId: 0, clinicId: 0 };

    beforeAll(async () => {
      const admin = new pg.Client({ connectionString: primaryUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE "${name}"`);
      await admin.end();
      database = await openDatabase({
        kind: 'postgres',
        url: urlOf(primaryUrl as string, name),
        poolSize: 4,
        replicaUrls: [urlOf(replicaUrl as string, name)],
        warn: (m) => warnings.push(m),
      });
      await database.migrate();
      const town = await createTown(database.db, { tz: 'Asia/Novosibirsk', slug: 'replica-town' });
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
      Object.assign(place, { town: town.slug, doctorId: doctor.id, clinicId: clinic.id });
      onReplica = new pg.Client({ connectionString: urlOf(replicaUrl as string, name) });
      // The fallback test stops the replica under this connection.
      onReplica.on('error', () => {});
      await until('the replica to receive the database', async () => {
        await onReplica.connect();
        return true;
      });
      await until('the replica to replay the doctor', async () => {
        const { rows } = await onReplica.query('SELECT count(*)::int AS n FROM doctors WHERE id = $1', [
          doctor.id,
        ]);
        return rows[0].n === 1;
      });
      app = await buildApp({ db: database.db, read: database.read, replicaStickyMs: 10_000, clock });
    });

    afterAll(async () => {
      await app?.close();
      await onReplica?.end().catch(() => {});
      await database?.close();
      const cleanup = new pg.Client({ connectionString: primaryUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await cleanup.end();
    });

    const counts = () => database.readCounts?.() ?? { primary: 0, replica: 0, fallbacks: 0 };
    const listUrl = () => `/api/doctors/?town=${place.town}`;

    it('reads `read` from the replica only where the app allows it', async () => {
      const where = sql`SELECT pg_is_in_recovery() AS standby`;
      // Drizzle runs a query when it is awaited: inside the callback, as a request's handler does.
      const [inside] = (await readRouting.replicaAllowed(async () => await database.read.execute(where)))
        .rows;
      const [outside] = (await database.read.execute(where)).rows;
      expect(inside.standby).toBe(true);
      expect(outside.standby).toBe(false);
    });

    it('serves a directory call from the replica', async () => {
      const before = counts();
      const res = await app.inject({ url: listUrl() });
      expect(res.statusCode).toBe(200);
      expect(JSON.stringify(res.json())).toContain(String(place.doctorId));
      const after = counts();
      expect(after.replica).toBeGreaterThan(before.replica);
      expect(after.primary).toBe(before.primary);
      expect(res.cookies.find((c) => c.name === PRIMARY_COOKIE)).toBeUndefined();
    });

    it('books on the primary, and the client reads the primary right after', async () => {
      const patient = await signedInAs(app, database.db);
      const before = counts();
      const booked = await patient.inject({
        url: '/ajax/appointment/create/',
        payload: {
          doctor_id: place.doctorId,
          lpu_id: place.clinicId,
          slot: '23.11.2026 09:00',
          last_name: 'Иванова',
          first_name: 'Анна',
          patronymic: 'Петровна',
          birth_date: '1990-04-01',
          request_key: `replica-${name}`,
          source: 'doctors_list',
        },
      });
      expect(booked.statusCode).toBe(201);
      // Nothing of the booking went to the replica; the appointment is on the primary at once.
      expect(counts().replica).toBe(before.replica);
      const rows = await database.db.select({ id: appointments.id }).from(appointments);
      expect(rows.map((r) => r.id)).toContain(booked.json().appointment.id);
      const marker = booked.cookies.find((c) => c.name === PRIMARY_COOKIE);
      expect(marker?.maxAge).toBe(10);
      expect(Number(marker?.value)).toBe(clock.now().getTime() + 10_000);

      // The same client's next directory read goes to the primary; another client's to the replica.
      const mid = counts();
      const again = await app.inject({
        url: listUrl(),
        cookies: { [PRIMARY_COOKIE]: String(marker?.value) },
      });
      expect(again.statusCode).toBe(200);
      expect(counts().replica).toBe(mid.replica);
      expect(counts().primary).toBeGreaterThan(mid.primary);
      const expired = String(clock.now().getTime() - 1);
      await app.inject({ url: listUrl(), cookies: { [PRIMARY_COOKIE]: expired } });
      expect(counts().replica).toBeGreaterThan(mid.replica);
    });

    it('a failed write sets no marker', async () => {
      const res = await injectWithCsrf(app, { url: '/ajax/mistake_reports/', payload: { text: '' } });
      expect(res.statusCode).toBe(400);
      expect(res.cookies.find((c) => c.name === PRIMARY_COOKIE)).toBeUndefined();
    });

    it('falls back to the primary when the replica stops, warning once, never failing', async () => {
      const [version, cluster] = replicaCluster.split('/');
      const ctl = (action: string) =>
        execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, cluster, action, '-m', 'fast'], {
          stdio: 'ignore',
        });
      const warned = warnings.length;
      ctl('stop');
      try {
        const before = counts();
        for (let i = 0; i < 3; i++) {
          const res = await app.inject({ url: listUrl() });
          expect(res.statusCode).toBe(200);
          expect(JSON.stringify(res.json())).toContain(String(place.doctorId));
        }
        expect(counts().fallbacks).toBeGreaterThan(before.fallbacks);
        expect(warnings.length - warned).toBe(1);
        expect(warnings.at(-1)).toMatch(/Read replica .* failed .* reading the primary/);
      } finally {
        execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, cluster, 'start'], {
          stdio: 'ignore',
        });
        await until('the replica to start again', async () => {
          const probe = new pg.Client({ connectionString: replicaUrl });
          await probe.connect();
          await probe.end();
          return true;
        });
      }
    });
  },
);
