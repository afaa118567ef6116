import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  catalogUrl,
  clinicsUrl,
  doctorsUrl,
  onlineDoctorsUrl,
  placeClinicsUrl,
  placeDoctorsUrl,
  SERVICE_SECTIONS,
  servicesUrl,
  TOP_FILTERS,
  TOP_MIN_REVIEWS,
  topUrl,
  townUrl,
  treatmentUrl,
} from '../../../core/directory/list-urls';
import { clinicUrl, doctorUrl } from '../../../core/directory/urls';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import type { TownService } from '../towns/service';
import { createListRepo } from './lists-repo';
import { createDirectoryRepo } from './repo';

/** A sitemap file may list 50,000 URLs; we stay below that. */
const URLS_PER_FILE = 40_000;

/**
 * /robots.txt points crawlers at the sitemap and away from calls and search results.
 * /sitemap.xml is an index of /sitemap-towns.xml (each town's lists and catalog), /sitemap-lists.xml (place, treatment, top
 * and service lists) and numbered doctor and clinic files.
 * Files are cut at id boundaries, so a file's URL keeps its content while rows are added.
 */
export async function sitemapRoutes(
  app: FastifyInstance,
  deps: { db: Db; towns: TownService; origin: string },
) {
  const repo = createDirectoryRepo(deps.db);
  const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
  // The same for every visitor: shared caches may keep them an hour (no cookie goes with them).
  const shared = (reply: FastifyReply) => reply.header('cache-control', 'public, max-age=3600');

  app.get('/robots.txt', async (_request, reply) =>
    shared(reply)
      .type('text/plain; charset=utf-8')
      .send(
        [
          'User-agent: *',
          'Allow: /',
          'Disallow: /api/',
          'Disallow: /ajax/',
          'Disallow: /login/',
          'Disallow: /*?q=',
          `Sitemap: ${deps.origin}/sitemap.xml`,
          '',
        ].join('\n'),
      ),
  );

  app.get('/sitemap.xml', async (_request, reply) => {
    const [doctorBounds, clinicBounds] = await Promise.all([
      repo.sitemapBounds('doctors', URLS_PER_FILE),
      repo.sitemapBounds('clinics', URLS_PER_FILE),
    ]);
    const files = [
      '/sitemap-towns.xml',
      '/sitemap-lists.xml',
      ...doctorBounds.map((_, i) => `/sitemap-doctors-${i + 1}.xml`),
      ...clinicBounds.map((_, i) => `/sitemap-clinics-${i + 1}.xml`),
    ];
    const items = files.map((f) => `<sitemap><loc>${deps.origin}${f}</loc></sitemap>`).join('');
    return shared(reply)
      .type('application/xml')
      .send(xml(`<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${items}</sitemapindex>`));
  });

  app.get('/sitemap-towns.xml', async (_request, reply) => {
    const towns = await deps.towns.list();
    const paths = [
      '/',
      ...towns.flatMap((t) => [townUrl(t.slug), doctorsUrl(t.slug), clinicsUrl(t.slug), catalogUrl(t.slug)]),
    ];
    return shared(reply).type('application/xml').send(urlset(deps.origin, paths));
  });

  app.get('/sitemap-lists.xml', async (_request, reply) =>
    shared(reply)
      .type('application/xml')
      .send(urlset(deps.origin, await listSitemapPaths(deps.db, deps.towns))),
  );

  app.get<{ Params: { kind: string; n: string } }>('/sitemap-:kind-:n.xml', async (request, reply) => {
    const { kind, n } = request.params;
    const index = Number(n);
    if ((kind !== 'doctors' && kind !== 'clinics') || !Number.isInteger(index) || index < 1) {
      throw notFound();
    }
    const bounds = await repo.sitemapBounds(kind, URLS_PER_FILE);
    if (index > bounds.length) throw notFound();
    const [rows, towns] = await Promise.all([
      repo.sitemapChunk(kind, bounds[index - 1] - 1, URLS_PER_FILE),
      deps.towns.list(),
    ]);
    const slugOf = new Map(towns.map((t) => [t.id, t.slug]));
    const pageUrl = kind === 'doctors' ? doctorUrl : clinicUrl;
    const paths = rows.map((r) => pageUrl(slugOf.get(r.townId) ?? '', r));
    return shared(reply).type('application/xml').send(urlset(deps.origin, paths));
  });

  function urlset(origin: string, paths: string[]) {
    const items = paths.map((p) => `<url><loc>${origin}${p}</loc></url>`).join('');
    return xml(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${items}</urlset>`);
  }
}

/**
 * Paths of the list pages for /sitemap-lists.xml: per town the doctors and clinics at each
 * metro station and district, the treatment lists, the top lists that have clinics and the
 * service directories; and the online list. A few queries of reference data per town.
 */
async function listSitemapPaths(db: Db, towns: TownService): Promise<string[]> {
  const repo = createListRepo(db);
  const treatments = [...new Set((await repo.treatmentLinks()).map((t) => t.translit))];
  const perTown = await Promise.all(
    (await towns.list()).map(async (town) => {
      const [metro, districts, tops] = await Promise.all([
        repo.places('metro', town.id),
        repo.places('district', town.id),
        repo.topKindCounts(town.id, TOP_MIN_REVIEWS),
      ]);
      const kinds = new Set(tops.filter((t) => t.n > 0).map((t) => t.kind));
      return [
        ...metro.flatMap((p) => [
          placeDoctorsUrl(town.slug, 'metro', p.slug),
          placeClinicsUrl(town.slug, 'metro', p.slug),
        ]),
        ...districts.flatMap((p) => [
          placeDoctorsUrl(town.slug, 'rayon', p.slug),
          placeClinicsUrl(town.slug, 'rayon', p.slug),
        ]),
        ...treatments.map((t) => treatmentUrl(town.slug, t)),
        ...TOP_FILTERS.filter((f) => kinds.has(f.kind)).map((f) => topUrl(town.slug, f.slug)),
        ...SERVICE_SECTIONS.map((s) => servicesUrl(town.slug, s.segment)),
      ];
    }),
  );
  return [onlineDoctorsUrl(), ...perTown.flat()];
}
