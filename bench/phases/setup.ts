/**
 * Before the phases: the production build when it is missing or asked for, and the pages and
 * calls picked from the town's data (the most reviewed doctor, the clinic with the most doctors…).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { DOCTORS_PER_PAGE } from '../../server/modules/directory/service';
import { SERVER_BUNDLE } from '../../server/tools/build-server';
import { priceListCallPaths } from '../calls/price-list';
import { reviewHeavyDoctor, reviewsCallPaths } from '../calls/reviews';
import { searchCallPaths } from '../calls/search';
import { pickSpeciality } from '../database';
import { requireTown, type Services } from '../queries';

const APP_BUILD = 'build/server/index.js';

/**
 * The production build as `npm start` makes it (server/tools/build-if-stale.ts): the app, then
 * the server's bundle, each when missing or older than its sources; both again with `rebuild`.
 * So the server measured is the code checked out, run as `npm start` runs it (ADR 026). One path
 * for both: the app's build empties build/, and the bench, which once bundled the server first,
 * lost the bundle on a fresh clone. Says how long it took when it built anything.
 */
export function buildIfNeeded(rebuild: boolean): string | null {
  const missing = !existsSync(APP_BUILD) || !existsSync(SERVER_BUNDLE);
  const started = performance.now();
  const result = spawnSync(
    path.resolve('node_modules/.bin/tsx'),
    ['server/tools/build-if-stale.ts', ...(rebuild ? ['--force'] : [])],
    { stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error('the build failed');
  const seconds = (performance.now() - started) / 1000;
  return missing || rebuild ? `built the app and the server in ${seconds.toFixed(0)} s` : null;
}

/** The town's pages and call requests the full run measures. */
export async function pickPages(services: Services, databaseUrl: string, townSlug: string) {
  const town = await requireTown(services, townSlug);
  const spec = await pickSpeciality(databaseUrl, townSlug, DOCTORS_PER_PAGE);
  const firstPage = await services.directory.doctorList(town, { page: 1 });
  const doctor = [...firstPage.doctors].sort((a, b) => b.reviewsCount - a.reviewsCount)[0];
  if (!doctor) throw new Error(`/${townSlug}/vrach/ has no doctors`);
  const clinics = await services.directory.clinicList(town, { page: 1 });
  const clinic = [...clinics.clinics].sort((a, b) => b.doctorsCount - a.doctorsCount)[0];
  if (!clinic) throw new Error(`/${townSlug}/lpu/ has no clinics`);
  const heavy = await reviewHeavyDoctor(services.db, townSlug);
  const [searchPaths, pricePaths, reviewPaths] = await Promise.all([
    searchCallPaths(services.db),
    priceListCallPaths(services.db),
    reviewsCallPaths(services.db, heavy.id),
  ]);
  const callPaths = { search: searchPaths, priceList: pricePaths, reviews: reviewPaths };
  return { town, spec, firstPage, doctor, clinic, heavy, callPaths };
}
