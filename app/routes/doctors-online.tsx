import { hasFilters, ONLINE_LIST_OPTIONS, parseDoctorListParams } from '../../core/directory/list-filters';
import { onlineDoctorsUrl } from '../../core/directory/list-urls';
import { KeptHtml } from '../components/kept-html';
import { DoctorListScreen } from '../features/directory/doctor-list';
import { LinkSection } from '../features/directory/link-section';
import { loadDoctorList, requireSpeciality } from '../features/directory/list-loaders.server';
import { doctorListMeta } from '../features/directory/list-meta';
import { keep } from '../lib/kept';
import { pageContextOf } from '../lib/services.server';
import type { Route } from './+types/doctors-online';

/** Doctors of every town who consult online: /online/vrach/ and /online/vrach/{speciality}/. */
export async function loader({ params, url, context: router }: Route.LoaderArgs) {
  const context = pageContextOf(router);
  const speciality = await requireSpeciality(context, params.speciality);
  const { page, filters } = parseDoctorListParams(url.searchParams, ONLINE_LIST_OPTIONS);
  const withLinks = !speciality && page === 1 && !hasFilters(filters);
  const [list, specialities] = await Promise.all([
    loadDoctorList(
      context,
      url,
      null,
      { onlineOnly: true, specialityIds: speciality ? [speciality.id] : undefined },
      ONLINE_LIST_OPTIONS,
      // The online price leads each card's price block here.
      (doctor) => ({
        ...doctor,
        prices: [...doctor.prices].sort(
          (a, b) => Number(b.type === 'telemed') - Number(a.type === 'telemed'),
        ),
      }),
    ),
    withLinks ? context.services.lists.onlineSpecialities() : Promise.resolve([]),
  ]);
  // The speciality links: in the HTML, not again in the document's data.
  const links = keep(
    specialities.map(({ namePlural, translit, count }) => ({ namePlural, translit, count })),
    { send: context.dataRequest },
  );
  return { origin: context.origin, speciality, links, ...list };
}

type Data = Route.ComponentProps['loaderData'];

const heading = (d: Data) =>
  d.speciality ? `${d.speciality.namePlural}: онлайн-консультации` : 'Онлайн-консультации врачей';

const crumbs = (d: Data) => [
  { name: 'Онлайн-консультации', path: onlineDoctorsUrl() },
  ...(d.speciality ? [{ name: d.speciality.namePlural, path: onlineDoctorsUrl(d.speciality.translit) }] : []),
];

export const meta: Route.MetaFunction = ({ loaderData: d }) =>
  d
    ? doctorListMeta(d, {
        path: onlineDoctorsUrl(d.speciality?.translit),
        heading: heading(d),
        crumbs: crumbs(d),
      })
    : [];

export default function OnlineDoctors({ loaderData: d }: Route.ComponentProps) {
  return (
    <DoctorListScreen
      crumbs={crumbs(d)}
      heading={heading(d)}
      list={d}
      path={onlineDoctorsUrl(d.speciality?.translit)}
      options={ONLINE_LIST_OPTIONS}
      online
      note={(doctor) => doctor.townName && <p className="mt-1 text-muted">г. {doctor.townName}</p>}
      empty={{
        title: 'Совпадений не найдено',
        text: 'Попробуйте убрать часть фильтров.',
        link: { href: onlineDoctorsUrl(), label: 'Все онлайн-консультации' },
      }}
      intro={
        <p className="mt-2 max-w-2xl text-sm text-ink-soft">
          Консультация по видеосвязи из любого города: врач посмотрит анализы, ответит на вопросы и назначит
          лечение.
        </p>
      }
    >
      <KeptHtml kept={d.links}>
        {(specialities) => (
          <LinkSection
            id="specs-h"
            title="Специальности"
            moreLabel="Все специальности"
            links={specialities.map((s) => ({
              href: onlineDoctorsUrl(s.translit),
              label: s.namePlural,
              count: s.count,
            }))}
          />
        )}
      </KeptHtml>
    </DoctorListScreen>
  );
}
