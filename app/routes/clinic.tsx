import { redirect } from 'react-router';
import { parseEntityPath } from '../../core/directory/doctor-labels';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';
import { ClinicProfile, clinicJsonLd } from '../features/directory/clinic-profile';
import { breadcrumbLd, notFound, pageMeta } from '../lib/seo';
import { originOf, requireTown } from '../lib/town.server';
import type { Route } from './+types/clinic';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const town = await requireTown(context, params.town);
  const entity = parseEntityPath(params.slug);
  if (!entity) throw notFound();
  const clinic = await context.services.directory.clinic(town, entity.id);
  if (!clinic) throw notFound();
  if (clinic.slug !== entity.slug) throw redirect(clinic.url, 301);
  return { town, clinic, origin: originOf(request) };
}

export const meta: Route.MetaFunction = ({ loaderData: d }) => {
  if (!d) return [];
  const c = d.clinic;
  return pageMeta({
    title: `${c.name} — ${c.address}, ${d.town.name}: отзывы, цены, врачи`,
    description: `${c.name} ${d.town.nameIn}, ${c.address}. Отзывы пациентов, врачи, цены на услуги, часы работы и телефон.`,
    canonical: `${d.origin}${c.url}`,
    jsonLd: [
      clinicJsonLd(d.origin, c, d.town.name),
      breadcrumbLd(d.origin, [
        { name: `Клиники ${d.town.nameGen}`, path: `/${d.town.slug}/lpu/` },
        { name: c.name, path: c.url },
      ]),
    ],
  });
};

export default function Clinic({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <SiteHeader town={d.town} />
      <main id="content" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
        <ClinicProfile clinic={d.clinic} town={d.town} />
      </main>
      <SiteFooter />
    </>
  );
}
