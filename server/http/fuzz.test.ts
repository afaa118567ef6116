/**
 * Property: no request, however malformed, answers 5xx. Every route the app registers (collected
 * with an onRoute hook; the websocket route aside) gets generated bad paths, queries, bodies,
 * content types, cookies and sessions; the pages catch-all gets real page URLs, bent. The seed
 * is fixed (FUZZ_SEED overrides it) and printed with the failing request, so a failure replays.
 */
import fc from 'fast-check';
import type { FastifyInstance, HTTPMethods, InjectOptions } from 'fastify';
import pLimit from 'p-limit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicUrl, doctorUrl } from '../../core/directory/urls';
import { buildApp } from '../app';
import { fixedClock } from '../clock';
import type { Database } from '../db/client';
import { createClinic, createDoctor, createReview, createTown } from '../db/seed/factories';
import { SESSION_COOKIE } from '../modules/auth/sessions';
import { csrfToken } from '../testing/csrf';
import { openTestDatabase } from '../testing/database';
import { testPages } from '../testing/pages';
import { signedInAs } from '../testing/session';
import { badBody, badHeaders, badQuery, badSegment, INPUT_KINDS, type InputKind } from './fuzz-inputs';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_122);
const PAGES_CATCH_ALL = '/*';

interface Route {
  method: HTTPMethods;
  url: string;
}

let database: Database;
let app: FastifyInstance;
let closePages: () => Promise<void>;
const routes: Route[] = [];
const pageUrls: string[] = [];
const ids: number[] = [];
/** Who sends: cookies and headers of each role (a clinic's MIS key is a bearer header). */
const sessions: Record<string, { cookies: Record<string, string>; headers: Record<string, string> }> = {};
const statuses = new Map<number, number>();

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  const town = await createTown(db);
  const clinic = await createClinic(db, { townId: town.id, softwareVersion: 'PRO' });
  const doctor = await createDoctor(db, { townId: town.id, clinicIds: [clinic.id] });
  const review = await createReview(db, { doctorId: doctor.id });
  ids.push(town.id, clinic.id, doctor.id, review.id);
  const { pages, close } = await testPages();
  closePages = close;
  app = await buildApp({
    db,
    clock: fixedClock('2026-11-22T09:00:00Z'),
    pages,
    beforeRoutes: (instance) =>
      instance.addHook('onRoute', (route) => {
        if (route.websocket) return;
        for (const method of [route.method].flat()) routes.push({ method, url: route.url });
      }),
  });
  await app.ready();
  const csrf = await csrfToken(app);
  sessions.anonymous = { cookies: { csrftoken: csrf }, headers: {} };
  sessions.forged = { cookies: { csrftoken: csrf, [SESSION_COOKIE]: 'forged-session-token' }, headers: {} };
  for (const role of ['patient', 'staff'] as const) sessions[role] = await signedInAs(app, db, { role });
  sessions.doctor = await signedInAs(app, db, { role: 'doctor', doctorId: doctor.id });
  const clinicAccount = await signedInAs(app, db, { role: 'clinic', clinicId: clinic.id });
  sessions.clinic = clinicAccount;
  const key = await clinicAccount.inject({
    url: '/cabinet/ajax/mis-keys/',
    payload: { label: 'МИС', scopes: ['slots', 'doctors', 'appointments:read', 'appointments:write'] },
  });
  expect(key.statusCode, key.body).toBe(201);
  sessions.mis = { cookies: {}, headers: { authorization: `Bearer ${key.json().secret}` } };
  const townPath = `/${town.slug}/`;
  const ref = (e: { id: number; slug: string }) => ({ id: e.id, slug: e.slug });
  pageUrls.push(
    '/',
    townPath,
    `${townPath}vrach/`,
    `${townPath}lpu/`,
    doctorUrl(town.slug, ref(doctor)),
    `${doctorUrl(town.slug, ref(doctor))}otzivi/`,
    clinicUrl(town.slug, ref(clinic)),
    `${townPath}search/`,
    '/favourites/',
    `/appointment/new/?doctor=${doctor.id}&lpu=${clinic.id}`,
    '/reviews/new/',
    '/staff/reviews/',
    '/no-such-page/',
  );
}, 180_000);

afterAll(async () => {
  await app?.close();
  await closePages?.();
  await database?.close();
  const seen = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
  const total = [...statuses.values()].reduce((a, b) => a + b, 0);
  console.info(
    `fuzz (seed ${SEED}): ${total} requests over ${routes.length} routes; statuses ${seen.join(' ')}`,
  );
});

/** A route's path with each parameter (and the wildcard) replaced by a generated segment. */
function fillPath(url: string, segments: string[]): string {
  let i = 0;
  return url.replace(/:[A-Za-z_]+|\*/g, () => segments[i++ % segments.length]);
}

const ROLES = ['anonymous', 'forged', 'patient', 'staff', 'doctor', 'clinic', 'mis', 'none'];
const sessionArb = () => fc.constantFrom(...ROLES);

/** One request to an API route: its method and path filled with bad or real parts. */
const apiRequest = () =>
  fc
    .record({
      route: fc.constantFrom(...routes.filter((r) => r.url !== PAGES_CATCH_ALL)),
      segments: fc.array(badSegment(ids), { minLength: 1, maxLength: 4 }),
      query: badQuery(ids),
      body: badBody(ids),
      headers: badHeaders(),
      session: sessionArb(),
    })
    .map(({ route, segments, query, body, headers, session }) =>
      request(route.method, `${fillPath(route.url, segments)}${query}`, body, headers, session),
    );

/** One request to a page: a real page URL, maybe bent, with any method the router takes. */
const pageRequest = () =>
  fc
    .record({
      url: fc.oneof(
        fc.constantFrom(...pageUrls),
        // A bent URL: an empty segment makes '//', which must stay a path on the public origin.
        fc
          .tuple(fc.constantFrom(...pageUrls), badSegment(ids))
          .map(([url, segment]) => `${url.split('?')[0]}${segment}/`),
      ),
      query: badQuery(ids),
      method: fc.constantFrom<HTTPMethods>('GET', 'GET', 'GET', 'HEAD', 'POST', 'TRACE', 'OPTIONS', 'PATCH'),
      body: badBody(ids),
      headers: badHeaders(),
      session: sessionArb(),
    })
    .map(({ url, query, method, body, headers, session }) => {
      const glue = url.includes('?') ? query.replace(/^\?/, '&') : query;
      return request(method, `${url}${glue}`, body, headers, session);
    });

function request(
  method: HTTPMethods,
  url: string,
  body: { payload?: string; contentType?: string },
  headers: Record<string, string>,
  session: string,
): InjectOptions & { url: string } {
  const { cookies, headers: own } = sessions[session] ?? { cookies: {}, headers: {} };
  const bodyless = method === 'GET' || method === 'HEAD';
  return {
    method,
    url,
    cookies,
    headers: {
      ...(cookies.csrftoken ? { 'x-csrftoken': cookies.csrftoken } : {}),
      ...own,
      ...(body.contentType && !bodyless ? { 'content-type': body.contentType } : {}),
      ...headers,
    },
    payload: bodyless ? undefined : body.payload,
  };
}

async function answersBelow500(options: InjectOptions & { url: string }) {
  const res = await app.inject(options);
  statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
  if (res.statusCode >= 500)
    throw new Error(`${options.method} ${options.url} → ${res.statusCode} ${res.body.slice(0, 300)}`);
}

describe('bad input never answers 5xx', () => {
  it('on every route, each kind of input, as each role', { timeout: 120_000 }, async () => {
    // HEAD routes are their GET's twins (Fastify adds one per GET).
    const api = routes.filter((r) => r.url !== PAGES_CATCH_ALL && r.method !== 'HEAD');
    expect(api.length).toBeGreaterThan(60);
    const text = new Set(['NUL', 'lone surrogate', 'lone low surrogate, nested', 'lone surrogate as a key']);
    const textKinds = INPUT_KINDS.filter((kind) => text.has(kind.name) || kind.name === 'query with NUL');
    const sends: { kind: InputKind; options: InjectOptions & { url: string } }[] = [];
    const send = (r: number, route: Route, kind: InputKind, role: string) => {
      const path = fillPath(route.url, [String(ids[r % ids.length]), String(ids[(r + 1) % ids.length])]);
      const method = (kind.method ?? route.method) as HTTPMethods;
      const body = { payload: kind.payload, contentType: kind.contentType };
      sends.push({ kind, options: request(method, `${path}${kind.query ?? ''}`, body, {}, role) });
    };
    for (const [r, route] of api.entries()) {
      // Each kind on each route, the role turning with it; and text PostgreSQL cannot store as
      // every role (so behind each sign-in), its kind turning with the role.
      for (const [k, kind] of INPUT_KINDS.entries()) send(r, route, kind, ROLES[(r + k) % ROLES.length]);
      for (const [i, role] of ROLES.entries()) send(r, route, textKinds[(r + i) % textKinds.length], role);
    }
    const failures: string[] = [];
    const stored: string[] = [];
    const inTurn = pLimit(4);
    await Promise.all(
      sends.map(({ kind, options }) =>
        inTurn(async () => {
          const res = await app.inject(options);
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          const who = Object.keys(options.cookies ?? {}).join('+') || 'no cookies';
          const what = `${kind.name}: ${options.method} ${options.url.slice(0, 120)} (${who})`;
          if (res.statusCode >= 500) failures.push(`${what} → ${res.statusCode} ${res.body.slice(0, 200)}`);
          // Text PostgreSQL cannot store is never accepted, whoever sends it and wherever it sits.
          const bodyless = options.method === 'GET' || options.method === 'HEAD';
          const carries = kind.name === 'query with NUL' || (text.has(kind.name) && !bodyless);
          if (carries && res.statusCode < 400) stored.push(`${what} → ${res.statusCode}`);
        }),
      ),
    );
    console.info(
      `fuzz sweep: ${sends.length} requests over ${api.length} routes × ${INPUT_KINDS.length} kinds`,
    );
    expect(failures).toEqual([]);
    expect(stored).toEqual([]);
  });

  it('on any API route', { timeout: 120_000 }, async () => {
    expect(routes.length).toBeGreaterThan(60);
    await fc.assert(fc.asyncProperty(apiRequest(), answersBelow500), {
      seed: SEED,
      numRuns: 20_000,
      interruptAfterTimeLimit: 20_000,
      endOnFailure: true,
    });
  });

  it('on pages', { timeout: 120_000 }, async () => {
    await fc.assert(fc.asyncProperty(pageRequest(), answersBelow500), {
      seed: SEED,
      numRuns: 1_000,
      interruptAfterTimeLimit: 12_000,
      endOnFailure: true,
    });
  });
});
