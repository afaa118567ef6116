import type { PlaceLink } from '../../../core/directory/contracts';
import type { PlaceKind } from '../../../core/directory/list-urls';
import { Breadcrumbs } from '../../components/ui/breadcrumbs';
import { LinkSection } from './link-section';

/**
 * A list page's trail, heading and count ('23 врача, страница 2 из 3'). Without a trail the
 * heading opens the page.
 */
export function ListHeader({
  crumbs,
  heading,
  count,
  page = 1,
  numPages = 1,
}: {
  crumbs?: { name: string; path: string }[];
  heading: string;
  /** '23 врача'; the page's place follows it past page 1. */
  count?: string;
  page?: number;
  numPages?: number;
}) {
  return (
    <>
      {crumbs && <Breadcrumbs items={crumbs} />}
      <h1 className={`${crumbs ? 'mt-2 ' : ''}text-2xl font-bold sm:text-3xl`}>{heading}</h1>
      {count !== undefined && (
        <p className="mt-1 text-ink-soft">
          {count}
          {page > 1 && `, страница ${page} из ${numPages}`}
        </p>
      )}
    </>
  );
}

/** A row of pill links (sections, sorts, other tops); the current one is marked, not linked. */
export function PillNav({
  label,
  items,
  currentMark = 'page',
  tall = false,
  className = 'mt-3',
}: {
  label: string;
  items: { key: string; href: string; text: string; current?: boolean }[];
  /** aria-current of the chosen pill: the page itself, or one choice of several ('true'). */
  currentMark?: 'page' | 'true';
  /** Sort pills are a little taller. */
  tall?: boolean;
  className?: string;
}) {
  const pad = tall ? 'px-3 py-1.5' : 'px-3 py-1';
  return (
    <nav aria-label={label} className={`${className} flex flex-wrap gap-2 text-sm`}>
      {items.map((item) =>
        item.current ? (
          <span
            key={item.key}
            aria-current={currentMark}
            className={`rounded-full bg-brand ${pad} text-white`}
          >
            {item.text}
          </span>
        ) : (
          <a
            key={item.key}
            href={item.href}
            className={`rounded-full border border-line bg-surface ${pad} hover:border-brand hover:text-brand`}
          >
            {item.text}
          </a>
        ),
      )}
    </nav>
  );
}

/** The town's metro stations and districts as two link sections leading to the lists there. */
export function PlaceLinks({
  metro,
  districts,
  href,
  first,
  moreHref,
}: {
  metro: PlaceLink[];
  districts: PlaceLink[];
  href: (kind: PlaceKind, slug: string) => string;
  /** How many show before 'Все …' leads to (or unfolds) the rest. */
  first?: number;
  /** Where each kind's whole list is: the catalog's section (LinkSection). */
  moreHref?: (kind: PlaceKind) => string;
}) {
  return (
    <>
      <LinkSection
        id="metro-h"
        title="Метро"
        moreLabel="Все станции"
        moreHref={moreHref?.('metro')}
        first={first}
        links={metro.map((p) => ({ href: href('metro', p.slug), label: p.name }))}
      />
      <LinkSection
        id="districts-h"
        title="Районы"
        moreLabel="Все районы"
        moreHref={moreHref?.('rayon')}
        first={first}
        links={districts.map((p) => ({ href: href('rayon', p.slug), label: p.name }))}
      />
    </>
  );
}
