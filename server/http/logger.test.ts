import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { fixedClock } from '../clock';
import type { Database } from '../db/client';
import { createJobs } from '../jobs/queue';
import { openTestDatabase } from '../testing/database';
import { loggerOptions } from './logger';

const PHONE = '79161234567';
const NAME = 'Анна Каренина';
const TOKEN = 'cancel-token-5f2b9c0d';
const BIRTH = '1984-03-17';
const COOKIE = 'session-cookie-value-77';
const BEARER = 'bearer-secret-88';

/** A query that fails with a patient's data as its parameters (the phone does not fit an int). */
const failingQuery = (database: Database) =>
  database.db.execute(
    sql`SELECT ${PHONE}::int AS phone, ${NAME}::text AS name, ${TOKEN}::text AS token, ${BIRTH}::date AS born`,
  );

let database: Database;
let app: FastifyInstance;
const lines: string[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp({
    db: database.db,
    clock: fixedClock('2026-11-22T09:00:00Z'),
    logger: loggerOptions({ level: 'info', stream: { write: (line) => lines.push(line) } }),
  });
  app.post('/test/failing-query/', async () => {
    await failingQuery(database);
    return {};
  });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('logs keep no personal data', () => {
  it('a failed query is logged with its SQL text, without the parameters, the body, cookies or headers', async () => {
    lines.length = 0;
    const res = await app.inject({
      method: 'POST',
      url: `/test/failing-query/?token=${TOKEN}`,
      headers: { cookie: `sessionid=${COOKIE}`, authorization: `Bearer ${BEARER}` },
      payload: { name: NAME, phone: PHONE },
    });
    expect(res.statusCode).toBe(500);
    const log = lines.join('');
    const failed = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'request failed');
    expect(failed.err.type).toBe('DrizzleQueryError');
    expect(failed.err.query).toContain('::int AS phone');
    expect(failed.err.cause.code).toBe('22003');
    expect(log).toContain('/test/failing-query/?token=…');
    for (const secret of [PHONE, NAME, TOKEN, BIRTH, COOKIE, BEARER]) expect(log).not.toContain(secret);
  });

  it('a secret token in a path or a query is not logged', async () => {
    const secret = 'Zq3cardTokenSecret_9x';
    for (const url of [
      `/club/card/${secret}/`,
      `/waitlist/${secret}/`,
      `/waitlist/${secret}.data`,
      `/appointment/5/?token=${secret}`,
      `/appointment/5/calendar.ics?token=${secret}`,
      `/CLUB/card/${secret}/`,
    ]) {
      lines.length = 0;
      await app.inject({ url });
      const log = lines.join('');
      expect(log, url).toContain('"url":');
      expect(log, url).not.toContain(secret);
    }
    lines.length = 0;
    await app.inject({ url: `/club/card/${secret}/` });
    expect(lines.map((l) => JSON.parse(l).req?.url).filter(Boolean)).toEqual(['/club/card/…/']);
  });

  it('a failed job keeps the query, not its parameters, as its error', async () => {
    const kinds = {
      'test.failing-query': { retryLimit: 1, retryDelay: 60, retryDelayMax: 60, expireInSeconds: 60 },
    };
    const clock = fixedClock('2026-11-22T09:00:00Z');
    const jobs = createJobs({ connection: database.jobs, clock, log: app.log, kinds, manual: true });
    jobs.handle({ 'test.failing-query': () => failingQuery(database).then(() => undefined) });
    await jobs.open();
    try {
      await database.db.transaction((tx) =>
        jobs.enqueue(tx, [
          { kind: 'test.failing-query', payload: {}, runAt: new Date('2026-11-22T08:00:00Z') },
        ]),
      );
      expect(await jobs.runDue()).toMatchObject({ retried: 1 });
      const [job] = await jobs.boss.findJobs('test.failing-query');
      const error = JSON.stringify(job.output);
      expect(error).toContain('::int AS phone');
      for (const secret of [PHONE, NAME, TOKEN, BIRTH]) expect(error).not.toContain(secret);
    } finally {
      await jobs.stop();
    }
  });
});
