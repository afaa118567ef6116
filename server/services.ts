/**
 * The services behind the calls and the pages, built once per app with explicit dependencies.
 * Pages reach them through app/lib/services.server.ts (ADR 006); calls through each module's routes.
 */
import type { FastifyBaseLogger } from 'fastify';
import { parsePrefixCaps } from '../core/auth/limits';
import { clubCardUrl } from '../core/club/rules';
import type { AppPromoData } from '../core/promo/contracts';
import { createPageCache, type PageCache } from './cache/page-cache';
import { shareInvalidations } from './cache/page-cache-sync';
import { createMemoryRateLimitStore, type RateLimitStore, withLocalFallback } from './cache/rate-limit';
import type { Clock } from './clock';
import { DEV_AUTH_SECRET } from './config';
import type { Db } from './db/client';
import type { JobSender } from './jobs/queue';
import { type AuthService, createAuthService } from './modules/auth/service';
import { createSessionService, type SessionService } from './modules/auth/sessions';
import { type BookingService, createBookingService } from './modules/booking/service';
import { type CabinetBranchesService, createCabinetBranches } from './modules/cabinet/branches';
import { clinicMediaDir, createClinicMediaStore } from './modules/cabinet/clinic-media-store';
import { type ClinicPageEditor, createClinicPageEditor } from './modules/cabinet/clinic-page';
import { type ClinicPeopleService, createClinicPeople } from './modules/cabinet/people';
import { createPlanService, type PlanService } from './modules/cabinet/plan';
import { createPricesEditor, type PricesEditor } from './modules/cabinet/prices';
import { type CabinetService, createCabinetService } from './modules/cabinet/service';
import { type ClinicDoctorsService, createClinicDoctorsService } from './modules/clinic/doctors-service';
import {
  type ClinicPriceListService,
  createClinicPriceListService,
} from './modules/clinic/price-list-service';
import { type ClinicService, createClinicService } from './modules/clinic/service';
import { type CouponService, createCouponService } from './modules/club/coupons';
import { createClubPayments } from './modules/club/payments';
import { type ClubService, createClubService } from './modules/club/service';
import { createFirstFreeService } from './modules/directory/first-free';
import { createListService, type ListService } from './modules/directory/lists-service';
import { createDirectoryService, type DirectoryService } from './modules/directory/service';
import { createDocumentFiles, doctorDocumentsDir } from './modules/doctor/document-file';
import { createDoctorDocuments, type DoctorDocumentsService } from './modules/doctor/documents';
import { createPhotoStore, doctorPhotosDir } from './modules/doctor/photo-store';
import { createDoctorProfileEditor, type DoctorProfileEditor } from './modules/doctor/profile-edit';
import { createDoctorService, type DoctorService } from './modules/doctor/service';
import { createFavouritesService, type FavouritesService } from './modules/favourites/service';
import { createMistakeReportService, type MistakeReportService } from './modules/feedback/service';
import { createMapService, type MapService, ownPlaces } from './modules/map/service';
import { createMisService, type MisService } from './modules/mis/service';
import { createOnlineRoomService, type IceConfig, type OnlineRoomService } from './modules/online/service';
import { createProfileService, type ProfileService } from './modules/profile/service';
import { type AdsService, createAdsService } from './modules/promo/ads-service';
import { createPromoService, type PromoService } from './modules/promo/service';
import { createReviewAwardsService, type ReviewAwardsService } from './modules/reviews/awards/service';
import {
  createReviewModerationService,
  type ReviewModerationService,
} from './modules/reviews/moderation/service';
import {
  createPatientProfileService,
  createReviewsService,
  type PatientProfileService,
  type ReviewsService,
} from './modules/reviews/read/service';
import { createFileDocumentStore } from './modules/reviews/write/document-store';
import { createReviewWriteService, type ReviewWriteService } from './modules/reviews/write/service';
import { createScheduleService, type ScheduleService } from './modules/schedule/service';
import { createSearchService, type SearchService } from './modules/search/service';
import { createPageStatsService, type PageStatsService } from './modules/stats/service';
import { createTownService, type TownService } from './modules/towns/service';
import { createProviders, DEV_PROVIDERS_CONFIG, type Providers, type ProvidersConfig } from './providers';
import { DevOutbox } from './providers/dev-outbox';
import { createEmailProvider, DEV_EMAIL_CONFIG, type EmailConfig } from './providers/email';
import type { EmailProvider } from './providers/email/email-provider';
import { createMapsProvider, DEV_MAPS_CONFIG, type MapsConfig } from './providers/maps';
import type { MapsProvider } from './providers/maps/maps-provider';
import { createPaymentsProvider, DEV_PAYMENTS_CONFIG, type PaymentsConfig } from './providers/payments';
import type { PaymentsProvider } from './providers/payments/payments-provider';
import { createMemoryBus, type EventBus } from './realtime/bus';

/** Who is asking, as pages see it (app/lib/services.server.ts re-exports it to loaders). */
export type { SessionViewer } from './modules/auth/viewer';

export interface Services {
  mistakeReports: MistakeReportService;
  towns: TownService;
  directory: DirectoryService;
  /** Filtered, place, nearby, treatment and online doctor lists; clinic tops; services. */
  lists: ListService;
  /** The clinic page: its data, address schedules, visiting rules, promotions archive, licences. */
  clinics: ClinicService;
  /** The doctor page: the directory's card plus positions, partner prices, documents, activities. */
  doctors: DoctorService;
  /** Reviews of doctors and clinics: counts per type and pages of cards. */
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
  /** The patient's profile: relatives, e-mail, notification choices, deleting the profile. */
  profile: ProfileService;
  /** Appointments: booking a free slot, the booked visit's page, cancelling. */
  booking: BookingService;
  /** Doctor and clinic page views, booking and phone presses; the cabinet's effectiveness report. */
  pageStats: PageStatsService;
  /** The clinic map: pins, base layer, addresses and routes through the maps provider. */
  map: MapService;
  /** The discount club: club data, the free card, paying for a card. */
  club: ClubService;
  /** Booking at the club price: the held slot and its prepaid coupon. */
  clubCoupons: CouponService;
  /** The annual award's banner (its years edited by staff) and the mobile app's promo. */
  promo: PromoService;
  /** Banners on the directory pages and their impressions, views and clicks (docs/product/ads.md). */
  ads: AdsService;
  /** The doctor's and clinic's side: their reception list. */
  cabinet: CabinetService;
  /** A clinic network's account: its branches and the switch between them. */
  branches: CabinetBranchesService;
  /** A clinic's people: its logins and their roles. */
  people: ClinicPeopleService;
  /** The plans: a page's software version, upgrade requests, staff's changes. */
  plans: PlanService;
  /** The integration API for clinic software (MIS) and its keys. */
  mis: MisService;
  /** The clinic's own page as it edits it in the cabinet. */
  clinicPage: ClinicPageEditor;
  /** The doctor's profile as the doctor or his clinic edits it, and its moderation by staff. */
  doctorProfiles: DoctorProfileEditor;
  /** The scans for the 'Документы проверены' marks: sent by the doctor's side, decided by staff. */
  doctorDocuments: DoctorDocumentsService;
  /** The clinic's price list and club participation as it keeps them in the cabinet. */
  prices: PricesEditor;
  /** The consultation rooms of online visits: who enters and when, and their ICE servers. */
  online: OnlineRoomService;
}

/** The club's payments and e-mail: settings (the dev adapters by default) or ready adapters (tests). */
export interface ClubDeps {
  paymentsConfig?: PaymentsConfig;
  emailConfig?: EmailConfig;
  payments?: PaymentsProvider;
  email?: EmailProvider;
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
  /** Doctors and clinics sign in on the document site unless they are in the office. */
  documentSiteUrl?: string | null;
  officeIps?: string;
}

export interface ServiceDeps {
  /** The primary: writes, sign-in, sessions, bookings, favourites, the cabinet, staff tools. */
  db: Db;
  /**
   * Directory reads (towns, lists, doctor and clinic pages, search, review listings, slots shown
   * on pages): a replica for requests the app lets read one (ADR 011); `db` when unset.
   */
  read?: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  pageCacheTtlMs: number;
  /** Events between app processes; one process's own bus when not given. */
  bus?: EventBus;
  uploadsDir: string;
  /** Secure cookies need HTTPS; the public URL says whether the site is served over it. */
  secureCookies: boolean;
  auth: AuthDeps;
  /** The job queue: services add jobs in their own transactions. */
  jobs: JobSender;
  /** The maps provider's settings (the offline dev adapter by default) or a ready adapter (tests). */
  maps?: { config?: MapsConfig; provider?: MapsProvider };
  /** The site's public origin (PUBLIC_URL): card links and payment return pages are built on it. */
  publicOrigin?: string;
  club?: ClubDeps;
  /** The mobile app's store links (APP_STORE_URL, GOOGLE_PLAY_URL). */
  appStores: AppPromoData;
  /** The online rooms' STUN and TURN servers (ICE_STUN_URLS, TURN_URLS, TURN_SECRET); none by default. */
  ice?: IceConfig;
}

export function createServices({
  db,
  read = db,
  clock,
  log,
  pageCacheTtlMs,
  bus = createMemoryBus(log),
  uploadsDir,
  secureCookies,
  auth: authDeps,
  jobs,
  maps: mapsDeps = {},
  publicOrigin = 'http://localhost:3000',
  club: clubDeps = {},
  appStores,
  ice,
}: ServiceDeps) {
  const towns = createTownService({ db: read });
  const directory = createDirectoryService({ db: read, clock });
  const clinics = createClinicService({ db: read, clock });
  const doctors = createDoctorService({ db: read, directory });
  const reviews = createReviewsService({ db, read });
  const mistakeReports = createMistakeReportService({ db });
  const pageCache = shareInvalidations(
    createPageCache({ clock, ttlMs: pageCacheTtlMs, maxBytes: 256 * 1024 * 1024 }),
    bus,
  );
  const documents = createFileDocumentStore(uploadsDir);
  const reviewWriter = createReviewWriteService({ db, clock, documents, reviews });
  const patientProfiles = createPatientProfileService({ db, clock });
  const priceList = createClinicPriceListService({ db: read, towns });
  const clinicDoctors = createClinicDoctorsService({ db, clock, towns, directory });
  // First free times are written on the primary (its triggers mark them stale there).
  const firstFree = createFirstFreeService({ db, clock });
  const lists = createListService({ db: read, clock, directory, towns, firstFree });
  const search = createSearchService({ db: read, write: db, directory, clock });
  const favourites = createFavouritesService({ db, clock, lists });
  const cabinet = createCabinetService({ db, clock, jobs, bus });
  const clinicPage = createClinicPageEditor({
    db,
    clock,
    pageCache,
    media: createClinicMediaStore(clinicMediaDir(uploadsDir)),
  });
  const doctorProfiles = createDoctorProfileEditor({
    db,
    clock,
    pageCache,
    photos: createPhotoStore(doctorPhotosDir(uploadsDir)),
  });
  const doctorDocuments = createDoctorDocuments({
    db,
    clock,
    pageCache,
    files: createDocumentFiles(doctorDocumentsDir(uploadsDir)),
  });
  const prices = createPricesEditor({ db, clock, pageCache });
  const sessions = createSessionService({ db, clock, secure: secureCookies });
  const branches = createCabinetBranches({ db, clock, sessions, bus });
  const people = createClinicPeople({ db, clock });
  const plans = createPlanService({ db, clock, pageCache });
  const providers =
    authDeps.providers ??
    createProviders(authDeps.providersConfig ?? DEV_PROVIDERS_CONFIG, { logger: log, clock });
  const limits = authDeps.limits ?? createMemoryRateLimitStore(clock);
  // Visitors already counted today: Redis when shared; else a store of their own, so that page
  // views never crowd the sign-in counters out of memory.
  const pageStats = createPageStatsService({
    db,
    clock,
    seen: authDeps.limits ?? createMemoryRateLimitStore(clock, 100_000),
  });
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
    log,
    bus,
  });
  const schedule = createScheduleService({ db: read, clock });
  // One maps adapter: the clinic map's and the home visits' (their addresses are placed with it).
  const maps =
    mapsDeps.provider ?? createMapsProvider(mapsDeps.config ?? DEV_MAPS_CONFIG, { places: ownPlaces(read) });
  const booking = createBookingService({ db, clock, schedule, jobs, bus, maps });
  // The MIS's writes of visits run the cabinet's and the front desk's own code (mis/visits.ts).
  const mis = createMisService({ db, clock, jobs, booking, cabinet });
  const reviewAwards = createReviewAwardsService({ db, clock, booking });
  const moderation = createReviewModerationService({
    db,
    clock,
    documents,
    pageCache,
    awards: reviewAwards,
    jobs,
  });
  const map = createMapService({
    db: read,
    clock,
    maps,
  });
  // The dev e-mail adapter keeps letters in the dev outbox, made here when no dev phone adapter made it.
  let outbox = providers.outbox;
  const devOutbox = () => {
    outbox ??= new DevOutbox({ clock, logger: log });
    return outbox;
  };
  const email =
    clubDeps.email ?? createEmailProvider(clubDeps.emailConfig ?? DEV_EMAIL_CONFIG, { outbox: devOutbox });
  const payments =
    clubDeps.payments ??
    createPaymentsProvider(clubDeps.paymentsConfig ?? DEV_PAYMENTS_CONFIG, { db, publicUrl: publicOrigin });
  const clubPayments = createClubPayments({
    db,
    clock,
    provider: payments,
    jobs,
    bus,
    cardLink: (token) => clubCardUrl(publicOrigin, token),
    log,
  });
  const club = createClubService({ db, clock, provider: payments, payments: clubPayments, publicOrigin });
  const clubCoupons = createCouponService({
    db,
    clock,
    provider: payments,
    payments: clubPayments,
    booking,
    publicOrigin,
    patientId: club.socketUser,
  });
  const promo = createPromoService({ db, read, clock, pageCache, appStores });
  const profile = createProfileService({ db, clock, email, publicOrigin });
  // Per-address bounds of impressions and reports: Redis when shared, else a store of their own.
  const ads = createAdsService({
    db,
    clock,
    limits: authDeps.limits ?? createMemoryRateLimitStore(clock, 100_000),
    towns,
  });
  const services: Services = {
    club,
    clubCoupons,
    map,
    promo,
    ads,
    mistakeReports,
    towns,
    directory,
    clinics,
    doctors,
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
    profile,
    schedule,
    booking,
    pageStats,
    cabinet,
    branches,
    people,
    plans,
    mis,
    clinicPage,
    doctorProfiles,
    doctorDocuments,
    prices,
    online: createOnlineRoomService({ db, clock, ice }),
  };
  // The dev outbox's "call" is the provider's confirmation: it is announced like a real one.
  providers.outbox?.onRing((checkId) => {
    auth.confirmCallCheck(checkId).catch((err) => log.warn({ err, checkId }, 'call-in confirmation failed'));
  });
  // The map's and the MIS API's limits (the routes' `limits`): shared in Redis, counted in this
  // process while Redis does not answer, so those calls keep working through an outage.
  const callLimits = authDeps.limits
    ? withLocalFallback(authDeps.limits, createMemoryRateLimitStore(clock, 100_000))
    : limits;
  return { services, providers, documents, clientIds, bus, limits: callLimits, outbox, payments, email };
}
