import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { TownService } from '../towns/service';
import { listSitemapPaths } from './lists-sitemap';
import { createDirectoryRepo } from './repo';

/** A sitemap file may list 50,000 URLs; we stay below that. */
const URLS_PER_FILE = 40_000;

/**
 * /robots.txt points crawlers at the sitemap and away from calls and search results.
 * /sitemap.xml is an index of /sitemap-towns.xml, /sitemap-lists.xml (place, treatment, top
 * and service lists) and numbered doctor and clinic files.
 * Files are cut at id boundaries, so a file's URL keeps its content while rows are added.
 */
export async function sitemapRoutes(
  app: FastifyInstance,
  deps: { db: Db; towns: TownService; origin: string },
) {
  const repo = createDirectoryRepo(deps.db);
  const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;

  app.get('/robots.txt', async (_request, reply) =>
    reply
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
    return reply
      .type('application/xml')
      .send(xml(`<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${items}</sitemapindex>`));
  });

  app.get('/sitemap-towns.xml', async (_request, reply) => {
    const towns = await deps.towns.list();
    const paths = ['/', ...towns.flatMap((t) => [`/${t.slug}/vrach/`, `/${t.slug}/lpu/`])];
    return reply.type('application/xml').send(urlset(deps.origin, paths));
  });

  app.get('/sitemap-lists.xml', async (_request, reply) =>
    reply.type('application/xml').send(urlset(deps.origin, await listSitemapPaths(deps.db, deps.towns))),
  );

  app.get<{ Params: { kind: string; n: string } }>('/sitemap-:kind-:n.xml', async (request, reply) => {
    const { kind, n } = request.params;
    const index = Number(n);
    if ((kind !== 'doctors' && kind !== 'clinics') || !Number.isInteger(index) || index < 1) {
      return reply.status(404).send({ detail: 'Не найдено' });
    }
    const bounds = await repo.sitemapBounds(kind, URLS_PER_FILE);
    if (index > bounds.length) return reply.status(404).send({ detail: 'Не найдено' });
    const [rows, towns] = await Promise.all([
      repo.sitemapChunk(kind, bounds[index - 1] - 1, URLS_PER_FILE),
      deps.towns.list(),
    ]);
    const slugOf = new Map(towns.map((t) => [t.id, t.slug]));
    const section = kind === 'doctors' ? 'vrach' : 'lpu';
    const paths = rows.map((r) => `/${slugOf.get(r.townId)}/${section}/${r.id}-${r.slug}/`);
    return reply.type('application/xml').send(urlset(deps.origin, paths));
  });

  function urlset(origin: string, paths: string[]) {
    const items = paths.map((p) => `<url><loc>${origin}${p}</loc></url>`).join('');
    return xml(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${items}</urlset>`);
  }
}
