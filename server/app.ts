import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { providePageContext } from '../app/lib/services.server';
import type { AuthSettings } from '../core/auth/contracts';
import { DOCTOR_LOGIN_LINK } from '../core/auth/login-link';
import { DEMO_OPERATOR, type LegalOperator } from '../core/legal/document';
import { promoPageVariant } from '../core/promo/visibility';
import { apiRoutes } from './api-routes';
import { SENT_BROTLI_QUALITY } from './cache/page-encodings';
import { type Clock, fixedClock, TEST_NOW_COOKIE } from './clock';
import { DEFAULT_APP_STORES, DEV_AUTH_SECRET } from './config';
import { type Db, jobsConnectionOf } from './db/client';
import { registerErrorHandler } from './http/error-handler';
import { registerReadRouting } from './http/read-routing';
import { readinessRoute } from './http/readiness';
import { registerTextRule } from './http/text-rule';
import type { JobKindName } from './jobs/kinds';
import { createJobs, type JobHandler, type Jobs } from './jobs/queue';
import { callSocketRoutes } from './modules/auth/call-socket';
import { CLINIC_JOBS, createClinicMessageHandlers } from './modules/booking/clinic-messages';
import { createBookingMessageHandlers } from './modules/booking/messages';
import { createWaitlistHandlers } from './modules/booking/waitlist-jobs';
import { clinicMediaDir } from './modules/cabinet/clinic-media-store';
import { registerCabinetPermissions } from './modules/cabinet/permissions';
import { cabinetSocketRoutes } from './modules/cabinet/socket';
import { createUploadCleanupHandlers } from './modules/cabinet/upload-cleanup';
import { clubCardPageRoutes } from './modules/club/card-page';
import { createClubJobHandlers } from './modules/club/payments';
import { clubNotificationRoutes } from './modules/club/routes';
import { clubSocketRoutes } from './modules/club/socket';
import { createFirstFreeHandlers } from './modules/directory/first-free';
import { doctorDocumentsDir } from './modules/doctor/document-file';
import { doctorProfileRoutes } from './modules/doctor/profile-routes';
import { legalRoutes } from './modules/legal/routes';
import { createMisRetentionHandlers } from './modules/mis/retention';
import { misApiRoutes } from './modules/mis/routes';
import { createWebhooks, startOutboxDrain, webhookRoutes } from './modules/mis/webhooks';
import type { IceConfig } from './modules/online/service';
import { onlineRoomSocketRoutes } from './modules/online/socket';
import { createProfileErasureHandlers } from './modules/profile/erasure';
import { createAdSweepHandlers } from './modules/promo/ads-sweep';
import { createInvitationHandlers } from './modules/reviews/invitations/service';
import { createReviewNoticeHandlers } from './modules/reviews/notices';
import { createRatingRefreshHandlers } from './modules/reviews/rating/service';
import { reviewWriteRoutes } from './modules/reviews/routes';
import { createDocumentCleanupHandlers } from './modules/reviews/write/cleanup';
import { type BuildSource, type Cookies, type PageCaching, registerPages, servePageCacheHits } from './pages';
import { devOutboxRoutes } from './providers/dev-outbox-routes';
import type { DevPaymentsProvider } from './providers/payments/dev-payments';
import { devPaymentsRoutes } from './providers/payments/dev-payments-routes';
import type { EventBus } from './realtime/bus';
import { registerAddressKey } from './security/client-address';
import { issueCsrfCookie, refuseCrossSiteWrites } from './security/csrf';
import { cspNonce, registerSecurityHeaders } from './security/headers';
import { registerWriteLimits } from './security/write-limits';
import { type AuthDeps, createServices, type ServiceDeps } from './services';

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable job queue (pg-boss); tests drive it with `runDue(now)`. */
    jobs: Jobs;
    /**
     * Graceful shutdown's first step: `/readyz` answers 503 from now on, so the load balancer
     * stops sending new requests while the ones under way finish (server/main.ts).
     */
    startDraining(): void;
  }
}

export type AppEnvironment = 'production' | 'stage' | 'development';

export interface AppDeps {
  /** The database; the job queue (pg-boss) reaches it through the same client (server/db/client.ts). */
  db: Db;
  /** Directory reads, a replica router when DATABASE_REPLICA_URLS is set (ADR 011); `db` otherwise. */
  read?: Db;
  /** With replicas: how long after a write a client keeps reading the primary. */
  replicaStickyMs?: number;
  clock: Clock;
  logger?: FastifyServerOptions['logger'];
  /** React Router server build; without it only the API is served (API tests). */
  pages?: { build: BuildSource; mode: 'production' | 'development' | 'test'; clientDir?: string };
  /** Hook for the dev server: Vite's middlewares run before any route. */
  beforeRoutes?: (app: FastifyInstance) => void;
  /** The site's public origin: every absolute URL (pages, sitemaps, calendar files) is built on it. */
  publicUrl?: string;
  /**
   * Addresses (IPs, CIDRs) of the proxies whose X-Forwarded-For/-Proto are believed. None by
   * default: `request.ip` is then the connecting peer, whatever the headers say.
   */
  trustProxy?: string[];
  /** Per-address limits count an IPv6 client by its network of this many bits (LIMIT_IPV6_PREFIX, 64). */
  ipv6LimitPrefix?: number;
  /** Anonymous page cache time to live; 0 turns the cache off. */
  pageCacheTtlMs?: number;
  /** Page requests worked on at once (server/pages.ts: PAGES_AT_ONCE unless set). */
  pagesAtOnce?: number;
  environment?: AppEnvironment;
  /** The operator's details for the legal documents (OPERATOR_* settings). */
  operator?: LegalOperator;
  /** Phone confirmation; tests and the dev server get the dev providers and in-memory limits. */
  auth?: AuthDeps;
  /**
   * The job queue's workers run from 'ready' to 'close' only when `autoStart` is set
   * (server/main.ts); tests leave it off and call `app.jobs.runDue(now)` themselves, with
   * pg-boss's clock on the app's. `stopTimeoutMs` bounds the wait for running jobs at close.
   */
  jobs?: { autoStart?: boolean; pollSeconds?: number; stopTimeoutMs?: number };
  /** Where documents attached to reviews are kept (DATA_DIR/review-documents in production). */
  uploadsDir?: string;
  /**
   * Events between app processes (server/realtime/bus.ts): Redis pub/sub in server/main.ts when
   * REDIS_URL is set; this process's own bus otherwise.
   */
  bus?: EventBus;
  /** How often the call-in websocket checks its request besides listening on the bus. */
  callSocketCheckMs?: number;
  /** The clinic map's provider (server/providers/maps); the offline dev adapter by default. */
  maps?: ServiceDeps['maps'];
  /** The club's payments and e-mail providers (the dev ones by default). */
  club?: ServiceDeps['club'];
  /** How often the club status websocket reads its request besides listening on the bus. */
  clubSocketCheckMs?: number;
  /** The mobile app's store links for the app promo; the settings' defaults when not given. */
  appStores?: ServiceDeps['appStores'];
  /**
   * End-to-end tests only (CLOCK_OVERRIDE, refused in production): a page request's `test_now`
   * cookie sets its loaders' clock, so a test can open the site on a chosen date.
   */
  clockOverride?: boolean;
  /** The online consultation rooms' STUN and TURN servers (ICE_STUN_URLS, TURN_URLS, TURN_SECRET). */
  ice?: IceConfig;
}

/** What every page needs to know about signing in (root loader data). */
export type { AuthSettings };

export async function buildApp({
  db,
  read,
  replicaStickyMs = 0,
  clock,
  logger = false,
  pages,
  beforeRoutes,
  publicUrl = 'http://localhost:3000',
  trustProxy = [],
  ipv6LimitPrefix,
  pageCacheTtlMs = 0,
  pagesAtOnce,
  environment = 'production',
  operator = DEMO_OPERATOR,
  auth: authDeps = {},
  jobs: jobsDeps = {},
  uploadsDir = path.join(os.tmpdir(), 'portal-review-documents'),
  bus: busDep,
  callSocketCheckMs,
  maps,
  club: clubDeps,
  clubSocketCheckMs,
  appStores = DEFAULT_APP_STORES,
  clockOverride = false,
  ice,
}: AppDeps) {
  const app = Fastify({
    logger,
    trustProxy: trustProxy.length > 0 ? trustProxy : false,
    // While closing, a request on a connection already open is served, not refused with a 503:
    // the load balancer stopped sending new ones during the drain (ADR 010), and idle
    // connections are closed, so only a request already on its way still arrives.
    return503OnClosing: false,
  });
  registerAddressKey(app, ipv6LimitPrefix);
  const jobs = createJobs({
    connection: jobsConnectionOf(db),
    clock,
    log: app.log,
    manual: !jobsDeps.autoStart,
    pollSeconds: jobsDeps.pollSeconds,
  });
  const publicOrigin = new URL(publicUrl).origin;
  beforeRoutes?.(app);

  // Secure cookies need HTTPS; the public URL says whether the site is served over it.
  const secureCookies = publicUrl.startsWith('https:');
  const { services, providers, documents, clientIds, bus, limits, outbox, payments, email } = createServices({
    db,
    read,
    clock,
    log: app.log,
    pageCacheTtlMs,
    bus: busDep,
    uploadsDir,
    secureCookies,
    auth: authDeps,
    jobs,
    maps,
    publicOrigin,
    club: clubDeps,
    appStores,
    ice,
  });
  const { reviewWriter, moderation, auth, schedule, sessions, pageCache } = services;
  const webhooks = createWebhooks({ db, clock, jobs, production: environment === 'production' });
  const clinicMessages = createClinicMessageHandlers({ db, clock, sms: providers.sms, email, publicOrigin });
  jobs.handle({
    ...createBookingMessageHandlers({
      db,
      clock,
      jobs,
      tellClinic: clinicMessages[CLINIC_JOBS.newBooking],
      sms: providers.sms,
      email,
      publicOrigin,
    }),
    ...clinicMessages,
    ...createReviewNoticeHandlers({ db, clock, sms: providers.sms, email, publicOrigin }),
    ...createInvitationHandlers({
      db,
      clock,
      jobs,
      sms: providers.sms,
      email,
      secret: authDeps.secret ?? DEV_AUTH_SECRET,
      publicOrigin,
    }),
    ...createRatingRefreshHandlers({ db, clock, log: app.log }),
    ...createFirstFreeHandlers({ db, clock, log: app.log }),
    ...createDocumentCleanupHandlers({ db, clock, documents, log: app.log }),
    ...createUploadCleanupHandlers({
      db,
      clock,
      dirs: { clinicMedia: clinicMediaDir(uploadsDir), doctorDocuments: doctorDocumentsDir(uploadsDir) },
      log: app.log,
    }),
    ...createClubJobHandlers({ db, clock, email, provider: payments, log: app.log }),
    ...createWaitlistHandlers({ db, clock, sms: providers.sms, jobs, schedule, publicOrigin }),
    ...createAdSweepHandlers({ ads: services.ads, clock, log: app.log }),
    ...webhooks.handlers,
    ...createMisRetentionHandlers({ db, clock, log: app.log }),
    ...createProfileErasureHandlers({ db, clock, jobs, log: app.log }),
  } satisfies Record<JobKindName, JobHandler>);
  await jobs.open();
  app.decorate('jobs', jobs);
  if (jobsDeps.autoStart) app.addHook('onReady', () => jobs.work());
  if (jobsDeps.autoStart) {
    // The webhooks' outbox handed to the queue every 0.2 s (ADR 040), until close.
    const stopDrain = startOutboxDrain(webhooks, 200, app.log);
    app.addHook('onClose', async () => stopDrain());
  }
  // Graceful shutdown: the jobs already running finish (within the bound) before the database closes.
  app.addHook('onClose', () => jobs.stop(jobsDeps.stopTimeoutMs));
  const authSettings: AuthSettings = {
    vkEnabled: providers.vk !== null,
    callInPhone: authDeps.providersConfig?.CALLIN_PHONE ?? '88005553535',
    clientId: clientIds[0],
    doctorLoginHref: DOCTOR_LOGIN_LINK,
  };

  // Calls validate requests and replies with the zod schemas of core/<area>/contracts.ts.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // Before any route: every one gets the rule (NUL and lone surrogates are a 400).
  registerTextRule(app);

  await app.register(compress, {
    threshold: 1024,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: SENT_BROTLI_QUALITY } },
  });

  /** A page request's clock: the app's, or with CLOCK_OVERRIDE the instant of its test_now cookie. */
  const clockOf = (cookies: Cookies): Clock => {
    const at = clockOverride ? cookies[TEST_NOW_COOKIE] : undefined;
    return at && !Number.isNaN(Date.parse(at)) ? fixedClock(at) : clock;
  };
  const pageClock = (request: FastifyRequest) => clockOf(request.cookies);
  const caching: PageCaching | undefined =
    pages && pageCacheTtlMs > 0
      ? {
          cache: pageCache,
          // The promo banners are rendered hidden for visitors who hid them (no flash on reload),
          // so those cookies' values take part in the key; a page on a test's clock is never kept.
          variantOf: (cookies, request) =>
            clockOf(cookies) !== clock
              ? null
              : promoPageVariant(cookies, request.headers['user-agent'] ?? ''),
          secureCookies,
        }
      : undefined;
  // First: a page cache hit needs none of the hooks below.
  if (caching) servePageCacheHits(app, publicOrigin, caching);
  await app.register(cookie);
  registerSecurityHeaders(app, { publicUrl, development: pages?.mode === 'development' });
  if (read && read !== db) registerReadRouting(app, { clock, stickyMs: replicaStickyMs });
  issueCsrfCookie(app, { secure: secureCookies });
  refuseCrossSiteWrites(app, { publicOrigin });
  registerWriteLimits(app, { limits });
  sessions.decorate(app);
  registerCabinetPermissions(app);

  app.get('/healthz', async () => ({ ok: true }));
  const readiness = readinessRoute(app, { db, limits: authDeps.limits });
  app.decorate('startDraining', readiness.startDraining);
  // No socket reads more than a consultation room's largest message (an SDP offer): a bigger
  // frame is refused by the websocket library before it is buffered whole.
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await callSocketRoutes(app, { auth, publicUrl, bus, checkEveryMs: callSocketCheckMs });
  await clubSocketRoutes(app, { club: services.club, bus, publicUrl, checkEveryMs: clubSocketCheckMs });
  await cabinetSocketRoutes(app, { cabinet: services.cabinet, bus, publicUrl });
  await onlineRoomSocketRoutes(app, { online: services.online, bus, publicUrl, clockOf: pageClock });
  if (outbox) {
    const devOutbox = outbox;
    await app.register(async (dev) => devOutboxRoutes(dev, { outbox: devOutbox }));
  }
  await clubNotificationRoutes(app, { club: services.club });
  await clubCardPageRoutes(app, { club: services.club });
  if (payments.name === 'dev') {
    const provider = payments as DevPaymentsProvider;
    // The dev checkout is this process: its notification comes from this machine's address.
    const notify = (body: unknown) => services.club.notified(body, '127.0.0.1');
    await app.register(async (dev) => devPaymentsRoutes(dev, { provider, notify }));
  }
  // Review writing and moderation: a scope of its own, since the review form carries files.
  await app.register(async (scope) => reviewWriteRoutes(scope, { writer: reviewWriter, moderation }));
  // The doctor's profile, its photo, its documents and their moderation; approved photos under /media/doctors/.
  await doctorProfileRoutes(app, { profiles: services.doctorProfiles, documents: services.doctorDocuments });
  app.get('/favicon.ico', (_request, reply) => reply.redirect('/favicon.svg', 301));
  await legalRoutes(app, { operator });
  // The clinic software's API: bearer keys, no session, no CSRF token (outside the scope below).
  await misApiRoutes(app, { mis: services.mis, limits, origin: publicOrigin });

  // Every call, behind the CSRF check (api-routes.ts).
  await app.register(async (api) => {
    await apiRoutes(api, { services, clock, limits, publicOrigin, secureCookies, authDeps, db });
    await webhookRoutes(api, { webhooks });
  });

  if (pages) {
    const clientDir = pages.clientDir ?? path.resolve('build/client');
    if (pages.mode === 'production' && existsSync(clientDir)) {
      await app.register(async (files) => {
        // Shared caches keep static files: no CSRF cookie on them.
        files.addHook('onRoute', (route) => {
          route.config = { ...route.config, csrfCookie: false };
        });
        await files.register(fastifyStatic, {
          root: clientDir,
          wildcard: false,
          decorateReply: false,
          // The build wrote `x.br` and `x.gz` beside each text file (server/tools/precompress.ts):
          // sent as they are, by the request's Accept-Encoding, never compressed again.
          preCompressed: true,
          setHeaders: (reply, filePath) => {
            // Vite hashes everything under assets/, so those files never change.
            const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
            reply.header(
              'cache-control',
              immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
            );
          },
        });
      });
    }
    await registerPages(
      app,
      pages.build,
      pages.mode,
      publicOrigin,
      async (request, reply) =>
        providePageContext({
          cspNonce: cspNonce(reply),
          dataRequest: request.url.split('?', 1)[0].endsWith('.data'),
          services,
          clock: pageClock(request),
          cookies: request.cookies,
          environment,
          viewer: await request.viewer(),
          visitor: { ip: request.addressKey, userAgent: request.headers['user-agent'] ?? '' },
          authSettings,
          origin: publicOrigin,
          operator,
        }),
      { caching, atOnce: pagesAtOnce },
    );
  }

  return app;
}
