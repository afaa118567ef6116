import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';
import { pageMeta } from '../lib/seo';
import { originOf } from '../lib/town.server';
import type { Route } from './+types/login';

export function loader({ request }: Route.LoaderArgs) {
  return { origin: originOf(request) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title: 'Вход — ПроДокторов',
    description: 'Вход для пациентов, врачей и клиник.',
    canonical: `${loaderData?.origin ?? ''}/login/`,
    jsonLd: { '@context': 'https://schema.org', '@type': 'WebPage', name: 'Вход' },
  }),
  { name: 'robots', content: 'noindex' },
];

/** Login-type chooser (spec 'Favourites and login'): a patient, or a doctor or clinic. */
export default function Login() {
  return (
    <>
      <SiteHeader town={null} />
      <main id="content" tabIndex={-1} className="mx-auto w-full max-w-3xl flex-1 px-4 py-8">
        <h1 className="text-2xl font-bold">Вход</h1>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          <li className="card p-5">
            <h2 className="text-lg font-semibold">Я пациент</h2>
            <p className="mt-2 text-ink-soft">
              Оставлять отзывы, записываться на приём онлайн и вести электронную медкарту.
            </p>
          </li>
          <li className="card p-5">
            <h2 className="text-lg font-semibold">Я врач или представитель клиники</h2>
            <p className="mt-2 text-ink-soft">
              Отвечать на отзывы, подключить онлайн-запись и рассказать об услугах.
            </p>
          </li>
        </ul>
      </main>
      <SiteFooter />
    </>
  );
}
