import { TOWN_LIST_OPTIONS } from '../../core/directory/list-filters';
import { doctorsUrl, treatmentUrl } from '../../core/directory/list-urls';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';
import { DoctorFilters } from '../features/directory/doctor-filters';
import { DoctorListScreen } from '../features/directory/doctor-list';
import { loadDoctorList } from '../lib/doctor-list.server';
import { doctorListMeta } from '../lib/list-meta';
import { notFound } from '../lib/seo';
import { originOf, requireTown } from '../lib/town.server';
import type { Route } from './+types/treatment';

/** Doctors who treat a disease or problem: the doctors of the treatment's specialities. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const town = await requireTown(context, params.town);
  const treatment = await context.services.lists.treatment(params.slug);
  if (!treatment) throw notFound();
  const list = await loadDoctorList(context, request, town, {
    specialityIds: treatment.specialities.map((s) => s.id),
  });
  return {
    town,
    origin: originOf(request),
    treatment: {
      name: treatment.name,
      translit: treatment.translit,
      specialities: treatment.specialities.map(({ namePlural, translit }) => ({ namePlural, translit })),
    },
    ...list,
  };
}

type Data = Route.ComponentProps['loaderData'];

const heading = (d: Data) => `${d.treatment.name} ${d.town.nameIn}`;

const crumbs = (d: Data) => [
  { name: `Врачи ${d.town.nameGen}`, path: doctorsUrl(d.town.slug) },
  { name: d.treatment.name, path: treatmentUrl(d.town.slug, d.treatment.translit) },
];

export const meta: Route.MetaFunction = ({ loaderData: d }) =>
  d
    ? doctorListMeta({
        origin: d.origin,
        path: treatmentUrl(d.town.slug, d.treatment.translit),
        heading: heading(d),
        filters: d.filters,
        page: d.page,
        total: d.total,
        doctors: d.doctors,
        crumbs: crumbs(d),
      })
    : [];

export default function Treatment({ loaderData: d }: Route.ComponentProps) {
  const town = d.town.slug;
  return (
    <>
      <SiteHeader town={d.town} />
      <main id="content" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
        <DoctorListScreen
          crumbs={crumbs(d)}
          heading={heading(d)}
          total={d.total}
          page={d.page}
          numPages={d.numPages}
          intro={
            d.treatment.specialities.length > 0 && (
              <p className="mt-2 text-sm text-ink-soft">
                Лечением занимаются:{' '}
                {d.treatment.specialities.map((s, i) => (
                  <span key={s.translit}>
                    {i > 0 && ', '}
                    <a href={doctorsUrl(town, s.translit)} className="text-brand hover:underline">
                      {s.namePlural}
                    </a>
                  </span>
                ))}
              </p>
            )
          }
          filters={
            <DoctorFilters
              path={treatmentUrl(town, d.treatment.translit)}
              options={TOWN_LIST_OPTIONS}
              sort={d.sort}
              filters={d.filters}
            />
          }
          list={{
            doctors: d.doctors,
            page: d.page,
            numPages: d.numPages,
            search: d.search,
            tz: d.town.tz,
            empty: {
              title: 'Совпадений не найдено',
              text: 'Попробуйте убрать часть фильтров или посмотрите всех врачей города.',
              link: { href: doctorsUrl(town), label: `Все врачи ${d.town.nameGen}` },
            },
          }}
        />
      </main>
      <SiteFooter />
    </>
  );
}
