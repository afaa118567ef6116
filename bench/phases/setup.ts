/**
 * Before the phases: the production build when it is missing or asked for, and the pages and
 * calls picked from the town's data (the most reviewed doctor, the clinic with the most doctors…).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { DOCTORS_PER_PAGE } from '../../server/modules/directory/service';
import { buildServer } from '../../server/tools/build-server';
import { priceListCallPaths } from '../calls/price-list';
import { reviewHeavyDoctor, reviewsCallPaths } from '../calls/reviews';
import { searchCallPaths } from '../calls/search';
import { pickSpeciality } from '../database';
import { requireTown, type Services } from '../queries';

/**
 * Builds the app when build/server/index.js is missing or `rebuild` is set, saying how long it
 * took; bundles the server every time (well under a second), so the server measured is the code
 * checked out, run as `npm start` runs it (ADR 026).
 */
export async function buildIfNeeded(rebuild: boolean): Promise<string | null> {
  await buildServer();
  const missing = !existsSync('build/server/index.js');
  if (!missing && !rebuild) return null;
  console.log(`\n$ react-router build${missing ? ' (build/server/index.js is missing)' : ''}`);
  const started = performance.now();
  const result = spawnSync(path.resolve('node_modules/.bin/react-router'), ['build'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('react-router build failed');
  return `built the app in ${((performance.now() - started) / 1000).toFixed(0)} s`;
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
