import { TOWN_LIST_OPTIONS } from '../../core/directory/list-filters';
import { doctorsUrl, treatmentUrl } from '../../core/directory/list-urls';
import { DoctorListScreen } from '../features/directory/doctor-list';
import { loadDoctorList } from '../features/directory/list-loaders.server';
import { doctorListMeta, townListCrumbs } from '../features/directory/list-meta';
import { notFound } from '../lib/seo';
import { pageContextOf } from '../lib/services.server';
import { requireTown } from '../lib/town.server';
import type { Route } from './+types/treatment';

/** Doctors who treat a disease or problem: the doctors of the treatment's specialities. */
export async function loader({ params, url, context: router }: Route.LoaderArgs) {
  const context = pageContextOf(router);
  const town = await requireTown(context, params.town);
  const treatment = await context.services.lists.treatment(params.slug);
  if (!treatment) throw notFound();
  const list = await loadDoctorList(context, url, town, {
    specialityIds: treatment.specialities.map((s) => s.id),
  });
  return {
    town,
    origin: context.origin,
    treatment: {
      name: treatment.name,
      translit: treatment.translit,
      specialities: treatment.specialities.map(({ namePlural, translit }) => ({ namePlural, translit })),
    },
    ...list,
  };
}

type Data = Route.ComponentProps['loaderData'];

/** The list's path, heading and trail, for its meta and its screen. */
const page = (d: Data) => {
  const path = treatmentUrl(d.town.slug, d.treatment.translit);
  return {
    path,
    heading: `${d.treatment.name} ${d.town.nameIn}`,
    crumbs: [...townListCrumbs(d.town, null), { name: d.treatment.name, path }],
  };
};

export const meta: Route.MetaFunction = ({ loaderData: d }) => (d ? doctorListMeta(d, page(d)) : []);

export default function Treatment({ loaderData: d }: Route.ComponentProps) {
  const town = d.town.slug;
  return (
    <DoctorListScreen
      {...page(d)}
      list={d}
      options={TOWN_LIST_OPTIONS}
      tz={d.town.tz}
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
      empty={{
        title: 'Совпадений не найдено',
        text: 'Попробуйте убрать часть фильтров или посмотрите всех врачей города.',
        link: { href: doctorsUrl(town), label: `Все врачи ${d.town.nameGen}` },
      }}
    />
  );
}
