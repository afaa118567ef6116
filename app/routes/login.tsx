import { Link, useSearchParams } from 'react-router';
import { safeNextPath } from '../../core/auth/next';
import { SignInForm } from '../features/auth/sign-in-form';
import { ConsentNote } from '../features/auth/sign-in-modal';
import { useRootAuth } from '../features/auth/use-root-auth';
import { pageMeta } from '../lib/seo';
import { pageContextOf } from '../lib/services.server';
import type { ShellHandle } from '../lib/shell';
import type { Route } from './+types/login';

export function loader({ context: router }: Route.LoaderArgs) {
  const context = pageContextOf(router);
  return { origin: context.origin };
}

export const handle: ShellHandle = { width: '3xl' };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title: 'Вход — ПроДокторов',
    description: 'Вход для пациентов, врачей и клиник.',
    canonical: `${loaderData?.origin ?? ''}/login/`,
    jsonLd: { '@context': 'https://schema.org', '@type': 'WebPage', name: 'Вход' },
    noindex: true,
  }),
];

/**
 * Login-type chooser (docs/product/sign-in.md): a patient signs in right here with the phone
 * form; doctors and clinics follow the doctor login link, which lands on
 * `?kind=work` — the same phone form titled for work accounts. `?next=` (a same-site path
 * only) is where a successful sign-in goes.
 */
export default function Login() {
  const [params] = useSearchParams();
  const { doctorLoginHref } = useRootAuth();
  const kind = params.get('kind');
  const next = safeNextPath(params.get('next'));
  const patientHref = `/login/?${new URLSearchParams({ kind: 'patient', ...(params.get('next') ? { next } : {}) })}`;

  if (kind === 'work') {
    return (
      <div className="mx-auto max-w-md">
        <h1 className="text-2xl font-bold">Вход для врачей и клиник</h1>
        <p className="mt-2 text-ink-soft">
          Отвечать на отзывы, подключить онлайн-запись и рассказать об услугах.
        </p>
        <div className="card mt-6 p-5">
          {/* Work accounts sign in by a call or an SMS: VK is for patients only. */}
          <SignInForm next={next} flow="work" />
          {/* Work accounts answer reviews: the publishing policy concerns them too. */}
          <ConsentNote publishing />
        </div>
      </div>
    );
  }

  const patient = kind === 'patient';
  return (
    <>
      <h1 className="text-2xl font-bold">Вход</h1>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2">
        <li className="card p-5">
          <h2 className="text-lg font-semibold">
            {patient ? (
              'Я пациент'
            ) : (
              <Link to={patientHref} className="text-brand hover:underline">
                Я пациент
              </Link>
            )}
          </h2>
          <p className="mt-2 text-ink-soft">
            Оставлять отзывы и записываться на приём онлайн — себе и близким.
          </p>
          {patient && (
            <div className="mt-4">
              <SignInForm next={next} autoFocus />
              <ConsentNote publishing={next.startsWith('/reviews/new')} />
            </div>
          )}
        </li>
        <li className="card p-5">
          <h2 className="text-lg font-semibold">
            <a href={doctorLoginHref} className="text-brand hover:underline">
              Я врач или представитель клиники
            </a>
          </h2>
          <p className="mt-2 text-ink-soft">
            Отвечать на отзывы, подключить онлайн-запись и рассказать об услугах.
          </p>
        </li>
      </ul>
    </>
  );
}
