import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { escapeHtml } from '../../../core/text/html';
import { TOWN_COOKIE } from '../../../core/towns/towns';
import type { TownService } from './service';

const townList = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      name: { type: 'string' },
      translit: { type: 'string' },
      url: { type: 'string' },
      value: { type: 'string' },
    },
    required: ['name', 'translit', 'url'],
  },
} as const;

const chooseUrl = (slug: string) => `/ajax/towns/${slug}/choose/`;

export async function townRoutes(
  app: FastifyInstance,
  { towns, secureCookies }: { towns: TownService; secureCookies: boolean },
) {
  /** Every town, for the chooser's list (loaded when the popup opens). */
  app.get('/api/towns/', { schema: { response: { 200: townList } } }, async () =>
    (await towns.list()).map((t) => ({
      name: t.name,
      translit: t.slug,
      url: chooseUrl(t.slug),
      value: t.name,
    })),
  );

  /**
   * Spec section 7 'Town': the town-list url answers an HTML fragment, which the popup loads
   * when it opens. Each link works without scripts; data-url is where choosing POSTs.
   */
  app.get('/ajax/towns/list/', async (_request, reply) => {
    const items = (await towns.list()).map(
      (t) =>
        `<li><a href="/${escapeHtml(t.slug)}/vrach/" data-translit="${escapeHtml(t.slug)}" data-url="${escapeHtml(chooseUrl(t.slug))}">${escapeHtml(t.name)}</a></li>`,
    );
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(`<ul class="town-list">${items.join('')}</ul>`);
  });

  /** Spec 'Town suggestion': name, translit, url (where choosing POSTs), value. */
  app.get('/ajax/towns/search/', { schema: { response: { 200: townList } } }, async (request) => {
    const { q } = z
      .object({ q: z.string().max(100).default('') })
      .catch({ q: '' })
      .parse(request.query);
    return (await towns.search(q)).map((t) => ({
      name: t.name,
      translit: t.slug,
      url: chooseUrl(t.slug),
      value: t.name,
    }));
  });

  /** Choosing a town remembers it (cookie) and answers the URL to go to. */
  app.post<{ Params: { slug: string } }>('/ajax/towns/:slug/choose/', async (request, reply) => {
    const town = await towns.bySlug(request.params.slug);
    if (!town) return reply.status(404).send({ detail: 'Город не найден' });
    reply.setCookie(TOWN_COOKIE, town.slug, {
      path: '/',
      sameSite: 'lax',
      secure: secureCookies,
      httpOnly: true,
      maxAge: 365 * 24 * 3600,
    });
    return { url: `/${town.slug}/vrach/` };
  });
}
