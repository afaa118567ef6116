import type { ReactNode } from 'react';
import type { DoctorListView, PlaceLink, TreatmentLink } from '../../../core/directory/contracts';
import { TOWN_LIST_OPTIONS } from '../../../core/directory/list-filters';
import {
  catalogSectionUrl,
  doctorsUrl,
  nearbyDoctorsUrl,
  onlineDoctorsUrl,
  placeDoctorsUrl,
  treatmentUrl,
} from '../../../core/directory/list-urls';
import type { Town } from '../../../core/towns/contracts';
import { KeptHtml } from '../../components/kept-html';
import type { Kept } from '../../lib/kept';
import { DoctorListScreen } from './doctor-list';
import { LinkSection } from './link-section';
import { PlaceLinks } from './list-layout';
import { townListCrumbs } from './list-meta';

type ListTown = Pick<Town, 'slug' | 'nameIn' | 'nameGen' | 'tz'>;
type Speciality = { namePlural: string; translit: string } | null;

/**
 * A town's (or a speciality's) doctor list, or a name search in it: its first plain page
 * leads on to narrower lists — specialities, treatments, metro stations and districts.
 */
export function TownDoctorList({
  town,
  speciality,
  query,
  list,
  links,
  ads,
}: {
  town: ListTown;
  speciality: Speciality;
  /** The name searched for ('' for the plain list). */
  query: string;
  list: DoctorListView;
  /** Links to narrower lists, on the first plain page (empty otherwise). */
  links: Kept<{
    specialities: { namePlural: string; translit: string; count: number }[];
    treatments: TreatmentLink[];
    metro: PlaceLink[];
    districts: PlaceLink[];
  }>;
  /** Ad slots above the cards and after the first few (the promo feature fills them). */
  ads?: { top?: ReactNode; inline?: ReactNode };
}) {
  const what = speciality ? speciality.namePlural : 'Врачи';
  const spec = speciality?.translit;
  return (
    <DoctorListScreen
      crumbs={townListCrumbs(town, speciality)}
      heading={query ? `Поиск «${query}» — ${what.toLowerCase()} ${town.nameIn}` : `${what} ${town.nameIn}`}
      list={list}
      path={doctorsUrl(town.slug, spec)}
      options={TOWN_LIST_OPTIONS}
      keep={query ? { q: query } : {}}
      tz={town.tz}
      topAd={ads?.top}
      inlineAd={ads?.inline}
      intro={
        <>
          <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
            <a href={nearbyDoctorsUrl(town.slug, spec)} className="text-brand hover:underline">
              {speciality ? `${what} рядом со мной` : 'Врачи рядом со мной'}
            </a>
            <a href={onlineDoctorsUrl(spec)} className="text-brand hover:underline">
              Онлайн-консультации
            </a>
          </p>
          <KeptHtml kept={links}>
            {({ specialities }) => (
              <LinkSection
                id="specs-h"
                title="Специальности"
                moreLabel="Все специальности"
                moreHref={catalogSectionUrl(town.slug, 'specialities')}
                links={specialities.map((s) => ({
                  href: doctorsUrl(town.slug, s.translit),
                  label: s.namePlural,
                  count: s.count,
                }))}
              />
            )}
          </KeptHtml>
        </>
      }
      empty={{
        title: 'Совпадений не найдено',
        text: query
          ? 'Проверьте написание или поищите среди всех врачей города.'
          : 'Попробуйте убрать часть фильтров.',
        link: { href: doctorsUrl(town.slug), label: `Все врачи ${town.nameGen}` },
      }}
    >
      <KeptHtml kept={links}>
        {({ treatments, metro, districts }) => (
          <>
            <LinkSection
              id="treatments-h"
              title="Лечение"
              moreLabel="Всё лечение"
              moreHref={catalogSectionUrl(town.slug, 'treatments', spec)}
              links={treatments.map((t) => ({ href: treatmentUrl(town.slug, t.translit), label: t.name }))}
            />
            <PlaceLinks
              metro={metro}
              districts={districts}
              href={(kind, slug) => placeDoctorsUrl(town.slug, kind, slug, spec)}
              moreHref={(kind) =>
                catalogSectionUrl(town.slug, kind === 'metro' ? 'metro' : 'districts', spec)
              }
            />
          </>
        )}
      </KeptHtml>
    </DoctorListScreen>
  );
}
