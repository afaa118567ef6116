import { Link } from 'react-router';
import { formatLongDate, WEEKDAY_NAMES } from '../../../core/dates/zoned';
import { priceStatus } from '../../../core/directory/price-status';
import { formatRub } from '../../../core/money/money';
import { formatPhone } from '../../../core/phone/format';
import { plural, WORDS } from '../../../core/text/plural';
import type { DirectoryService } from '../../../server/modules/directory/service';
import type { Town } from '../../../server/modules/towns/service';
import { aggregateRatingLd, reviewsLd } from '../../lib/seo';
import { DoctorCard } from './doctor-card';
import { RatingLine } from './rating-line';
import { ReviewSummary } from './review-summary';

export type ClinicDetail = NonNullable<Awaited<ReturnType<DirectoryService['clinic']>>>;

const TONES = {
  success: 'text-success',
  neutral: 'text-ink-soft',
  warning: 'text-warning',
  error: 'text-error',
} as const;

export function ClinicProfile({
  clinic: c,
  town,
}: {
  clinic: ClinicDetail;
  town: Pick<Town, 'slug' | 'nameGen' | 'tz'>;
}) {
  const status = priceStatus(c.priceUpdateStatus, c.priceUpdatedAt);
  return (
    <>
      <nav aria-label="Навигация" className="text-sm text-muted">
        <Link to={`/${town.slug}/lpu/`} className="hover:text-brand">
          Клиники {town.nameGen}
        </Link>
      </nav>
      <div className="mt-3 flex flex-col gap-4">
        <section className="card p-5 sm:p-6">
          <h1 className="text-2xl font-bold leading-tight sm:text-3xl">{c.name}</h1>
          <p className="mt-2 text-ink-soft">
            {c.address}
            {c.metro && <span className="text-muted"> · м. {c.metro}</span>}
            {c.district && <span className="text-muted"> · {c.district}</span>}
          </p>
          <p className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1">
            <RatingLine rating={c.rating} reviewsCount={c.reviewsCount} reviewsHref="#reviews" size="lg" />
            {c.doctorsCount > 0 && (
              <span className="text-ink-soft">{plural(c.doctorsCount, WORDS.doctor)}</span>
            )}
          </p>
          {c.phones.length > 0 && (
            <p className="mt-3 flex flex-wrap gap-3">
              {c.phones.map((p) => (
                <a
                  key={p}
                  href={`tel:+${p}`}
                  className="rounded-lg bg-brand-soft px-3 py-1.5 font-medium text-brand"
                >
                  {formatPhone(p)}
                </a>
              ))}
            </p>
          )}
          {c.description && <p className="mt-4 leading-relaxed text-ink-soft">{c.description}</p>}
          {c.branches.length > 0 && (
            <details className="mt-4">
              <summary className="cursor-pointer text-brand">Другие филиалы ({c.branches.length})</summary>
              <ul className="mt-2 flex flex-col gap-1 text-sm">
                {c.branches.map((b) => (
                  <li key={b.link}>
                    <Link to={b.link} className="text-brand hover:underline">
                      {b.title}
                    </Link>{' '}
                    <span className="text-muted">{b.subtitle}</span>
                  </li>
                ))}
              </ul>
            </details>
          )}
        </section>

        <div className="grid gap-4 md:grid-cols-[1fr_320px]">
          <div className="flex min-w-0 flex-col gap-4">
            {c.priceList.length > 0 && (
              <section className="card p-5 sm:p-6" aria-labelledby="prices-h">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h2 id="prices-h" className="text-xl font-semibold">
                    Цены на услуги
                  </h2>
                  {status && <p className={`text-sm ${TONES[status.tone]}`}>{status.text}</p>}
                </div>
                {c.priceList.map((g) => (
                  <div key={g.name} className="mt-4">
                    <h3 className="font-semibold text-ink-soft">{g.name}</h3>
                    <ul className="mt-1 divide-y divide-line text-sm">
                      {g.sublist.map((s) => (
                        <li key={s.id} className="flex justify-between gap-4 py-2">
                          <span>
                            {s.name}
                            <span className="ml-2 whitespace-nowrap text-muted">
                              {plural(s.duration, WORDS.minute)}
                            </span>
                          </span>
                          <span className="shrink-0 text-right">
                            <span className="font-medium">{formatRub(s.prices.full)}</span>
                            {c.clubEnabled && s.prices.club !== null && (
                              <span className="block text-xs text-accent">
                                {formatRub(s.prices.club)} в клубе
                              </span>
                            )}
                          </span>
                        </li>
                      ))}
                    </ul>
                  </div>
                ))}
              </section>
            )}

            {c.doctors.length > 0 && (
              <section aria-labelledby="doctors-h">
                <h2 id="doctors-h" className="text-xl font-semibold">
                  Врачи клиники
                </h2>
                <ul className="mt-3 flex flex-col gap-4">
                  {c.doctors.map((d) => (
                    <li key={d.id}>
                      <DoctorCard doctor={d} />
                    </li>
                  ))}
                </ul>
              </section>
            )}

            {c.promotions.length > 0 && (
              <section className="card p-5 sm:p-6" aria-labelledby="promo-h">
                <h2 id="promo-h" className="text-xl font-semibold">
                  Акции
                </h2>
                <ul className="mt-3 flex flex-col gap-3">
                  {c.promotions.map((p) => (
                    <li key={p.id} className="rounded-lg bg-accent-soft p-4">
                      <p className="font-semibold">{p.title}</p>
                      <p className="mt-1 text-sm text-ink-soft">{p.body}</p>
                      {p.endsOn && (
                        <p className="mt-1 text-xs text-muted">До {formatLongDate(p.endsOn, 'UTC')}</p>
                      )}
                    </li>
                  ))}
                </ul>
              </section>
            )}

            {c.equipment.length > 0 && (
              <section className="card p-5 sm:p-6" aria-labelledby="equipment-h">
                <h2 id="equipment-h" className="text-xl font-semibold">
                  Оборудование
                </h2>
                <ul className="mt-3 grid gap-3 sm:grid-cols-2">
                  {c.equipment.map((e) => (
                    <li key={e.id} className="rounded-lg border border-line p-3">
                      <p className="font-medium">{e.name}</p>
                      {e.attributes.map((a) => (
                        <p key={a.name} className="text-sm text-muted">
                          {a.name}: {a.value}
                        </p>
                      ))}
                    </li>
                  ))}
                </ul>
              </section>
            )}

            {c.interview.length > 0 && (
              <section className="card p-5 sm:p-6" aria-labelledby="interview-h">
                <h2 id="interview-h" className="text-xl font-semibold">
                  Интервью с клиникой
                </h2>
                {c.interview.map((q) => (
                  <details key={q.question} className="mt-3">
                    <summary className="cursor-pointer font-medium">{q.question}</summary>
                    <p className="mt-2 leading-relaxed text-ink-soft">{q.answer}</p>
                  </details>
                ))}
              </section>
            )}

            <ReviewSummary
              counts={c.reviewCounts}
              total={c.reviewsCount}
              rating={c.rating}
              reviews={c.latestReviews}
              formatDate={(iso) => formatLongDate(iso, town.tz)}
            />
          </div>

          <aside className="flex flex-col gap-4">
            <section className="card p-5" aria-labelledby="hours-h">
              <h2 id="hours-h" className="text-lg font-semibold">
                График работы
              </h2>
              <ul className="mt-3 flex flex-col gap-1 text-sm">
                {WEEKDAY_NAMES.map((name, i) => {
                  const h = c.hours.find((x) => x.weekday === i + 1);
                  const today = c.todayWeekday === i + 1;
                  return (
                    <li
                      key={name}
                      className={`flex justify-between rounded-md px-2 py-1 ${today ? 'bg-brand-soft font-semibold text-brand' : ''}`}
                      aria-current={today ? 'date' : undefined}
                    >
                      <span>{name}</span>
                      <span>{h?.opens && h.closes ? `${h.opens}–${h.closes}` : 'выходной'}</span>
                    </li>
                  );
                })}
              </ul>
              {c.holidays.length > 0 && (
                <>
                  <h3 className="mt-4 text-sm font-semibold">График работы в праздники</h3>
                  <ul className="mt-1 flex flex-col gap-1 text-sm text-ink-soft">
                    {c.holidays.map((h) => (
                      <li key={h.date} className="flex justify-between px-2">
                        <span>{formatLongDate(h.date, 'UTC')}</span>
                        <span>{h.opens && h.closes ? `${h.opens}–${h.closes}` : 'выходной'}</span>
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </section>

            {c.licences.length > 0 && (
              <section className="card p-5 text-sm" aria-labelledby="licence-h">
                <h2 id="licence-h" className="text-lg font-semibold">
                  Лицензия
                </h2>
                {c.licences.map((l) => (
                  <p key={l.number} className="mt-2 text-ink-soft">
                    № {l.number} от {formatLongDate(l.issuedAt, 'UTC')}
                    <span className="block text-muted">{l.authority}</span>
                  </p>
                ))}
              </section>
            )}

            {c.covidRules.length > 0 && (
              <section className="card p-5 text-sm" aria-labelledby="covid-h">
                <h2 id="covid-h" className="text-lg font-semibold">
                  Правила посещения
                </h2>
                <ul className="mt-2 list-disc pl-5 text-ink-soft">
                  {c.covidRules.map((r) => (
                    <li key={r}>{r}</li>
                  ))}
                </ul>
              </section>
            )}
          </aside>
        </div>
      </div>
    </>
  );
}

export function clinicJsonLd(origin: string, c: ClinicDetail, townName: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'MedicalClinic',
    name: c.name,
    url: `${origin}${c.url}`,
    telephone: c.phones.map((p) => `+${p}`),
    address: {
      '@type': 'PostalAddress',
      streetAddress: c.address,
      addressLocality: townName,
      addressCountry: 'RU',
    },
    geo: { '@type': 'GeoCoordinates', latitude: c.lat, longitude: c.lon },
    ...aggregateRatingLd(c.rating, c.reviewsCount),
    review: reviewsLd(c.latestReviews),
  };
}
