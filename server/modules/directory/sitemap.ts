import { Readable } from 'node:stream';
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

/** A sitemap file (or index) may list 50,000 URLs (sitemaps.org protocol 0.9). */
export const PROTOCOL_MAX_URLS = 50_000;
/** Doctor and clinic files stay below that. */
export const URLS_PER_FILE = 40_000;
/** Rows read per query while a doctor or clinic file streams out: memory stays at one page. */
export const SITEMAP_PAGE_ROWS = 2_000;
/** The protocol's longest <loc>. */
export const MAX_LOC_LENGTH = 2_048;

/**
 * /robots.txt points crawlers at the sitemap and away from calls and search results.
 * /sitemap.xml is an index of /sitemap-towns.xml (each town's lists and catalog), /sitemap-lists.xml (place, treatment, top
 * and service lists) and numbered doctor and clinic files.
 * Files are cut at id boundaries, so a file's URL keeps its content while rows are added.
 * A doctor or clinic file is written to the reply as a stream, its rows read page by page
 * (keyset on id), never held as one list or one string: at Russia's scale ('xl', 600,000
 * doctors) that is 15 doctor files of 40,000 URLs. The town and list files hold a few
 * thousand URLs built from reference data (83 towns: ~330 and ~7,000).
 */
export async function sitemapRoutes(
  app: FastifyInstance,
  deps: {
    db: Db;
    towns: TownService;
    origin: string;
    /** Tests make files and pages small; the site uses URLS_PER_FILE and SITEMAP_PAGE_ROWS. */
    limits?: { urlsPerFile: number; pageRows: number };
  },
) {
  const { urlsPerFile, pageRows } = deps.limits ?? {
    urlsPerFile: URLS_PER_FILE,
    pageRows: SITEMAP_PAGE_ROWS,
  };
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
      repo.sitemapBounds('doctors', urlsPerFile),
      repo.sitemapBounds('clinics', urlsPerFile),
    ]);
    const files = [
      '/sitemap-towns.xml',
      '/sitemap-lists.xml',
      ...doctorBounds.map((_, i) => `/sitemap-doctors-${i + 1}.xml`),
      ...clinicBounds.map((_, i) => `/sitemap-clinics-${i + 1}.xml`),
    ];
    const items = files.map((f) => `<sitemap><loc>${escapeXml(deps.origin + f)}</loc></sitemap>`).join('');
    return shared(reply)
      .type('application/xml')
      .send(xml(`<sitemapindex xmlns="${SITEMAP_NS}">${items}</sitemapindex>`));
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
    const table: 'doctors' | 'clinics' = kind;
    const bounds = await repo.sitemapBounds(table, urlsPerFile);
    if (index > bounds.length) throw notFound();
    const towns = await deps.towns.list();
    const slugOf = new Map(towns.map((t) => [t.id, t.slug]));
    const pageUrl = table === 'doctors' ? doctorUrl : clinicUrl;
    // The first page is read before the reply starts, so a failing database still gets a 500.
    const first = await repo.sitemapChunk(table, bounds[index - 1] - 1, pageRows);
    async function* pages(): AsyncGenerator<string[]> {
      let rows = first;
      let left = urlsPerFile;
      while (rows.length > 0) {
        const take = rows.length > left ? rows.slice(0, left) : rows;
        yield take.map((r) => pageUrl(slugOf.get(r.townId) ?? '', r));
        left -= take.length;
        if (left === 0 || rows.length < pageRows) return;
        rows = await repo.sitemapChunk(table, rows[rows.length - 1].id, Math.min(pageRows, left));
      }
    }
    return shared(reply)
      .type('application/xml')
      .send(Readable.from(urlsetStream(deps.origin, pages()), { objectMode: false }));
  });

  function urlset(origin: string, paths: string[]) {
    if (paths.length > PROTOCOL_MAX_URLS) throw new Error(`sitemap: ${paths.length} URLs in one file`);
    return xml(`<urlset xmlns="${SITEMAP_NS}">${paths.map((p) => urlItem(origin, p)).join('')}</urlset>`);
  }
}

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** The five characters XML wants as entities inside <loc>, as the protocol asks. */
export function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`,
  );
}

function urlItem(origin: string, path: string): string {
  return `<url><loc>${escapeXml(origin + path)}</loc></url>`;
}

/** A <urlset> document as strings, one per page of paths: the caller pipes it to the reply. */
export async function* urlsetStream(origin: string, pages: AsyncIterable<string[]>): AsyncGenerator<string> {
  yield `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${SITEMAP_NS}">`;
  for await (const paths of pages) yield paths.map((p) => urlItem(origin, p)).join('');
  yield '</urlset>';
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
