/**
 * Two app processes behind HAProxy on one PostgreSQL database and one Redis (ADR 010):
 * - call-in sign-in with the websocket held by one process and the call landing on the other;
 * - a rolling restart under a booking load: no booking lost, no 5xx, no failed connection.
 * Needs DATABASE_URL and REDIS_URL (skipped without them) and haproxy (fails without it).
 */
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { freeSlotsOf } from '../bench/calls/booking';
import { AppProcess, createScratchDatabase, findHaproxy, Haproxy, waitFor } from './testing/cluster';
import { onFreePorts } from './testing/free-port';

const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
/** The drain is longer than HAProxy needs to see /readyz fail twice (a check every 200 ms). */
const DRAIN_MS = 3000;
const CHECK_INTER_MS = 200;

interface Session {
  cookie: string;
  csrf: string;
}

async function csrfOf(origin: string): Promise<string> {
  const res = await fetch(`${origin}/healthz`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('csrftoken='));
  if (!cookie) throw new Error('no csrftoken cookie');
  return cookie.slice('csrftoken='.length).split(';')[0];
}

function post(origin: string, path: string, body: unknown, session: Session) {
  return fetch(`${origin}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/json',
      'x-csrftoken': session.csrf,
      cookie: `csrftoken=${session.csrf}${session.cookie ? `; ${session.cookie}` : ''}`,
    },
    body: JSON.stringify(body),
  });
}

describe.skipIf(!databaseUrl || !redisUrl)(
  'two app processes behind HAProxy (needs DATABASE_URL, REDIS_URL)',
  () => {
    let database: Awaited<ReturnType<typeof createScratchDatabase>> | null = null;
    let a: AppProcess;
    let b: AppProcess;
    let balancer: Haproxy | null = null;
    let session: Session | null = null;

    beforeAll(async () => {
      const haproxy = findHaproxy();
      if (!haproxy) throw new Error('haproxy is not installed: apt-get install -y haproxy (.ci/run does it)');
      database = await createScratchDatabase(databaseUrl ?? '', 'multi');
      const url = database.url;
      // Ports found free; the whole start again on others when one was taken meanwhile.
      [a, b, balancer] = await onFreePorts(4, async ([front, stats, portA, portB]) => {
        const env = {
          DATABASE_URL: url,
          REDIS_URL: redisUrl ?? '',
          SEED_SIZE: 'small',
          SERVE_PAGES: 'false',
          DRAIN_MS: String(DRAIN_MS),
          // The socket's own check is out of the way: only the bus can bring the call in time.
          CALL_SOCKET_CHECK_MS: '600000',
          PUBLIC_URL: `http://127.0.0.1:${front}`,
          DATABASE_POOL_SIZE: '5',
        };
        const apps = [new AppProcess('a', portA, env), new AppProcess('b', portB, env)] as const;
        const proxy = new Haproxy(haproxy, {
          port: front,
          statsPort: stats,
          servers: apps.map((app) => ({ name: app.name, port: app.port })),
          interMs: CHECK_INTER_MS,
        });
        try {
          // One after the other: the first seeds the empty database.
          for (const app of apps) await app.start();
          await proxy.start();
          await proxy.waitUntilUp(['a', 'b']);
        } catch (err) {
          await proxy.stop();
          await Promise.all(apps.map((app) => app.stop(5000)));
          throw err;
        }
        return [...apps, proxy] as const;
      });
    }, 240_000);

    afterAll(async () => {
      await balancer?.stop();
      await Promise.all([a?.stop(5000), b?.stop(5000)]);
      await database?.drop();
    }, 60_000);

    it('signs in by call-in: the socket on one process hears the call that landed on the other', async () => {
      const phone = `7916${String(Date.now() % 10_000_000).padStart(7, '0')}`;
      const anonymous = { cookie: '', csrf: await csrfOf(b.origin) };
      const created = await post(b.origin, '/services/sso/calls/create_request/', { phone }, anonymous);
      expect(created.status).toBe(200);
      const { uuid } = (await created.json()) as { uuid: string };

      const socket = new WebSocket(`${a.origin.replace('http', 'ws')}/ws/phone_confirmation/call/${uuid}`);
      const heard = new Promise<string>((resolve, reject) => {
        socket.once('message', (data) => resolve(String(data)));
        socket.once('error', reject);
      });
      await new Promise((resolve, reject) => {
        socket.once('open', resolve);
        socket.once('error', reject);
      });
      // Process a listens on Redis once the channel has a subscriber.
      const redis = new Redis(redisUrl ?? '');
      try {
        await waitFor(
          'the socket’s subscription',
          async () => {
            const [, count] = (await redis.pubsub('NUMSUB', `portal:bus:call-in:${uuid}`)) as [
              string,
              number,
            ];
            return Number(count) >= 1;
          },
          10_000,
        );
      } finally {
        redis.disconnect();
      }

      // The patient's call reaches process b (the dev provider's outbox stands in for its callback).
      const outbox = (await (await fetch(`${b.origin}/dev/outbox.json`)).json()) as {
        calls: { uuid: string; phone: string }[];
      };
      const check = outbox.calls.find((c) => c.phone === phone);
      expect(check).toBeDefined();
      const rung = await post(b.origin, `/dev/outbox/calls/${check?.uuid}/ring`, {}, anonymous);
      expect(rung.status).toBe(303);

      const message = await Promise.race([
        heard,
        new Promise<string>((_, reject) =>
          setTimeout(() => reject(new Error('the socket on a heard nothing in 10 s')), 10_000),
        ),
      ]);
      socket.close();
      expect(JSON.parse(message)).toEqual({ status: 'confirmed' });

      // The page then finishes the request and signs in, through the balancer.
      const origin = balancer?.origin ?? '';
      const finished = await post(
        origin,
        '/services/sso/calls/finish_request/?client_id=portal&source=ws&time=5000',
        { phone, uuid },
        anonymous,
      );
      expect(finished.status).toBe(200);
      const { authorization_code } = (await finished.json()) as { authorization_code: string };
      const login = await post(
        origin,
        '/api/auth/login/',
        { authorization_code, client_id: 'portal' },
        anonymous,
      );
      expect(login.status).toBe(200);
      const cookies = login.headers.getSetCookie();
      const sessionid = cookies.find((c) => c.startsWith('sessionid='))?.split(';')[0] ?? '';
      const csrf =
        cookies
          .find((c) => c.startsWith('csrftoken='))
          ?.split(';')[0]
          .slice(10) ?? anonymous.csrf;
      session = { cookie: sessionid, csrf };
      // The session works on both processes.
      for (const server of [a, b]) {
        const pulled = await fetch(`${server.origin}/api/auth/pull/`, {
          headers: { cookie: `csrftoken=${csrf}; ${sessionid}` },
        });
        expect(((await pulled.json()) as { user: { userPhone: string } }).user.userPhone).toBe(phone);
      }
    }, 60_000);

    it('a rolling restart under a booking load loses no booking and serves no 5xx', async () => {
      if (!session || !balancer || !database) throw new Error('needs the session of the call-in test');
      const patient = session;
      const origin = balancer.origin;
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ doctor_id: number; lpu_id: number }>(
          'SELECT doctor_id, clinic_id AS lpu_id FROM workplaces ORDER BY id LIMIT 60',
        );
        const today = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
        const pool = await freeSlotsOf(origin, patient, rows, today);
        expect(pool.length).toBeGreaterThan(400);

        const outcomes: (number | string)[] = [];
        const kept: number[] = [];
        let restarting = true;
        let next = 0;
        const book = async () => {
          const slot = pool[next++];
          try {
            const res = await post(
              origin,
              '/ajax/appointment/create/',
              {
                last_name: 'Перезапусков',
                first_name: 'Тест',
                patronymic: 'Балансирович',
                birth_date: '1985-05-05',
                source: 'test',
                ...slot,
                request_key: `rolling-${next}-${Date.now()}`,
              },
              patient,
            );
            const text = await res.text();
            const body = (res.status === 201 ? JSON.parse(text) : {}) as { appointment?: { id: number } };
            // A 5xx is kept with the start of its body: the balancer's and the app's differ.
            outcomes.push(res.status >= 500 ? `${res.status} ${text.slice(0, 100)}` : res.status);
            if (res.status === 201 && body.appointment) kept.push(body.appointment.id);
          } catch (err) {
            outcomes.push(`error: ${err instanceof Error ? (err.cause ?? err.message) : String(err)}`);
          }
        };
        // Four patients book one after another (a steady rate) until both restarts are done.
        const load = Promise.all(
          Array.from({ length: 4 }, async () => {
            while ((restarting || outcomes.length < 200) && outcomes.length < 400 && next < pool.length)
              await book();
          }),
        );
        await waitFor('the load under way', async () => outcomes.length >= 20, 30_000);
        for (const server of [a, b]) {
          expect(await server.stop()).toBe(0);
          await server.start();
          await balancer.waitUntilUp(['a', 'b']);
        }
        restarting = false;
        await load;

        const failures = outcomes.filter((o) => typeof o === 'string');
        const found = await client.query<{ id: number }>(
          "SELECT id FROM appointments WHERE id = ANY($1) AND status = 'active'",
          [kept],
        );
        console.log(
          `rolling restart: ${outcomes.length} bookings tried, ${kept.length} got 201, ${found.rowCount} kept, ` +
            `${failures.length} 5xx or connection errors; other answers ${JSON.stringify(
              outcomes.filter((o) => typeof o === 'number' && o !== 201),
            )}`,
        );
        expect(failures).toEqual([]);
        expect(outcomes.length).toBeGreaterThanOrEqual(200);
        expect(found.rowCount).toBe(kept.length);
      } finally {
        await client.end();
      }
    }, 180_000);
  },
);
