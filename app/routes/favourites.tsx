import { WORK_ACCOUNT_TITLE } from '../../core/auth/viewer';
import { doctorsUrl } from '../../core/directory/list-urls';
import { FAVOURITE_TEXTS, FAVOURITES_PAGE } from '../../core/favourites/favourites';
import { plural, WORDS } from '../../core/text/plural';
import { TOWN_COOKIE } from '../../core/towns/towns';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';
import { ClinicCard } from '../features/directory/clinic-card';
import { DoctorCard } from '../features/directory/doctor-card';
import { FavouriteButton } from '../features/favourites/favourite-button';
import { pageMeta } from '../lib/seo';
import { originOf } from '../lib/town.server';
import type { Route } from './+types/favourites';

const DEFAULT_TOWN = 'moskva';

/** A patient's saved doctors and clinics (spec section 2: 'Favourites page at /favourites'). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const remembered = context.cookies[TOWN_COOKIE];
  const town = (remembered && (await context.services.towns.bySlug(remembered))) || null;
  return {
    origin: originOf(request),
    doctorsHref: doctorsUrl(town?.slug ?? DEFAULT_TOWN),
    page: await context.services.favourites.page(context.viewer),
  };
}

// A personal page: never shared by a cache between visitors.
export const headers = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title: 'Избранное — ПроДокторов',
    description: 'Избранные врачи и клиники.',
    canonical: `${loaderData?.origin ?? ''}${FAVOURITES_PAGE}`,
    jsonLd: { '@context': 'https://schema.org', '@type': 'WebPage', name: 'Избранное' },
    noindex: true,
  }),
];

export default function Favourites({ loaderData: d }: Route.ComponentProps) {
  const { page } = d;
  return (
    <>
      <SiteHeader town={null} />
      <main id="content" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
        <h1 className="text-2xl font-bold sm:text-3xl">Избранное</h1>
        {page.access === 'sign-in' && (
          <div className="card mt-6 p-8 text-center" role="status">
            <p className="text-lg font-semibold">{FAVOURITE_TEXTS.signInTitle}</p>
            <p className="mt-1 text-ink-soft">
              Избранные врачи и клиники сохраняются в личном кабинете пациента.
            </p>
            <a
              href={`/login/?next=${encodeURIComponent(FAVOURITES_PAGE)}`}
              className="mt-4 inline-block rounded-lg bg-brand px-5 py-2.5 font-medium text-white hover:bg-brand-dark"
            >
              {FAVOURITE_TEXTS.signIn}
            </a>
          </div>
        )}
        {page.access === 'work-account' && (
          <div className="card mt-6 p-8 text-center" role="status">
            <p className="text-lg font-semibold">{WORK_ACCOUNT_TITLE}</p>
            <p className="mt-1 text-ink-soft">Чтобы пользоваться избранным, войдите как пациент.</p>
          </div>
        )}
        {page.access === 'patient' && page.doctors.length + page.clinics.length === 0 && (
          <div className="card mt-6 p-8 text-center" role="status">
            <p className="text-lg font-semibold">В избранном пока пусто</p>
            <p className="mt-1 text-ink-soft">
              Нажмите на сердечко у врача или клиники, чтобы сохранить их здесь.
            </p>
            <a href={d.doctorsHref} className="mt-4 inline-block text-brand hover:underline">
              Найти врача
            </a>
          </div>
        )}
        {page.access === 'patient' && page.doctors.length + page.clinics.length > 0 && (
          <>
            <nav aria-label="Разделы" className="mt-3 flex gap-2 text-sm">
              <a href="#doctors" className="rounded-full bg-brand-soft px-3 py-1 text-brand">
                Врачи · {page.doctors.length}
              </a>
              <a href="#clinics" className="rounded-full bg-brand-soft px-3 py-1 text-brand">
                Клиники · {page.clinics.length}
              </a>
            </nav>
            <section id="doctors" aria-labelledby="doctors-h" className="mt-6">
              <h2 id="doctors-h" className="text-xl font-semibold">
                Врачи
              </h2>
              {page.doctors.length === 0 ? (
                <p className="mt-2 text-ink-soft">
                  Здесь будут врачи, которых вы сохраните.{' '}
                  <a href={d.doctorsHref} className="text-brand hover:underline">
                    Найти врача
                  </a>
                </p>
              ) : (
                <>
                  <p className="mt-1 text-sm text-muted">{plural(page.doctors.length, WORDS.doctor)}</p>
                  <ul className="mt-3 flex flex-col gap-4">
                    {page.doctors.map((doctor) => (
                      <li key={doctor.id}>
                        <DoctorCard
                          doctor={doctor}
                          favourite={<FavouriteButton type="doctors" id={doctor.id} />}
                        />
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </section>
            <section id="clinics" aria-labelledby="clinics-h" className="mt-8">
              <h2 id="clinics-h" className="text-xl font-semibold">
                Клиники
              </h2>
              {page.clinics.length === 0 ? (
                <p className="mt-2 text-ink-soft">Здесь будут клиники, которые вы сохраните.</p>
              ) : (
                <ul className="mt-3 flex flex-col gap-4">
                  {page.clinics.map((clinic) => (
                    <li key={clinic.id}>
                      <ClinicCard clinic={clinic} favourite={<FavouriteButton type="lpu" id={clinic.id} />} />
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </main>
      <SiteFooter />
    </>
  );
}
