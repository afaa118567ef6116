import { pathSegment, SERVICE_SECTIONS, sectionBySegment, servicesUrl } from '../../core/directory/list-urls';
import { ListHeader, PillNav } from '../features/directory/list-layout';
import { breadcrumbLd, itemListLd, notFound, pageMeta } from '../lib/seo';
import { pageContextOf } from '../lib/services.server';
import { requireTown } from '../lib/town.server';
import type { Route } from './+types/services';

/**
 * A town's service directory: /{town}/uslugi/, /{town}/diagnostika/, /{town}/analizy/ list
 * the classes of that section with the services some clinic of the town offers.
 */
export async function loader({ params, url, context: router }: Route.LoaderArgs) {
  const context = pageContextOf(router);
  const town = await requireTown(context, params.town);
  const section = sectionBySegment(pathSegment(url.pathname, 1));
  if (!section) throw notFound();
  const classes = await context.services.lists.serviceIndex(town, section.kind);
  return { town, origin: context.origin, section, classes };
}

type Data = Route.ComponentProps['loaderData'];

const heading = (d: Data) => `${d.section.title} ${d.town.nameIn}`;

export const meta: Route.MetaFunction = ({ loaderData: d }) => {
  if (!d) return [];
  const path = servicesUrl(d.town.slug, d.section.segment);
  const services = d.classes.flatMap((c) => c.services);
  return pageMeta({
    title: `${heading(d)} — цены в клиниках, отзывы и запись`,
    description: `${heading(d)}: ${d.classes
      .slice(0, 5)
      .map((c) => c.name)
      .join(', ')} и другое. Сравните цены клиник и запишитесь онлайн.`,
    canonical: `${d.origin}${path}`,
    jsonLd: [
      itemListLd(
        d.origin,
        heading(d),
        services.length,
        0,
        services.map((s) => ({ url: servicesUrl(d.town.slug, d.section.segment, s.translit) })),
      ),
      breadcrumbLd(d.origin, [{ name: d.section.title, path }]),
    ],
  });
};

export default function Services({ loaderData: d }: Route.ComponentProps) {
  const town = d.town.slug;
  return (
    <>
      <ListHeader
        crumbs={[{ name: d.section.title, path: servicesUrl(town, d.section.segment) }]}
        heading={heading(d)}
      />
      <PillNav
        label="Разделы"
        items={SERVICE_SECTIONS.map((s) => ({
          key: s.segment,
          href: servicesUrl(town, s.segment),
          text: s.short,
          current: s.segment === d.section.segment,
        }))}
      />
      {d.classes.length === 0 ? (
        <p className="card mt-6 p-8 text-center text-ink-soft" role="status">
          В этом городе пока нет клиник с такими услугами.
        </p>
      ) : (
        <div className="mt-6 grid gap-4 md:grid-cols-2">
          {d.classes.map((c) => (
            <section key={c.translit} aria-labelledby={`class-${c.translit}`} className="card p-4 sm:p-5">
              <h2 id={`class-${c.translit}`} className="font-semibold">
                {c.name}
              </h2>
              <ul className="mt-2 text-sm">
                {c.services.map((s) => (
                  <li key={s.translit}>
                    <a href={servicesUrl(town, d.section.segment, s.translit)} className="spec-link">
                      {s.name}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </>
  );
}
