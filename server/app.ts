import { existsSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { AppLoadContext } from 'react-router';
import type { Clock } from './clock';
import type { Db } from './db/client';
import { directoryRoutes } from './modules/directory/routes';
import { createDirectoryService, type DirectoryService } from './modules/directory/service';
import { sitemapRoutes } from './modules/directory/sitemap';
import { townRoutes } from './modules/towns/routes';
import { createTownService, type TownService } from './modules/towns/service';
import { type BuildSource, registerPages } from './pages';
import { issueCsrfCookie, requireCsrf } from './security/csrf';

export interface Services {
  towns: TownService;
  directory: DirectoryService;
}

declare module 'react-router' {
  interface AppLoadContext {
    services: Services;
    clock: Clock;
    /** The request's cookies, parsed once by Fastify. */
    cookies: Record<string, string | undefined>;
  }
}

export interface AppDeps {
  db: Db;
  clock: Clock;
  logger?: FastifyServerOptions['logger'];
  /** React Router server build; without it only the API is served (API tests). */
  pages?: { build: BuildSource; mode: 'production' | 'development'; clientDir?: string };
  /** Hook for the dev server: Vite's middlewares run before any route. */
  beforeRoutes?: (app: FastifyInstance) => void;
  /** Public origin for absolute URLs outside a request (sitemaps). */
  publicUrl?: string;
}

export async function buildApp({
  db,
  clock,
  logger = false,
  pages,
  beforeRoutes,
  publicUrl = 'http://localhost:3000',
}: AppDeps) {
  const app = Fastify({ logger, trustProxy: true });
  beforeRoutes?.(app);

  const towns = createTownService({ db });
  const directory = createDirectoryService({ db, clock });
  const services: Services = { towns, directory };

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send({ detail: 'Произошла ошибка' });
    }
    return reply.status(status).send({ detail: error.message });
  });

  await app.register(compress, {
    threshold: 1024,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });

  // Secure cookies need HTTPS; the public URL says whether the site is served over it.
  const secureCookies = publicUrl.startsWith('https:');
  await app.register(cookie);
  issueCsrfCookie(app, { secure: secureCookies });

  app.get('/healthz', async () => ({ ok: true }));
  app.get('/favicon.ico', (_request, reply) => reply.redirect('/favicon.svg', 301));

  await app.register(async (api) => {
    await api.register(formbody);
    api.addHook('preHandler', requireCsrf);
    await townRoutes(api, { towns, secureCookies });
    await directoryRoutes(api, { directory, towns });
    await sitemapRoutes(api, { db, towns, origin: publicUrl });
    const notFound = async () => {
      throw Object.assign(new Error('Не найдено'), { statusCode: 404 });
    };
    api.all('/api/*', notFound);
    api.all('/ajax/*', notFound);
  });

  if (pages) {
    const clientDir = pages.clientDir ?? path.resolve('build/client');
    if (pages.mode === 'production' && existsSync(clientDir)) {
      await app.register(fastifyStatic, {
        root: clientDir,
        wildcard: false,
        decorateReply: false,
        setHeaders: (reply, filePath) => {
          // Vite hashes everything under assets/, so those files never change.
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          reply.header(
            'cache-control',
            immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
          );
        },
      });
    }
    await registerPages(
      app,
      pages.build,
      pages.mode,
      (request): AppLoadContext => ({
        services,
        clock,
        cookies: request.cookies,
      }),
    );
  }

  return app;
}
