import { Link, redirect } from 'react-router';
import { parseEntityPath } from '../../core/directory/doctor-labels';
import { parsePage } from '../../core/directory/pagination';
import { formatNumber, plural, WORDS } from '../../core/text/plural';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';
import { Pagination } from '../components/ui/pagination';
import { DoctorCard } from '../features/directory/doctor-card';
import { DoctorProfile, doctorJsonLd } from '../features/directory/doctor-profile';
import { breadcrumbLd, itemListLd, notFound, pageMeta } from '../lib/seo';
import { originOf, requireTown } from '../lib/town.server';
import type { Route } from './+types/doctors';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const town = await requireTown(context, params.town);
  const { directory } = context.services;
  const url = new URL(request.url);
  const origin = originOf(request);

  const entity = params.slug ? parseEntityPath(params.slug) : null;
  if (entity) {
    const doctor = await directory.doctor(town, entity.id);
    if (!doctor) throw notFound();
    if (doctor.slug !== entity.slug) throw redirect(doctor.url, 301);
    return { kind: 'doctor' as const, town, origin, doctor };
  }

  const speciality = params.slug ? await directory.specialityBySlug(params.slug) : null;
  if (params.slug && !speciality) throw notFound();
  const page = parsePage(url.searchParams.get('page'));
  // A name search needs 2 characters (the header's field enforces it; a typed URL may not).
  const typed = url.searchParams.get('q')?.trim().toLowerCase().slice(0, 60) ?? '';
  const name = typed.length >= 2 ? typed : undefined;
  const [list, specialities] = await Promise.all([
    directory.doctorList(town, {
      specialityId: speciality?.id,
      name,
      page,
    }),
    // The town's first list page leads on to the speciality lists.
    !speciality && !name && page === 1 ? directory.townSpecialities(town) : Promise.resolve([]),
  ]);
  if (page > list.numPages) throw notFound();
  return {
    kind: 'list' as const,
    town,
    origin,
    speciality: speciality && {
      name: speciality.name,
      namePlural: speciality.namePlural,
      translit: speciality.translit,
    },
    query: name ?? '',
    page,
    search: url.search,
    specialities: specialities.map(({ namePlural, translit, count }) => ({ namePlural, translit, count })),
    ...list,
  };
}

export const meta: Route.MetaFunction = ({ loaderData: d, location }) => {
  if (!d) return [];
  if (d.kind === 'doctor') {
    const doc = d.doctor;
    const specs = doc.specialities.map((s) => s.name.toLowerCase()).join(', ');
    return pageMeta({
      title: `${doc.fullName} — ${specs}, ${plural(doc.reviewsCount, WORDS.review)} — ${d.town.name}`,
      description: `${doc.fullName}: ${specs} ${d.town.nameIn}. ${doc.experience}. Отзывы пациентов, цены на приём, адреса клиник и запись онлайн.`,
      canonical: `${d.origin}${doc.url}`,
      jsonLd: [
        doctorJsonLd(d.origin, doc, d.town.name),
        breadcrumbLd(d.origin, [
          { name: `Врачи ${d.town.nameGen}`, path: `/${d.town.slug}/vrach/` },
          ...doc.specialities
            .slice(0, 1)
            .map((s) => ({ name: s.name, path: `/${d.town.slug}/vrach/${s.translit}/` })),
          { name: doc.fullName, path: doc.url },
        ]),
      ],
    });
  }
  const what = d.speciality ? d.speciality.namePlural : 'Врачи';
  const pageSuffix = d.page > 1 ? ` — страница ${d.page}` : '';
  return pageMeta({
    title: `${what} ${d.town.nameIn} — ${plural(d.total, WORDS.doctor)}, отзывы${pageSuffix}`,
    description: `${what} ${d.town.nameIn}: ${plural(d.total, WORDS.doctor)} с рейтингом, отзывами пациентов и ценами на приём. Запись онлайн.`,
    canonical: `${d.origin}${location.pathname}${d.page > 1 ? `?page=${d.page}` : ''}`,
    jsonLd: [
      itemListLd(
        d.origin,
        `${what} ${d.town.nameIn}`,
        d.total,
        (d.page - 1) * 20,
        d.doctors.map((doc) => ({ url: doc.url, name: doc.fullName })),
      ),
      breadcrumbLd(d.origin, [
        { name: `Врачи ${d.town.nameGen}`, path: `/${d.town.slug}/vrach/` },
        ...(d.speciality
          ? [{ name: d.speciality.namePlural, path: `/${d.town.slug}/vrach/${d.speciality.translit}/` }]
          : []),
      ]),
    ],
  });
};

export default function Doctors({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <SiteHeader town={d.town} query={d.kind === 'list' ? d.query : ''} />
      <main id="content" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
        {d.kind === 'doctor' ? <DoctorProfile doctor={d.doctor} town={d.town} /> : <DoctorList data={d} />}
      </main>
      <SiteFooter />
    </>
  );
}

type ListData = Extract<Route.ComponentProps['loaderData'], { kind: 'list' }>;

function DoctorList({ data: d }: { data: ListData }) {
  const what = d.speciality ? d.speciality.namePlural : 'Врачи';
  return (
    <>
      <nav aria-label="Навигация" className="text-sm text-muted">
        <Link to={`/${d.town.slug}/vrach/`} className="hover:text-brand">
          Врачи {d.town.nameGen}
        </Link>
        {d.speciality && <span> / {d.speciality.namePlural}</span>}
      </nav>
      <h1 className="mt-2 text-2xl font-bold sm:text-3xl">
        {d.query ? `Поиск «${d.query}» — ${what.toLowerCase()} ${d.town.nameIn}` : `${what} ${d.town.nameIn}`}
      </h1>
      <p className="mt-1 text-ink-soft">
        {plural(d.total, WORDS.doctor)}
        {d.page > 1 && `, страница ${d.page} из ${d.numPages}`}
      </p>
      {d.specialities.length > 0 && <SpecialityLinks town={d.town.slug} specialities={d.specialities} />}
      {d.doctors.length === 0 ? (
        <div className="card mt-6 p-8 text-center">
          <p className="text-lg font-semibold">Совпадений не найдено</p>
          <p className="mt-1 text-ink-soft">Проверьте написание или поищите среди всех врачей города.</p>
          <Link to={`/${d.town.slug}/vrach/`} className="mt-4 inline-block text-brand hover:underline">
            Все врачи {d.town.nameGen}
          </Link>
        </div>
      ) : (
        <ul className="mt-6 flex flex-col gap-4">
          {d.doctors.map((doctor) => (
            <li key={doctor.id}>
              <DoctorCard doctor={doctor} />
            </li>
          ))}
        </ul>
      )}
      <Pagination page={d.page} numPages={d.numPages} search={d.search} />
    </>
  );
}

const FIRST_SPECIALITIES = 6;

function SpecialityLinks({ town, specialities }: { town: string; specialities: ListData['specialities'] }) {
  // A compact utility class: this list can hold ~90 links and is on every town's first page.
  const link = (s: ListData['specialities'][number]) => (
    <li key={s.translit}>
      <a href={`/${town}/vrach/${s.translit}/`} className="spec-link">
        {s.namePlural}
        <span>{formatNumber(s.count)}</span>
      </a>
    </li>
  );
  const grid = 'grid grid-cols-1 gap-x-4 text-sm sm:grid-cols-2 md:grid-cols-3';
  return (
    <section aria-labelledby="specs-h" className="card mt-6 p-4 sm:p-5">
      <h2 id="specs-h" className="font-semibold">
        Специальности
      </h2>
      <ul className={`mt-2 ${grid}`}>{specialities.slice(0, FIRST_SPECIALITIES).map(link)}</ul>
      {specialities.length > FIRST_SPECIALITIES && (
        <details className="mt-1">
          <summary className="cursor-pointer px-2 py-1.5 text-sm text-brand">
            Все специальности ({specialities.length})
          </summary>
          <ul className={grid}>{specialities.slice(FIRST_SPECIALITIES).map(link)}</ul>
        </details>
      )}
    </section>
  );
}
