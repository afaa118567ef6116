import { TownDoctorList } from '../../features/directory/town-doctor-list';
import { AdSlot } from '../../features/promo/ad-slot';
import type { Route } from '../+types/doctors';

export type DoctorListData = Extract<Route.ComponentProps['loaderData'], { kind: 'list' }>;

/** The town's doctor list (all, or of a speciality) of the `:town/vrach/:slug?` route, in its own chunk (ADR 021). */
export default function DoctorList({ data: d }: { data: DoctorListData }) {
  return (
    <TownDoctorList
      town={d.town}
      speciality={d.speciality}
      query={d.query}
      list={d}
      links={d.links}
      ads={{
        top: d.ads.includes('list_top') && <AdSlot place="list_top" town={d.town.slug} />,
        inline: d.ads.includes('list_inline') && <AdSlot place="list_inline" town={d.town.slug} />,
      }}
    />
  );
}
