import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { AppLoadContext } from 'react-router';
import { parsePrefixCaps } from '../core/auth/limits';
import { DOCTOR_LOGIN_LINK } from '../core/auth/login-link';
import { createPageCache, type PageCache } from './cache/page-cache';
import { createMemoryRateLimitStore, type RateLimitStore } from './cache/rate-limit';
import type { Clock } from './clock';
import type { Db } from './db/client';
import { createJobWorker, type JobWorker } from './jobs/queue';
import { callSocketRoutes } from './modules/auth/call-socket';
import { authRoutes } from './modules/auth/routes';
import { type AuthService, createAuthService } from './modules/auth/service';
import { createSessionService, type SessionService } from './modules/auth/sessions';
import type { SessionViewer } from './modules/auth/viewer';
import { createBookingMessageHandlers } from './modules/booking/messages';
import { bookingRoutes } from './modules/booking/routes';
import { type BookingService, createBookingService } from './modules/booking/service';
import { clinicDoctorsRoutes } from './modules/clinic/clinic-doctors-routes';
import {
  type ClinicDoctorsService,
  createClinicDoctorsService,
} from './modules/clinic/clinic-doctors-service';
import { clinicPriceListRoutes } from './modules/clinic/price-list-routes';
import {
  type ClinicPriceListService,
  createClinicPriceListService,
} from './modules/clinic/price-list-service';
import { clinicPageRoutes } from './modules/clinic-page/routes';
import { type ClinicPageService, createClinicPageService } from './modules/clinic-page/service';
import { createListService, type ListService } from './modules/directory/lists';
import { directoryRoutes } from './modules/directory/routes';
import { createDirectoryService, type DirectoryService } from './modules/directory/service';
import { sitemapRoutes } from './modules/directory/sitemap';
import { doctorPageRoutes } from './modules/doctor-page/routes';
import { createDoctorPageService, type DoctorPageService } from './modules/doctor-page/service';
import { favouritesRoutes } from './modules/favourites/routes';
import { createFavouritesService, type FavouritesService } from './modules/favourites/service';
import { mistakeReportRoutes } from './modules/mistake-reports/routes';
import { createMistakeReportService } from './modules/mistake-reports/service';
import { createReviewAwardsService, type ReviewAwardsService } from './modules/reviews/awards';
import { createFileDocumentStore } from './modules/reviews/document-store';
import { createReviewModerationService, type ReviewModerationService } from './modules/reviews/moderation';
import { createPatientProfileService, type PatientProfileService } from './modules/reviews/patient-profile';
import { createRatingRefreshHandlers, scheduleRatingRefresh } from './modules/reviews/rating-refresh';
import { reviewsRoutes } from './modules/reviews/routes';
import { createReviewsService, type ReviewsService } from './modules/reviews/service';
import { reviewWriteRoutes } from './modules/reviews/write-routes';
import { createReviewWriteService, type ReviewWriteService } from './modules/reviews/write-service';
import { scheduleRoutes } from './modules/schedule/routes';
import { createScheduleService, type ScheduleService } from './modules/schedule/service';
import { searchRoutes } from './modules/search/routes';
import { createSearchService, type SearchService } from './modules/search/service';
import { townRoutes } from './modules/towns/routes';
import { createTownService, type TownService } from './modules/towns/service';
import { type BuildSource, registerPages } from './pages';
import { createProviders, type Providers, type ProvidersConfig } from './providers';
import { devOutboxRoutes } from './providers/dev-outbox-routes';
import { issueCsrfCookie, requireCsrf } from './security/csrf';
import { officeMatcher } from './security/office-ips';

export interface Services {
  towns: TownService;
  directory: DirectoryService;
  /** Filtered, place, nearby, treatment and online doctor lists; clinic tops; services. */
  lists: ListService;
  clinicPage: ClinicPageService;
  /** The doctor page: the directory's doctor plus positions, partner prices, activities. */
  doctorPage: DoctorPageService;
  /** Reviews of doctors and clinics: counts per type and pages of cards (issue 6). */
  reviews: ReviewsService;
  /** Writing reviews and answers. */
  reviewWriter: ReviewWriteService;
  /** The staff's review queue and moderation. */
  moderation: ReviewModerationService;
  /** How far a review's author can be trusted. */
  patientProfiles: PatientProfileService;
  /** The 300 ₽ discounts for reviews of visits booked here. */
  reviewAwards: ReviewAwardsService;
  priceList: ClinicPriceListService;
  clinicDoctors: ClinicDoctorsService;
  /** The header search's suggestions and the full results page. */
  search: SearchService;
  /** Writers invalidate the pages that show what they changed (ADR 003). */
  pageCache: PageCache;
  sessions: SessionService;
  auth: AuthService;
  /** Free slots of doctors, clinics and services. */
  schedule: ScheduleService;
  /** A patient's saved doctors and clinics (the hearts and /favourites). */
  favourites: FavouritesService;
  /** Appointments: booking a free slot, the booked visit's page, cancelling. */
  booking: BookingService;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable job queue's worker (booking messages); tests drive it with `runDue()`. */
    jobs: JobWorker;
  }
}

declare module 'react-router' {
  interface AppLoadContext {
    services: Services;
    clock: Clock;
    /** The request's cookies, parsed once by Fastify. */
    cookies: Record<string, string | undefined>;
    /** Deployment environment; 'stage' shows the Stage badge. */
    environment: AppEnvironment;
    /** Who is signed in on this browser (anonymous without a session cookie). */
    viewer: SessionViewer;
    authSettings: AuthSettings;
  }
}

export type AppEnvironment = 'production' | 'stage' | 'development';

export interface AppDeps {
  db: Db;
  clock: Clock;
  logger?: FastifyServerOptions['logger'];
  /** React Router server build; without it only the API is served (API tests). */
  pages?: { build: BuildSource; mode: 'production' | 'development'; clientDir?: string };
  /** Hook for the dev server: Vite's middlewares run before any route. */
  beforeRoutes?: (app: FastifyInstance) => void;
  /** Public origin for absolute URLs outside a request (sitemaps). */
  publicUrl?: string;
  /** Anonymous page cache time to live; 0 turns the cache off. */
  pageCacheTtlMs?: number;
  environment?: AppEnvironment;
  /** Phone confirmation; tests and the dev server get the dev providers and in-memory limits. */
  auth?: AuthDeps;
  /**
   * The job queue's polling loop runs from 'ready' to 'close' only when `autoStart` is set
   * (server/main.ts); tests leave it off and call `app.jobs.runDue()` themselves.
   */
  jobs?: { autoStart?: boolean; pollMs?: number };
  /** Where documents attached to reviews are kept (DATA_DIR/review-documents in production). */
  uploadsDir?: string;
}

export interface AuthDeps {
  /** Which SMS, call and VK adapters to use; the dev ones by default. */
  providersConfig?: ProvidersConfig;
  /** Ready-made adapters (tests with fakes) instead of a config. */
  providers?: Providers;
  limits?: RateLimitStore;
  secret?: string;
  /** '7=100000,default=300' (see core/auth/limits.ts). */
  prefixCaps?: string;
  clientIds?: readonly string[];
  /** Spec section 6: doctors sign in on the document site unless they are in the office. */
  documentSiteUrl?: string | null;
  officeIps?: string;
}

/** What every page needs to know about signing in (root loader data). */
export interface AuthSettings {
  vkEnabled: boolean;
  /** The toll-free number of call-in confirmation, digits. */
  callInPhone: string;
  clientId: string;
  doctorLoginHref: string;
}

/** Only for development and tests: production refuses to start without AUTH_SECRET (server/main.ts). */
export const DEV_AUTH_SECRET = 'dev-only-auth-secret-never-in-production';

export async function buildApp({
  db,
  clock,
  logger = false,
  pages,
  beforeRoutes,
  publicUrl = 'http://localhost:3000',
  pageCacheTtlMs = 0,
  environment = 'production',
  auth: authDeps = {},
  jobs: jobsDeps = {},
  uploadsDir = path.join(os.tmpdir(), 'portal-review-documents'),
}: AppDeps) {
  const app = Fastify({ logger, trustProxy: true });
  beforeRoutes?.(app);

  const towns = createTownService({ db });
  const directory = createDirectoryService({ db, clock });
  const clinicPage = createClinicPageService({ db, clock });
  const doctorPage = createDoctorPageService({ db, directory });
  const reviews = createReviewsService({ db });
  const mistakeReports = createMistakeReportService({ db });
  const pageCache = createPageCache({ clock, ttlMs: pageCacheTtlMs, maxBytes: 256 * 1024 * 1024 });
  const documents = createFileDocumentStore(uploadsDir);
  const reviewWriter = createReviewWriteService({ db, clock, documents, reviews });
  const patientProfiles = createPatientProfileService({ db, clock });
  const priceList = createClinicPriceListService({ db, towns });
  const clinicDoctors = createClinicDoctorsService({ db, clock, towns, directory });
  const lists = createListService({ db, clock, directory, towns });
  const search = createSearchService({ db, directory });
  const favourites = createFavouritesService({ db, clock, directory, towns });
  // Secure cookies need HTTPS; the public URL says whether the site is served over it.
  const secureCookies = publicUrl.startsWith('https:');
  const sessions = createSessionService({ db, clock, secure: secureCookies });
  const providers =
    authDeps.providers ??
    createProviders(
      authDeps.providersConfig ?? {
        APP_ENV: 'development',
        SMS_PROVIDER: 'dev',
        FLASHCALL_PROVIDER: 'dev',
        CALLIN_PROVIDER: 'dev',
        VK_PROVIDER: 'dev',
        CALLIN_PHONE: '88005553535',
        ENABLE_PHONE_CONFIRMATION_VK: true,
      },
      { logger: app.log, clock },
    );
  const limits = authDeps.limits ?? createMemoryRateLimitStore(clock);
  const clientIds = authDeps.clientIds ?? ['portal'];
  const auth = createAuthService({
    db,
    clock,
    providers,
    limits,
    sessions,
    secret: authDeps.secret ?? DEV_AUTH_SECRET,
    prefixCaps: parsePrefixCaps(authDeps.prefixCaps ?? '7=100000,default=300'),
    clientIds,
    log: app.log,
  });
  const schedule = createScheduleService({ db, clock });
  const booking = createBookingService({ db, clock, schedule });
  const reviewAwards = createReviewAwardsService({ db, clock, booking });
  const moderation = createReviewModerationService({ db, clock, documents, pageCache, awards: reviewAwards });
  const jobs = createJobWorker({
    db,
    clock,
    handlers: {
      ...createBookingMessageHandlers({ db, clock, sms: providers.sms }),
      ...createRatingRefreshHandlers({ db, clock, log: app.log }),
    },
    log: app.log,
    pollMs: jobsDeps.pollMs,
  });
  app.decorate('jobs', jobs);
  if (jobsDeps.autoStart)
    app.addHook('onReady', async () => {
      await scheduleRatingRefresh(db, clock.now());
      jobs.start();
    });
  // Graceful shutdown: the jobs already claimed finish before the database closes.
  app.addHook('onClose', () => jobs.stop());
  const authSettings: AuthSettings = {
    vkEnabled: providers.vk !== null,
    callInPhone: authDeps.providersConfig?.CALLIN_PHONE ?? '88005553535',
    clientId: clientIds[0],
    doctorLoginHref: DOCTOR_LOGIN_LINK,
  };
  const services: Services = {
    towns,
    directory,
    clinicPage,
    doctorPage,
    reviews,
    reviewWriter,
    moderation,
    patientProfiles,
    reviewAwards,
    pageCache,
    priceList,
    clinicDoctors,
    lists,
    search,
    sessions,
    auth,
    favourites,
    schedule,
    booking,
  };

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send({ detail: 'Произошла ошибка' });
    }
    // httpError(status, detail, extra): the extra fields (e.g. a form's `errors`) go along.
    const extra = (error as { extra?: Record<string, unknown> }).extra ?? {};
    return reply.status(status).send({ ...extra, detail: error.message });
  });

  await app.register(compress, {
    threshold: 1024,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });

  await app.register(cookie);
  issueCsrfCookie(app, { secure: secureCookies });
  sessions.decorate(app);

  app.get('/healthz', async () => ({ ok: true }));
  await app.register(websocket);
  await callSocketRoutes(app, { auth });
  if (providers.outbox) {
    const outbox = providers.outbox;
    await app.register(async (dev) => devOutboxRoutes(dev, { outbox }));
  }
  // Review writing and moderation: a scope of its own, since the review form carries files.
  await app.register(async (scope) => reviewWriteRoutes(scope, { writer: reviewWriter, moderation }));
  app.get('/favicon.ico', (_request, reply) => reply.redirect('/favicon.svg', 301));

  await app.register(async (api) => {
    await api.register(formbody);
    api.addHook('preHandler', requireCsrf);
    await townRoutes(api, { towns, secureCookies });
    await authRoutes(api, {
      auth,
      clientIds,
      documentSiteUrl: authDeps.documentSiteUrl ?? null,
      isOfficeIp: officeMatcher(authDeps.officeIps ?? ''),
    });
    await directoryRoutes(api, { directory, towns });
    await searchRoutes(api, { search, towns });
    await scheduleRoutes(api, { schedule });
    await bookingRoutes(api, { booking, clock });
    await clinicPageRoutes(api, { clinicPage });
    await doctorPageRoutes(api, { doctorPage });
    await reviewsRoutes(api, { reviews, patientProfiles, awards: reviewAwards });
    await favouritesRoutes(api, { favourites });
    await mistakeReportRoutes(api, { mistakeReports });
    await clinicPriceListRoutes(api, { priceList });
    await clinicDoctorsRoutes(api, { clinicDoctors });
    await sitemapRoutes(api, { db, towns, origin: publicUrl });
    const notFound = async () => {
      throw Object.assign(new Error('Не найдено'), { statusCode: 404 });
    };
    api.all('/api/*', notFound);
    api.all('/ajax/*', notFound);
  });

  if (pages) {
    const clientDir = pages.clientDir ?? path.resolve('build/client');
    if (pages.mode === 'production' && existsSync(clientDir)) {
      await app.register(fastifyStatic, {
        root: clientDir,
        wildcard: false,
        decorateReply: false,
        setHeaders: (reply, filePath) => {
          // Vite hashes everything under assets/, so those files never change.
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          reply.header(
            'cache-control',
            immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
          );
        },
      });
    }
    await registerPages(
      app,
      pages.build,
      pages.mode,
      async (request): Promise<AppLoadContext> => ({
        services,
        clock,
        cookies: request.cookies,
        environment,
        viewer: await request.viewer(),
        authSettings,
      }),
      pageCacheTtlMs > 0 ? pageCache : undefined,
    );
  }

  return app;
}
