/**
 * Sign-in and favourites benchmarks: the code request + confirm + login round trip
 * against the running production server with its dev providers (the code is read from
 * /dev/outbox.json, as a tester would read the phone), and the favourites state call for 20 ids.
 */
import autocannon from 'autocannon';
import type { CallResult } from '../call-load';
import { median, percentile } from '../stats';

export interface SignInResult {
  workers: number;
  seconds: number;
  sessions: number;
  sessionsPerSecond: number;
  /** request + confirm + login, without the harness's outbox read. */
  p50: number;
  p95: number;
  p99: number;
  failures: Record<string, number>;
  /** A session of the last sign-in, for the calls that need a patient. */
  session: { cookie: string; csrf: string } | null;
}

interface Client {
  origin: string;
  csrf: string;
}

async function csrfOf(origin: string): Promise<string> {
  const res = await fetch(`${origin}/healthz`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('csrftoken='));
  if (!cookie) throw new Error('no csrftoken cookie from /healthz');
  return cookie.slice('csrftoken='.length).split(';')[0];
}

async function postJson(client: Client, path: string, body: unknown, ip: string, cookie = '') {
  const res = await fetch(`${client.origin}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-csrftoken': client.csrf,
      'x-forwarded-for': ip,
      cookie: `csrftoken=${client.csrf}${cookie ? `; ${cookie}` : ''}`,
    },
    body: JSON.stringify(body),
  });
  return res;
}

async function outboxCode(origin: string, phone: string): Promise<string> {
  const res = await fetch(`${origin}/dev/outbox.json`);
  const { messages } = (await res.json()) as { messages: { phone: string; code: string | null }[] };
  const code = messages.find((m) => m.phone === phone)?.code;
  if (!code) throw new Error(`no code in the outbox for ${phone}`);
  return code;
}

/**
 * `workers` patients sign in over and over for `seconds`, each with a fresh phone and address
 * (the per-phone and per-IP limits would rightly stop one patient repeating it).
 */
export async function signInRoundTrips(
  origin: string,
  workers: number,
  seconds: number,
): Promise<SignInResult> {
  const client: Client = { origin, csrf: await csrfOf(origin) };
  const base = 1_000_000 + Math.floor(Math.random() * 8_000_000);
  let seq = 0;
  const durations: number[] = [];
  const failures: Record<string, number> = {};
  let session: SignInResult['session'] = null;
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();

  const fail = (what: string) => {
    failures[what] = (failures[what] ?? 0) + 1;
  };

  async function worker() {
    while (performance.now() < deadline) {
      const n = seq++;
      const phone = `7916${String((base + n) % 10_000_000).padStart(7, '0')}`;
      const ip = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
      const t0 = performance.now();
      const requested = await postJson(client, '/services/sso/confirmation/request/', { phone }, ip);
      if (!requested.ok) {
        fail(`request ${requested.status}`);
        continue;
      }
      const { service_id } = (await requested.json()) as { service_id: string };
      const t1 = performance.now();
      const code = await outboxCode(origin, phone);
      const t2 = performance.now();
      const confirmed = await postJson(
        client,
        '/services/sso/confirmation/confirm/?client_id=portal',
        { phone, code, service_id, mobile_app: false },
        ip,
      );
      if (!confirmed.ok) {
        fail(`confirm ${confirmed.status}`);
        continue;
      }
      const { authorization_code } = (await confirmed.json()) as { authorization_code: string };
      const login = await postJson(
        client,
        '/api/auth/login/',
        { authorization_code, client_id: 'portal' },
        ip,
      );
      if (!login.ok) {
        fail(`login ${login.status}`);
        continue;
      }
      await login.arrayBuffer();
      const t3 = performance.now();
      durations.push(t1 - t0 + (t3 - t2));
      const cookies = login.headers.getSetCookie();
      const sessionid = cookies.find((c) => c.startsWith('sessionid='))?.split(';')[0];
      const csrf = cookies
        .find((c) => c.startsWith('csrftoken='))
        ?.split(';')[0]
        .slice('csrftoken='.length);
      if (sessionid && csrf) session = { cookie: sessionid, csrf };
    }
  }

  await Promise.all(Array.from({ length: workers }, worker));
  const elapsed = (performance.now() - started) / 1000;
  return {
    workers,
    seconds,
    sessions: durations.length,
    sessionsPerSecond: durations.length / elapsed,
    p50: median(durations),
    p95: percentile(durations, 95),
    p99: percentile(durations, 99),
    failures,
    session,
  };
}

/** A JSON POST call under load (autocannon), timed like runCalls' GETs. */
export function runPostCall(
  origin: string,
  name: string,
  request: { path: string; body: unknown; cookie: string; csrf: string },
  connections: number,
  seconds: number,
): Promise<CallResult> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    const non2xx: Record<string, number> = {};
    const instance = autocannon(
      {
        url: origin,
        connections,
        duration: seconds,
        timeout: 30,
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          'x-csrftoken': request.csrf,
          cookie: `csrftoken=${request.csrf}; ${request.cookie}`,
        },
        requests: [{ method: 'POST', path: request.path, body: JSON.stringify(request.body) }],
      },
      (err, result) => {
        if (err) return reject(err);
        resolve({
          name,
          paths: 1,
          connections,
          requests: result.requests.total,
          rps: result.duration > 0 ? result.requests.total / result.duration : 0,
          p50: median(latencies),
          p95: percentile(latencies, 95),
          p99: percentile(latencies, 99),
          non2xx,
          errors: result.errors,
        });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode === 200) latencies.push(responseTime);
      else non2xx[statusCode] = (non2xx[statusCode] ?? 0) + 1;
    });
  });
}
