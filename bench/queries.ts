/**
 * The data side of a page, measured in this process: the same services the server builds,
 * on the same database, called sequentially. What a page costs beyond this is React
 * rendering plus HTTP (and the loader's cached look-ups).
 */
import { systemClock } from '../server/clock';
import { openDatabase } from '../server/db/client';
import { createDirectoryRepo } from '../server/modules/directory/repo';
import { createDirectoryService, DOCTORS_PER_PAGE } from '../server/modules/directory/service';
import { createDoctorService } from '../server/modules/doctor/service';
import { createTownService, type Town } from '../server/modules/towns/service';
import { median, percentile } from './stats';

export interface Timing {
  runs: number;
  p50: number;
  p90: number;
}

export async function openServices(url: string) {
  const database = await openDatabase({ kind: 'postgres', url });
  const towns = createTownService({ db: database.db });
  // Passed as a variable: whichever of these the service takes (as server/app.ts builds it).
  const deps = { db: database.db, clock: systemClock, towns };
  const directory = createDirectoryService(deps);
  const doctors = createDoctorService({ db: database.db, directory });
  const repo = createDirectoryRepo(database.db);
  return { db: database.db, towns, directory, doctors, repo, close: () => database.close() };
}

export type Services = Awaited<ReturnType<typeof openServices>>;

export async function requireTown(services: Services, slug: string): Promise<Town> {
  const town = await services.towns.bySlug(slug);
  if (!town) throw new Error(`Town '${slug}' is not in the database`);
  return town;
}

/** Median and p90 of `runs` sequential calls after `warm` unmeasured ones. */
export async function time(fn: () => Promise<unknown>, runs = 50, warm = 5): Promise<Timing> {
  for (let i = 0; i < warm; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn();
    samples.push(performance.now() - started);
  }
  return { runs, p50: median(samples), p90: percentile(samples, 90) };
}

/** The page's loader data call, and for lists the id+count query alone (the part that grows with the page). */
export function pageCalls(
  services: Services,
  town: Town,
  target: { kind: 'list'; specialityId?: number; page: number } | { kind: 'doctor'; id: number },
): { full: () => Promise<unknown>; ids?: () => Promise<unknown> } {
  const { directory, doctors, repo } = services;
  if (target.kind === 'doctor') {
    return {
      full: async () => {
        if (!(await doctors.page(town, target.id))) throw new Error(`doctor ${target.id} not found`);
      },
    };
  }
  const { specialityId, page } = target;
  return {
    full: () => directory.doctorList(town, { specialityId, page }),
    // The id page and the (uncached) total, as the first request after a cache expiry pays them.
    ids: () =>
      Promise.all([
        repo.doctorPage({
          townId: town.id,
          specialityId,
          limit: DOCTORS_PER_PAGE,
          offset: (page - 1) * DOCTORS_PER_PAGE,
        }),
        repo.doctorCount({ townId: town.id, specialityId }),
      ]),
  };
}
