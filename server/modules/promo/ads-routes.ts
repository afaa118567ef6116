import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adBanner, adClick, adStats, viewBanner, viewStatus } from '../../../core/promo/ad-calls';
import {
  AdBannerQuerySchema,
  AdBannerReplySchema,
  AdClickParamsSchema,
  AdClickQuerySchema,
  AdCountedSchema,
  AdStatsQuerySchema,
  AdStatsSchema,
  ViewBannerBodySchema,
  ViewStatusBodySchema,
} from '../../../core/promo/ad-contracts';
import { isDomainError } from '../../http/errors';
import { serve } from '../../http/route';
import type { AdsService, AdVisitor } from './ads-service';

const visitorOf = (request: FastifyRequest): AdVisitor => ({
  ip: request.addressKey,
  userAgent: request.headers['user-agent'] ?? '',
});

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A person who followed a dead ad link reads a page, not JSON. */
function missingAdPage(detail: string): string {
  return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${escapeHtml(detail)}</title></head><body><h1>${escapeHtml(detail)}</h1><p><a href="/">На главную</a></p></body></html>`;
}

/** The advertising calls (docs/product/ads.md): the banner, the view and script reports, the click, the staff's counts. */
export async function adsRoutes(app: FastifyInstance, { ads }: { ads: AdsService }) {
  serve(app, adBanner, { query: AdBannerQuerySchema, reply: AdBannerReplySchema }, async (request, reply) => {
    // Each answer is a new impression: never kept by a browser or a shared cache.
    reply.header('cache-control', 'no-store');
    return ads.banner(request.query, visitorOf(request));
  });

  serve(app, viewBanner, { body: ViewBannerBodySchema, reply: AdCountedSchema }, async (request) =>
    ads.view(request.body, visitorOf(request)),
  );

  serve(app, viewStatus, { body: ViewStatusBodySchema, reply: AdCountedSchema }, async (request) =>
    ads.status(request.body, visitorOf(request)),
  );

  serve(
    app,
    adClick,
    {
      params: AdClickParamsSchema,
      query: AdClickQuerySchema,
      invalid: { params: { status: 404, detail: 'Реклама не найдена или её показ закончился' } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      reply.header('x-robots-tag', 'noindex');
      try {
        const target = await ads.click(request.params.campaign, request.query, visitorOf(request));
        return reply.redirect(target, 302);
      } catch (error) {
        if (!isDomainError(error) || !request.headers.accept?.includes('text/html')) throw error;
        return reply.status(error.status).type('text/html; charset=utf-8').send(missingAdPage(error.detail));
      }
    },
  );

  serve(app, adStats, { query: AdStatsQuerySchema, reply: AdStatsSchema }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return ads.stats(await request.viewer(), request.query);
  });
}
