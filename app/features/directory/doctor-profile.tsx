import { Link } from 'react-router';
import { formatLongDate } from '../../../core/dates/zoned';
import { formatRub } from '../../../core/money/money';
import { plural, WORDS } from '../../../core/text/plural';
import type { DirectoryService } from '../../../server/modules/directory/service';
import type { Town } from '../../../server/modules/towns/service';
import { Avatar } from '../../components/ui/avatar';
import { aggregateRatingLd, reviewsLd } from '../../lib/seo';
import { PriceChips, VISIT_LABELS } from './price-chips';
import { RatingLine } from './rating-line';
import { ReviewSummary } from './review-summary';

export type DoctorDetail = NonNullable<Awaited<ReturnType<DirectoryService['doctor']>>>;

const SECTIONS = [
  ['about', 'О враче'],
  ['workplaces', 'Где принимает'],
  ['services', 'Услуги и цены'],
  ['education', 'Образование'],
  ['reviews', 'Отзывы'],
] as const;

export function DoctorProfile({
  doctor: d,
  town,
}: {
  doctor: DoctorDetail;
  town: Pick<Town, 'slug' | 'name' | 'nameGen' | 'tz'>;
}) {
  const main = d.specialities[0];
  const sections = SECTIONS.filter(([id]) => id !== 'services' || d.services.length > 0);
  return (
    <>
      <nav aria-label="Навигация" className="text-sm text-muted">
        <Link to={`/${town.slug}/vrach/`} className="hover:text-brand">
          Врачи {town.nameGen}
        </Link>
        {main && (
          <>
            {' / '}
            <Link to={`/${town.slug}/vrach/${main.translit}/`} className="hover:text-brand">
              {main.name}
            </Link>
          </>
        )}
      </nav>
      <div className="mt-3 grid gap-6 lg:grid-cols-[1fr_260px]">
        <div className="flex flex-col gap-4">
          <section id="about" className="card scroll-mt-24 p-5 sm:p-6">
            <div className="flex flex-col gap-4 sm:flex-row">
              <Avatar id={d.id} name={d.fullName} src={d.photoUrl} size={112} />
              <div className="min-w-0 flex-1">
                <h1 className="text-2xl font-bold leading-tight sm:text-3xl">{d.fullName}</h1>
                <p className="mt-1 text-ink">{d.specialities.map((s) => s.name).join(', ')}</p>
                <p className="mt-1 text-sm text-muted">
                  {[d.experience, d.category, d.science].filter(Boolean).join(' · ')}
                </p>
                <p className="mt-3 flex items-center gap-3">
                  <RatingLine
                    rating={d.rating}
                    reviewsCount={d.reviewsCount}
                    reviewsHref="#reviews"
                    size="lg"
                  />
                </p>
                {d.softwareVersion && (
                  <p className="mt-2 text-xs text-muted">
                    Страница ведётся врачом · версия {SOFTWARE_LABELS[d.softwareVersion]}
                  </p>
                )}
              </div>
            </div>
            {d.about && <p className="mt-4 whitespace-pre-line leading-relaxed text-ink-soft">{d.about}</p>}
            {(d.documents.isEducationConfirmed || d.documents.licenseNumber) && (
              <p className="mt-4 inline-flex items-center gap-2 rounded-lg bg-success-soft px-3 py-1.5 text-sm text-success">
                <span aria-hidden="true">✓</span>
                {d.documents.isEducationConfirmed ? 'Документы проверены' : 'Лицензия проверена'}
              </p>
            )}
          </section>

          <section id="workplaces" className="card scroll-mt-24 p-5 sm:p-6" aria-labelledby="workplaces-h">
            <h2 id="workplaces-h" className="text-xl font-semibold">
              Где принимает
            </h2>
            <ul className="mt-4 flex flex-col divide-y divide-line">
              {d.workplaces.map((w) => (
                <li
                  key={w.id}
                  className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:justify-between"
                >
                  <div>
                    <Link to={w.clinicUrl} className="font-medium text-brand hover:underline">
                      {w.clinicName}
                    </Link>
                    <p className="text-sm text-ink-soft">{w.address}</p>
                    {w.metro && <p className="text-sm text-muted">м. {w.metro}</p>}
                  </div>
                  <div className="sm:w-64">
                    <PriceChips prices={w.prices} />
                  </div>
                </li>
              ))}
            </ul>
          </section>

          {d.services.length > 0 && (
            <section id="services" className="card scroll-mt-24 p-5 sm:p-6" aria-labelledby="services-h">
              <h2 id="services-h" className="text-xl font-semibold">
                Услуги и цены
              </h2>
              <ul className="mt-4 divide-y divide-line text-sm">
                {d.services.map((s) => (
                  <li key={s.id} className="flex justify-between gap-4 py-2">
                    <span>
                      {s.name}
                      <span className="ml-2 text-muted">{plural(s.durationMinutes, WORDS.minute)}</span>
                    </span>
                    <span className="shrink-0 font-medium">{formatRub(s.priceFull)}</span>
                  </li>
                ))}
              </ul>
            </section>
          )}

          <section id="education" className="card scroll-mt-24 p-5 sm:p-6" aria-labelledby="education-h">
            <h2 id="education-h" className="text-xl font-semibold">
              Образование
            </h2>
            {d.education.length === 0 ? (
              <p className="mt-3 text-muted">Врач пока не указал образование.</p>
            ) : (
              <ul className="mt-3 flex flex-col gap-3">
                {d.education.map((e) => (
                  <li key={`${e.year}-${e.institution}`} className="flex gap-4">
                    <span className="w-12 shrink-0 font-semibold text-ink-soft">{e.year}</span>
                    <span>
                      {e.institution}
                      <span className="block text-sm text-muted">{e.speciality}</span>
                    </span>
                  </li>
                ))}
              </ul>
            )}
            {d.courses.length > 0 && (
              <>
                <h3 className="mt-5 font-semibold">Курсы повышения квалификации</h3>
                <ul className="mt-2 flex flex-col gap-2 text-sm">
                  {d.courses.map((c) => (
                    <li key={`${c.year}-${c.title}`} className="flex gap-4">
                      <span className="w-12 shrink-0 text-ink-soft">{c.year}</span>
                      <span>{c.title}</span>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </section>

          <ReviewSummary
            counts={d.reviewCounts}
            total={d.reviewsCount}
            rating={d.rating}
            reviews={d.latestReviews}
            formatDate={(iso) => formatLongDate(iso, town.tz)}
          />
        </div>

        <aside className="hidden lg:block">
          <nav aria-label="Содержание" className="card sticky top-24 p-4">
            <p className="mb-2 text-sm font-semibold text-muted">Содержание</p>
            <ul className="flex flex-col gap-1 text-sm">
              {sections.map(([id, label]) => (
                <li key={id}>
                  <a
                    href={`#${id}`}
                    className="block rounded-md px-2 py-1 hover:bg-brand-soft hover:text-brand"
                  >
                    {label}
                  </a>
                </li>
              ))}
            </ul>
            {d.prices[0] && (
              <p className="mt-4 border-t border-line pt-3 text-sm text-ink-soft">
                {VISIT_LABELS[d.prices[0].type]} от{' '}
                <span className="font-semibold text-ink">{formatRub(d.prices[0].price)}</span>
              </p>
            )}
          </nav>
        </aside>
      </div>
    </>
  );
}

const SOFTWARE_LABELS = { LIGHT: 'Лайт', STANDARD: 'Стандарт', PRO: 'Профи', ULTIMA: 'Ультима' } as const;

export function doctorJsonLd(origin: string, d: DoctorDetail, townName: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Physician',
    name: d.fullName,
    url: `${origin}${d.url}`,
    medicalSpecialty: d.specialities.map((s) => s.name),
    address: d.workplaces.map((w) => ({
      '@type': 'PostalAddress',
      streetAddress: w.address,
      addressLocality: townName,
      addressCountry: 'RU',
    })),
    ...aggregateRatingLd(d.rating, d.reviewsCount),
    review: reviewsLd(d.latestReviews),
  };
}
