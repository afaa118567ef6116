import { type ReactNode, useEffect } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useNavigation,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import { publicViewer } from '../core/auth/viewer';
import type { Route } from './+types/root';
import appCss from './app.css?url';
import { SiteFooter } from './components/late-footer';
import { SiteHeader } from './components/site-header';
import { preloadModal } from './components/ui/modal';
import { SnackbarHost } from './components/ui/snackbar';
import { AccountMenu } from './features/auth/account-menu';
import { HeartSymbol } from './features/favourites/heart';
import { api } from './lib/api';
import { pageContextOf } from './lib/services.server';

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export function loader({ context: router }: Route.LoaderArgs) {
  const context = pageContextOf(router);
  return {
    stage: context.environment === 'stage',
    /** Production and stage pages ask for a missing CSRF cookie (core/http/set-session.ts); development never. */
    setSession: context.environment !== 'development',
    user: publicViewer(context.viewer),
    auth: context.authSettings,
  };
}

// The environment does not change between navigations, and signing in or out reloads the page.
export const shouldRevalidate = () => false;

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>('root');
  return (
    <html lang="ru">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1a64c7" />
        {/* A stylesheet with a precedence is one React itself places at the top of the head,
            before the scripts' preload links: it is the one file the first paint waits for, and
            asked for behind some fifty module preloads it arrived after them, so the page's
            first paint came only after its scripts had run. */}
        <link rel="stylesheet" href={appCss} precedence="default" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#content"
          className="sr-only z-50 rounded-lg bg-brand px-4 py-2 text-white focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:px-4 focus:py-2"
        >
          Перейти к содержанию
        </a>
        <HeartSymbol />
        {children}
        {root?.stage && (
          <span className="pointer-events-none fixed bottom-2 left-2 z-[1200] rounded bg-ink px-2 py-0.5 text-xs font-bold uppercase tracking-wide text-white">
            Stage
          </span>
        )}
        <SnackbarHost />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const setSession = loaderData.setSession;
  useEffect(() => {
    if (setSession) api.setSession();
  }, [setSession]);
  useEffect(() => {
    // The document has hydrated: browser tests wait for this (tests/e2e/support/hydrated.ts).
    document.documentElement.dataset.hydrated = '';
  }, []);
  useEffect(() => {
    // The modal's code is out of the first load; fetch it when the browser has nothing else to do.
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1500));
    idle(preloadModal);
  }, []);
  return (
    <>
      {navigation.state !== 'idle' && (
        <div
          role="progressbar"
          aria-label="Загрузка..."
          className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-brand-soft"
        >
          <div className="h-full w-1/3 animate-[loading_1s_ease-in-out_infinite] bg-brand" />
        </div>
      )}
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // The server logs a loader's error once (app/entry.server.tsx handleError); the browser, its own.
  if (!notFound && typeof document !== 'undefined') console.error(error);
  return (
    <>
      <title>{notFound ? 'Страница не найдена — ПроДокторов' : 'Произошла ошибка — ПроДокторов'}</title>
      <SiteHeader home="/" account={<AccountMenu />} />
      <main id="content" tabIndex={-1} className="mx-auto w-full max-w-5xl flex-1 px-4 py-16 text-center">
        <p className="text-6xl font-bold text-brand">{notFound ? '404' : '500'}</p>
        <h1 className="mt-4 text-2xl font-semibold">
          {notFound ? 'Страница не найдена' : 'Произошла ошибка'}
        </h1>
        <p className="mt-2 text-ink-soft">
          {notFound
            ? 'Возможно, врач или клиника больше не принимают, или в адресе опечатка.'
            : 'Обновите страницу и попробуйте еще раз.'}
        </p>
        <a
          href="/"
          className="mt-8 inline-block rounded-lg bg-brand px-5 py-3 font-medium text-white hover:bg-brand-dark"
        >
          На главную
        </a>
      </main>
      <SiteFooter />
    </>
  );
}
