import { WORK_ACCOUNT_TITLE } from '../../../core/auth/viewer';
import type { FavouritesPageData } from '../../../core/favourites/contracts';
import { FAVOURITE_TEXTS, FAVOURITES_PAGE } from '../../../core/favourites/favourites';
import { plural, WORDS } from '../../../core/text/plural';
import { ClinicCard } from '../directory/clinic-card';
import { DoctorCard } from '../directory/doctor-card';
import { FavouriteButton } from './favourite-button';

/**
 * The /favourites page's content: a patient's saved doctors and clinics with their hearts, or
 * what the page says to a visitor (sign in) and to a work account (it cannot).
 */
export function FavouritesList({
  page,
  doctorsHref,
}: {
  page: FavouritesPageData;
  /** Where 'Найти врача' leads: the doctors of the remembered town. */
  doctorsHref: string;
}) {
  if (page.access !== 'patient') return <NotForYou access={page.access} />;
  if (page.doctors.length + page.clinics.length === 0) {
    return (
      <div className="card mt-6 p-8 text-center" role="status">
        <p className="text-lg font-semibold">В избранном пока пусто</p>
        <p className="mt-1 text-ink-soft">
          Нажмите на сердечко у врача или клиники, чтобы сохранить их здесь.
        </p>
        <a href={doctorsHref} className="mt-4 inline-block text-brand hover:underline">
          Найти врача
        </a>
      </div>
    );
  }
  return (
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
            <a href={doctorsHref} className="text-brand hover:underline">
              Найти врача
            </a>
          </p>
        ) : (
          <>
            <p className="mt-1 text-sm text-muted">{plural(page.doctors.length, WORDS.doctor)}</p>
            <ul className="mt-3 flex flex-col gap-4">
              {page.doctors.map((doctor) => (
                <li key={doctor.id}>
                  <DoctorCard doctor={doctor} favourite={<FavouriteButton type="doctors" id={doctor.id} />} />
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
  );
}

/** A visitor is asked to sign in as a patient; a work account is told it cannot keep favourites. */
function NotForYou({ access }: { access: 'sign-in' | 'work-account' }) {
  if (access === 'sign-in') {
    return (
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
    );
  }
  return (
    <div className="card mt-6 p-8 text-center" role="status">
      <p className="text-lg font-semibold">{WORK_ACCOUNT_TITLE}</p>
      <p className="mt-1 text-ink-soft">Чтобы пользоваться избранным, войдите как пациент.</p>
    </div>
  );
}
