import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../../../core/text/html';
import { townChoose, townList, townListHtml, townSearch } from '../../../core/towns/calls';
import {
  TownChosenSchema,
  TownListSchema,
  TownSearchQuerySchema,
  TownSlugParamsSchema,
} from '../../../core/towns/contracts';
import { TOWN_COOKIE } from '../../../core/towns/towns';
import { notFound } from '../../http/errors';
import { serve } from '../../http/route';
import type { TownService } from './service';

const chooseUrl = (slug: string) => `/ajax/towns/${slug}/choose/`;

export async function townRoutes(
  app: FastifyInstance,
  { towns, secureCookies }: { towns: TownService; secureCookies: boolean },
) {
  const option = (t: { name: string; slug: string }) => ({
    name: t.name,
    translit: t.slug,
    url: chooseUrl(t.slug),
    value: t.name,
  });

  /** Every town, for the chooser's list (loaded when the popup opens). */
  serve(app, townList, { reply: TownListSchema }, async () => (await towns.list()).map(option));

  /**
   * The town-list call answers an HTML fragment, which the popup loads when it opens. Each link
   * works without scripts; data-url is where choosing POSTs.
   */
  serve(app, townListHtml, {}, async (_request, reply) => {
    const items = (await towns.list()).map(
      (t) =>
        `<li><a href="/${escapeHtml(t.slug)}/vrach/" data-translit="${escapeHtml(t.slug)}" data-url="${escapeHtml(chooseUrl(t.slug))}">${escapeHtml(t.name)}</a></li>`,
    );
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(`<ul class="town-list">${items.join('')}</ul>`);
  });

  /** Town suggestions: name, translit, url (where choosing POSTs), value. */
  serve(app, townSearch, { query: TownSearchQuerySchema, reply: TownListSchema }, async (request) =>
    (await towns.search(request.query.q)).map(option),
  );

  /** Choosing a town remembers it (cookie) and answers the URL to go to. */
  serve(
    app,
    townChoose,
    {
      params: TownSlugParamsSchema,
      reply: TownChosenSchema,
      invalid: { params: { status: 404, detail: 'Город не найден' } },
    },
    async (request, reply) => {
      const town = await towns.bySlug(request.params.slug);
      if (!town) throw notFound('Город не найден');
      reply.setCookie(TOWN_COOKIE, town.slug, {
        path: '/',
        sameSite: 'lax',
        secure: secureCookies,
        httpOnly: true,
        maxAge: 365 * 24 * 3600,
      });
      return { url: `/${town.slug}/vrach/` };
    },
  );
}
