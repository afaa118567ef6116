import type { ReactNode } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
} from 'react-router';
import type { Route } from './+types/root';
import './app.css';
import { SiteFooter } from './components/site-footer';
import { SiteHeader } from './components/site-header';

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="ru">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1e6fd9" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <>
      <title>{notFound ? 'Страница не найдена — ПроДокторов' : 'Произошла ошибка — ПроДокторов'}</title>
      <SiteHeader town={null} />
      <main className="mx-auto w-full max-w-5xl flex-1 px-4 py-16 text-center">
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
