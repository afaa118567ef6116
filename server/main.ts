import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { buildApp } from './app';
import { createRedisRateLimitStore } from './cache/rate-limit';
import { createRedisClient } from './cache/redis';
import { systemClock } from './clock';
import { legalOperatorOf, loadConfig, refuseProductionProblems } from './config';
import { openDatabase } from './db/client';
import { exitIfDataDirLocked } from './db/data-dir-lock';
import { isDatabaseEmpty, seedDatabase, seededSummary } from './db/seed/index';
import { createProgressBar } from './db/seed/progress-bar';
import { postgresStartupProblem } from './db/startup-problem';
import { loggerOptions } from './http/logger';
import { addDefaultAwardYears } from './modules/promo/service';
import type { BuildSource } from './pages';
import { createRedisBus } from './realtime/bus';

const config = loadConfig();
// A real deployment that cannot run stops here, before touching the database.
refuseProductionProblems(config);
const dev = process.argv.includes('--dev');
// People read development logs; production's JSON lines are for log collectors.
const humanLogs = dev || process.env.NODE_ENV !== 'production';

const startedAt = performance.now();
const database = await openDatabase(
  config.DATABASE_URL
    ? {
        kind: 'postgres',
        url: config.DATABASE_URL,
        poolSize: config.DATABASE_POOL_SIZE,
        replicaUrls: config.DATABASE_REPLICA_URLS,
      }
    : { kind: 'pglite', dataDir: path.join(config.DATA_DIR, 'pglite') },
).catch(exitIfDataDirLocked);
try {
  await database.migrate();
} catch (err) {
  // A database not created or a server not running is said in one line, with what to run.
  const problem = config.DATABASE_URL ? postgresStartupProblem(err, config.DATABASE_URL) : null;
  if (!problem) throw err;
  console.error(problem);
  await database.close().catch(() => {});
  process.exit(1);
}
console.log(
  `Database (${database.kind}) open and migrated in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`,
);

if (config.SEED_SIZE !== 'none' && (await isDatabaseEmpty(database.db))) {
  console.log(`Empty database: seeding the '${config.SEED_SIZE}' demo data set…`);
  const bar = createProgressBar();
  const { counts, ms } = await seedDatabase(database.db, {
    size: config.SEED_SIZE,
    seed: config.SEED,
    now: systemClock.now(),
    onProgress: (p) => bar.update(p),
  });
  bar.done();
  console.log(`Seeded in ${(ms / 1000).toFixed(1)} s: ${seededSummary(counts)}`);
}

// The award banner's current and next year get their default calendar unless staff set them.
const awardYears = await addDefaultAwardYears(database.db, systemClock.now());
if (awardYears.length > 0) console.log(`Award banner: default calendar added for ${awardYears.join(', ')}`);

let build: BuildSource | null = null;
let vite: import('vite').ViteDevServer | undefined;
if (!config.SERVE_PAGES) {
  console.log('SERVE_PAGES=false: serving the API only');
} else if (dev) {
  const { createServer } = await import('vite');
  vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
  const devServer = vite;
  build = () => devServer.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
} else {
  build = (await import(pathToFileURL(path.resolve('build/server/index.js')).href)) as ServerBuild;
}

const redisLog = { warn: console.warn, info: console.log };
const redis = config.REDIS_URL ? createRedisClient(config.REDIS_URL, redisLog) : null;
// Events reach every app process through Redis; without it, this process is the only one (ADR 010).
const bus = config.REDIS_URL && redis ? createRedisBus(config.REDIS_URL, redis, redisLog) : undefined;

const app = await buildApp({
  db: database.db,
  read: database.read,
  replicaStickyMs: config.DATABASE_REPLICA_STICKY_MS,
  clock: systemClock,
  logger: loggerOptions({ level: config.LOG_LEVEL, dev: humanLogs }),
  pages: build ? { build, mode: dev ? 'development' : 'production' } : undefined,
  bus,
  callSocketCheckMs: config.CALL_SOCKET_CHECK_MS,
  publicUrl: config.PUBLIC_URL,
  trustProxy: config.TRUST_PROXY,
  ipv6LimitPrefix: config.LIMIT_IPV6_PREFIX,
  // Pages change on every edit in development: no page cache there.
  pageCacheTtlMs: dev ? 0 : config.PAGE_CACHE_TTL_MS,
  pagesAtOnce: config.PAGE_CONCURRENCY,
  environment: config.APP_ENV,
  operator: legalOperatorOf(config),
  auth: {
    providersConfig: config,
    limits: redis ? createRedisRateLimitStore(redis) : undefined,
    secret: config.AUTH_SECRET,
    prefixCaps: config.SMS_PREFIX_DAILY_CAPS,
    clientIds: config.SSO_CLIENT_IDS.split(','),
    documentSiteUrl: config.DOCUMENT_SITE_LOGIN_URL ?? null,
    officeIps: config.OFFICE_IPS,
  },
  // Booking messages go out from every app process; the queue keeps them from going twice.
  jobs: { autoStart: true },
  maps: { config },
  club: { paymentsConfig: config, emailConfig: config },
  appStores: { appStore: config.APP_STORE_URL, googlePlay: config.GOOGLE_PLAY_URL },
  clockOverride: config.CLOCK_OVERRIDE,
  ice: {
    stunUrls: config.ICE_STUN_URLS ?? [],
    turnUrls: config.TURN_URLS ?? [],
    turnSecret: config.TURN_SECRET ?? null,
  },
  uploadsDir: path.join(config.DATA_DIR, 'review-documents'),
  beforeRoutes: vite
    ? (instance) => {
        const middlewares = vite.middlewares;
        instance.addHook('onRequest', (request, reply, done) => {
          middlewares(request.raw, reply.raw, () => done());
        });
      }
    : undefined,
});

/**
 * Graceful shutdown (ADR 010): /readyz turns 503 at once, so the load balancer's health checks
 * take this process out of rotation; requests keep being served for DRAIN_MS, then Fastify
 * closes (waiting for those under way), the job worker finishes its claimed jobs, and the
 * database closes. A SIGINT during the drain (Ctrl-C again) skips the rest of it; a repeated
 * SIGTERM does not, since wrappers (npm, tsx) relay the one a process manager sends to the group.
 */
const drainMs = config.DRAIN_MS ?? (dev ? 0 : 10_000);
let closing = false;
let skipDrain: () => void = () => {};
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (closing) {
      if (signal === 'SIGINT') skipDrain();
      return;
    }
    closing = true;
    app.startDraining();
    if (drainMs > 0) {
      app.log.info(`${signal}: draining for ${drainMs} ms (Ctrl-C to skip), then shutting down`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, drainMs);
        skipDrain = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    app.log.info(`${signal}: shutting down`);
    try {
      await app.close();
      await vite?.close();
    } finally {
      // Closes PGlite and releases its data dir lock even if the app did not close cleanly.
      await database.close();
      await bus?.close();
      redis?.disconnect();
    }
    process.exit(0);
  });
}

await app.listen({ port: config.PORT, host: config.HOST });
// The address people use (PUBLIC_URL, by default this port on localhost), not the bind address
// the listen log names.
console.log(`Open ${config.PUBLIC_URL}`);
