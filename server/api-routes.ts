import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import type { Clock } from './clock';
import type { Db } from './db/client';
import { notFound as notFoundError } from './http/errors';
import { authRoutes } from './modules/auth/routes';
import { bookingRoutes } from './modules/booking/routes';
import { cabinetBranchesRoutes } from './modules/cabinet/branches-routes';
import { cabinetPeopleRoutes } from './modules/cabinet/people-routes';
import { planRoutes } from './modules/cabinet/plan-routes';
import { cabinetPricesRoutes } from './modules/cabinet/prices-routes';
import { cabinetRoutes } from './modules/cabinet/routes';
import { clinicRoutes } from './modules/clinic/routes';
import { clubRoutes } from './modules/club/routes';
import { directoryRoutes } from './modules/directory/routes';
import { sitemapRoutes } from './modules/directory/sitemap';
import { doctorRoutes } from './modules/doctor/routes';
import { favouritesRoutes } from './modules/favourites/routes';
import { feedbackRoutes } from './modules/feedback/routes';
import { mapRoutes } from './modules/map/routes';
import { misKeyRoutes } from './modules/mis/routes';
import { profileRoutes } from './modules/profile/routes';
import { adsRoutes } from './modules/promo/ads-routes';
import { promoRoutes } from './modules/promo/routes';
import { reviewsRoutes } from './modules/reviews/routes';
import { scheduleRoutes } from './modules/schedule/routes';
import { searchRoutes } from './modules/search/routes';
import { pageStatsRoutes } from './modules/stats/routes';
import { townRoutes } from './modules/towns/routes';
import { requireCsrf } from './security/csrf';
import { officeMatcher } from './security/office-ips';
import type { AuthDeps, createServices } from './services';

type Built = ReturnType<typeof createServices>;

/**
 * The calls: every /api/ and /ajax/ route of the modules, in one scope behind the CSRF check
 * (forms' bodies parsed too); an unknown call is a 404 of the error style, never a page.
 */
export async function apiRoutes(
  api: FastifyInstance,
  {
    services,
    clock,
    limits,
    publicOrigin,
    secureCookies,
    authDeps,
    db,
  }: {
    services: Built['services'];
    clock: Clock;
    limits: Built['limits'];
    publicOrigin: string;
    secureCookies: boolean;
    authDeps: AuthDeps;
    db: Db;
  },
) {
  const { towns, directory, clinics, doctors, reviews, patientProfiles, reviewAwards, priceList } = services;
  const { clinicDoctors, search, auth, favourites, schedule, booking, mistakeReports } = services;
  await api.register(formbody);
  api.addHook('preValidation', requireCsrf);
  await townRoutes(api, { towns, secureCookies });
  await authRoutes(api, {
    auth,
    documentSiteUrl: authDeps.documentSiteUrl ?? null,
    isOfficeIp: officeMatcher(authDeps.officeIps ?? ''),
  });
  await directoryRoutes(api, { directory, towns });
  await searchRoutes(api, { search, towns });
  await scheduleRoutes(api, { schedule });
  await bookingRoutes(api, { booking, clock, publicOrigin });
  await clinicRoutes(api, { clinics, clinicDoctors, priceList });
  await doctorRoutes(api, { doctors });
  await reviewsRoutes(api, { reviews, patientProfiles, awards: reviewAwards });
  await favouritesRoutes(api, { favourites });
  await profileRoutes(api, { profile: services.profile, clock });
  await cabinetRoutes(api, { cabinet: services.cabinet, clinicPage: services.clinicPage });
  await cabinetPricesRoutes(api, { prices: services.prices });
  await cabinetBranchesRoutes(api, { branches: services.branches });
  await cabinetPeopleRoutes(api, { people: services.people });
  await planRoutes(api, { plans: services.plans });
  await misKeyRoutes(api, { mis: services.mis });
  await pageStatsRoutes(api, { stats: services.pageStats });
  await clubRoutes(api, { club: services.club, coupons: services.clubCoupons, clock });
  await feedbackRoutes(api, { mistakeReports });
  await mapRoutes(api, { map: services.map, limits });
  await promoRoutes(api, { promo: services.promo });
  // Banners, their view and script reports, the counted click (/ad/event/c/…) and the staff's counts.
  await adsRoutes(api, { ads: services.ads });
  await sitemapRoutes(api, { db, towns, origin: publicOrigin });
  const notFound = async () => {
    throw notFoundError();
  };
  api.all('/api/*', notFound);
  api.all('/ajax/*', notFound);
}
