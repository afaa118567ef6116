import { formatNumber } from '../../../core/text/plural';

/**
 * Links to narrower lists (specialities, places, treatments) in a card with a title. A list page
 * shows the first few and links on to the town's catalog for the rest (`moreHref`), so its HTML
 * does not carry a hundred links folded out of sight; without `moreHref` the rest unfold in place.
 */
export function LinkSection({
  id,
  title,
  links,
  first: firstGiven = 6,
  moreLabel,
  moreHref,
}: {
  id: string;
  title: string;
  links: { href: string; label: string; count?: number }[];
  /** How many show before 'moreLabel' leads to (or unfolds) the rest. */
  first?: number;
  /** 'Все специальности': without it every link shows. */
  moreLabel?: string;
  /** Where all of them are listed: the catalog's section. */
  moreHref?: string;
}) {
  if (links.length === 0) return null;
  const first = moreLabel ? firstGiven : links.length;
  const item = (l: (typeof links)[number]) => (
    <li key={l.href}>
      <a href={l.href} className="spec-link">
        {l.label}
        {l.count !== undefined && <span>{formatNumber(l.count)}</span>}
      </a>
    </li>
  );
  const grid = 'grid grid-cols-1 gap-x-4 text-sm sm:grid-cols-2 md:grid-cols-3';
  const more = `${moreLabel} (${links.length})`;
  return (
    <section aria-labelledby={id} className="card mt-4 p-4 sm:p-5">
      {/* A link to the catalog's section lands below the sticky header (two rows on phones). */}
      <h2 id={id} className="scroll-mt-32 font-semibold sm:scroll-mt-20">
        {title}
      </h2>
      <ul className={`mt-2 ${grid}`}>{links.slice(0, first).map(item)}</ul>
      {links.length > first &&
        (moreHref ? (
          <a href={moreHref} className="mt-1 inline-block px-2 py-1.5 text-sm text-brand hover:underline">
            {more}
          </a>
        ) : (
          <details className="mt-1">
            <summary className="cursor-pointer px-2 py-1.5 text-sm text-brand">{more}</summary>
            <ul className={grid}>{links.slice(first).map(item)}</ul>
          </details>
        ))}
    </section>
  );
}
