import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { VisitType } from '../../../core/booking/urls';
import { doctorsUrl } from '../../../core/directory/list-urls';
import { isSoftwareVersion } from '../../../core/directory/software-version';
import { reviewsUrl, specialityUrl } from '../../../core/directory/urls';
import type { DoctorPage } from '../../../core/doctor/contracts';
import { formatRub } from '../../../core/money/money';
import { formatPhone } from '../../../core/phone/format';
import { reviewFormUrl } from '../../../core/reviews/urls';
import { plural, WORDS } from '../../../core/text/plural';
import type { Town } from '../../../core/towns/contracts';
import { Avatar } from '../../components/ui/avatar';
import { late } from '../../lib/late';
import { SoftwareBadge } from '../directory/late-software-badge';
import { PriceChips, VISIT_LABELS } from '../directory/price-chips';
import { RatingLine } from '../directory/rating-line';
import { ReviewSummary } from '../directory/review-summary';
import { MistakeReport } from '../feedback/mistake-report';
import { MapButton } from '../map/map-button';
import { DocumentsBadge } from './documents-badge';
import { HideableList } from './hideable-list';

// The activities load their content near the viewport; their code hydrates after the page (ADR 021).
const DoctorActivities = late(() => import('./activities').then((m) => m.DoctorActivities), {
  boundary: true,
});

/** Loads the code of the page's later sections: a navigation to a doctor's page awaits it with the data. */
export const preloadDoctorSections = () => Promise.all([DoctorActivities.preload(), SoftwareBadge.preload()]);

import { TocBar, type TocSection, TocSideNav, useActiveSection } from './table-of-contents';

/** Services and education show this many items before 'Показать весь список'. */
const FIRST_SERVICES = 5;
const FIRST_EDUCATION = 3;

function tocSections(d: DoctorPage): TocSection[] {
  return [
    { id: 'about', label: 'О враче' },
    { id: 'workplaces', label: 'Где принимает' },
    d.services.length > 0 && { id: 'services', label: 'Услуги и цены' },
    { id: 'education', label: 'Образование' },
    { id: 'experience', label: 'Опыт работы' },
    d.hasActivities && { id: 'activities', label: 'Деятельность' },
    { id: 'reviews', label: 'Отзывы' },
  ].filter((s): s is TocSection => Boolean(s));
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} className="card p-5 sm:p-6" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The doctor page (docs/product/directory.md): sections listed by a table of contents that follows
 * the reading (a sticky side column on desktop, a sticky bar on phones), hideable long lists,
 * lazily loaded activities, the documents and software badges and the mistake report.
 */
export function DoctorProfile({
  doctor: d,
  town,
  today,
  reviewDates,
  favourite,
  schedule,
  reviewExtras,
  writeReview,
  sideAd,
}: {
  doctor: DoctorPage;
  town: Pick<Town, 'slug' | 'name' | 'nameGen'>;
  /** The town's date, 'yyyy-MM-dd' (documents' validity). */
  today: string;
  /** Review instant (ISO) → '5 мая 2026' in the town's zone, formatted by the loader. */
  reviewDates: Record<string, string>;
  /** The favourite heart next to the name (the favourites feature fills it). */
  favourite?: ReactNode;
  /** The booking calendar of the doctor at a workplace's clinic for a visit type (the schedule feature fills it). */
  schedule?: (clinicId: number, type: VisitType) => ReactNode;
  /** In the reviews section: the tags block and warnings (the reviews feature fills it). */
  reviewExtras?: ReactNode;
  /** The reviews section's 'Оставить отзыв' (the reviews feature fills it). */
  writeReview?: (className: string) => ReactNode;
  /** An ad slot: atop the side column on wide screens, at the page's end on narrow ones (the promo feature fills it). */
  sideAd?: ReactNode;
}) {
  const main = d.specialities[0];
  const sections = tocSections(d);
  const [active, setActive] = useActiveSection(sections.map((s) => s.id));
  return (
    <>
      <nav aria-label="Навигация" className="text-sm text-muted">
        <Link to={doctorsUrl(town.slug)} className="hover:text-brand">
          Врачи {town.nameGen}
        </Link>
        {main && (
          <>
            {' / '}
            <Link to={specialityUrl(town.slug, main.translit)} className="hover:text-brand">
              {main.name}
            </Link>
          </>
        )}
      </nav>
      <div className="mt-3 grid gap-6 lg:grid-cols-[minmax(0,1fr)_260px]">
        {/* Anchor jumps land under the sticky header and bar: 16 px below them. */}
        <div className="flex min-w-0 flex-col gap-4 [&>section]:scroll-mt-[180px] lg:[&>section]:scroll-mt-[91px]">
          <TocBar sections={sections} active={active} onPick={setActive} />
          <About d={d} today={today} favourite={favourite} />

          <Section id="workplaces" title="Где принимает">
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
                    <MapButton
                      townSlug={town.slug}
                      clinicIds={[w.clinicId]}
                      className="text-sm text-brand hover:underline"
                    />
                  </div>
                  <div className="flex min-w-0 flex-col gap-3 sm:w-80 sm:shrink-0">
                    {/* One control: the visit-type tabs carry the prices and choose the calendar's slots. */}
                    <PriceChips
                      prices={w.prices}
                      partnerPrice={w.partnerPrice}
                      panel={schedule && ((type) => schedule(w.clinicId, type))}
                    />
                  </div>
                </li>
              ))}
            </ul>
          </Section>

          {d.services.length > 0 && (
            <Section id="services" title="Услуги и цены">
              <HideableList
                items={d.services}
                visible={FIRST_SERVICES}
                getKey={(s) => s.id}
                className="mt-4 divide-y divide-line text-sm"
                itemClassName="justify-between gap-4 py-2"
                renderItem={(s) => (
                  <>
                    <span>
                      {s.name}
                      <span className="ml-2 text-muted">{plural(s.durationMinutes, WORDS.minute)}</span>
                    </span>
                    <span className="shrink-0 font-medium">{formatRub(s.priceFull)}</span>
                  </>
                )}
              />
            </Section>
          )}

          <Section id="education" title="Образование">
            {d.education.length === 0 ? (
              <p className="mt-3 text-muted">Врач пока не указал образование.</p>
            ) : (
              <HideableList
                items={d.education}
                visible={FIRST_EDUCATION}
                getKey={(e) => `${e.year}-${e.institution}-${e.speciality}`}
                className="mt-3 flex flex-col gap-3"
                itemClassName="gap-4"
                renderItem={(e) => (
                  <>
                    <span className="w-12 shrink-0 font-semibold text-ink-soft">{e.year}</span>
                    <span>
                      {e.institution}
                      <span className="block text-sm text-muted">{e.speciality}</span>
                    </span>
                  </>
                )}
              />
            )}
          </Section>

          <Experience d={d} />

          {d.hasActivities && (
            <Section id="activities" title="Деятельность">
              <DoctorActivities doctorId={d.id} />
            </Section>
          )}

          <ReviewSummary
            counts={d.reviewCounts}
            total={d.reviewsCount}
            rating={d.rating}
            reviews={d.latestReviews}
            formatDate={(iso) => reviewDates[iso] ?? ''}
            allUrl={reviewsUrl(d.url)}
            writeUrl={reviewFormUrl('doctor', d.id)}
            writeAction={writeReview}
          >
            {reviewExtras}
          </ReviewSummary>

          <p className="flex flex-wrap items-center gap-2 px-1 text-sm text-muted">
            Нашли неточность на странице?
            <MistakeReport doctorId={d.id} />
          </p>
          {sideAd && <div className="lg:hidden">{sideAd}</div>}
        </div>

        <aside className="hidden lg:block">
          {sideAd && <div className="mb-4">{sideAd}</div>}
          <div className="card sticky top-[75px] p-3">
            <TocSideNav sections={sections} active={active} onPick={setActive} />
            {d.prices[0] && (
              <p className="mx-3 mt-3 border-t border-line pt-3 pb-1 text-sm text-ink-soft">
                {VISIT_LABELS[d.prices[0].type]} от{' '}
                <span className="font-semibold text-ink">{formatRub(d.prices[0].price)}</span>
              </p>
            )}
          </div>
        </aside>
      </div>
    </>
  );
}

function About({ d, today, favourite }: { d: DoctorPage; today: string; favourite?: ReactNode }) {
  const version = isSoftwareVersion(d.softwareVersion) ? d.softwareVersion : null;
  return (
    <section id="about" className="card p-5 sm:p-6" aria-label="О враче">
      <div className="flex flex-col gap-4 sm:flex-row">
        <Avatar id={d.id} name={d.fullName} src={d.photoUrl} size={112} />
        <div className="min-w-0 flex-1">
          <div className="flex items-start justify-between gap-2">
            <h1 className="text-2xl font-bold leading-tight sm:text-3xl">{d.fullName}</h1>
            {favourite}
          </div>
          <p className="mt-1 text-ink">{d.specialities.map((s) => s.name).join(', ')}</p>
          <p className="mt-1 text-sm text-muted">
            {[d.experience, d.category, d.science].filter(Boolean).join(' · ')}
          </p>
          <p className="mt-3 flex items-center gap-3">
            <RatingLine rating={d.rating} reviewsCount={d.reviewsCount} reviewsHref="#reviews" size="lg" />
          </p>
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <DocumentsBadge documents={d.documents} today={today} categoryName={d.category} />
            {version && <SoftwareBadge version={version} page="doctor" />}
          </div>
          {d.ownPhone && (
            <p className="mt-3 text-sm">
              <span className="text-ink-soft">Телефон врача: </span>
              <a
                href={`tel:+${d.ownPhone}`}
                className="font-medium text-brand hover:underline"
                data-own-phone
              >
                {formatPhone(d.ownPhone)}
              </a>
            </p>
          )}
        </div>
      </div>
      {d.about && <p className="mt-4 whitespace-pre-line leading-relaxed text-ink-soft">{d.about}</p>}
    </section>
  );
}

function Experience({ d }: { d: DoctorPage }) {
  const main = d.specialities[0]?.name ?? 'Врач';
  const facts = [d.category, d.science].filter(Boolean);
  return (
    <Section id="experience" title="Опыт работы">
      <p className="mt-3">
        <span className="font-semibold">{d.experience}</span>
        <span className="text-ink-soft"> · практикует с {d.careerStartYear} года</span>
      </p>
      {facts.length > 0 && <p className="mt-1 text-ink-soft">{facts.join(' · ')}</p>}
      <h3 className="mt-4 font-semibold">Место работы</h3>
      <ul className="mt-2 flex flex-col gap-2 text-sm">
        {d.workplaces.map((w) => (
          <li key={w.id}>
            <span className="text-ink-soft">{w.position ?? main}</span> —{' '}
            <Link to={w.clinicUrl} className="text-brand hover:underline">
              {w.clinicName}
            </Link>
          </li>
        ))}
      </ul>
    </Section>
  );
}
