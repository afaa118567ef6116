import { pathSegment, SERVICE_SECTIONS, sectionBySegment, servicesUrl } from '../../core/directory/list-urls';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';
import { Breadcrumbs } from '../components/ui/breadcrumbs';
import { breadcrumbLd, itemListLd, notFound, pageMeta } from '../lib/seo';
import { originOf, requireTown } from '../lib/town.server';
import type { Route } from './+types/services';

/**
 * A town's service directory: /{town}/uslugi/, /{town}/diagnostika/, /{town}/analizy/ list
 * the classes of that section with the services some clinic of the town offers.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const town = await requireTown(context, params.town);
  const section = sectionBySegment(pathSegment(new URL(request.url).pathname, 1));
  if (!section) throw notFound();
  const classes = await context.services.lists.serviceIndex(town, section.kind);
  return { town, origin: originOf(request), section, classes };
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
        services.map((s) => ({ url: servicesUrl(d.town.slug, d.section.segment, s.translit), name: s.name })),
      ),
      breadcrumbLd(d.origin, [{ name: d.section.title, path }]),
    ],
  });
};

export default function Services({ loaderData: d }: Route.ComponentProps) {
  const town = d.town.slug;
  return (
    <>
      <SiteHeader town={d.town} />
      <main id="content" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
        <Breadcrumbs items={[{ name: d.section.title, path: servicesUrl(town, d.section.segment) }]} />
        <h1 className="mt-2 text-2xl font-bold sm:text-3xl">{heading(d)}</h1>
        <nav aria-label="Разделы" className="mt-3 flex flex-wrap gap-2 text-sm">
          {SERVICE_SECTIONS.map((s) =>
            s.segment === d.section.segment ? (
              <span
                key={s.segment}
                aria-current="page"
                className="rounded-full bg-brand px-3 py-1 text-white"
              >
                {s.short}
              </span>
            ) : (
              <a
                key={s.segment}
                href={servicesUrl(town, s.segment)}
                className="rounded-full border border-line bg-surface px-3 py-1 hover:border-brand hover:text-brand"
              >
                {s.short}
              </a>
            ),
          )}
        </nav>
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
      </main>
      <SiteFooter />
    </>
  );
}
