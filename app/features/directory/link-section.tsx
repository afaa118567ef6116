import { formatNumber } from '../../../core/text/plural';

/** Links to narrower lists (specialities, places, treatments) in a card with a title. */
export function LinkSection({
  id,
  title,
  links,
  first = 6,
  moreLabel,
}: {
  id: string;
  title: string;
  links: { href: string; label: string; count?: number }[];
  /** How many show before 'moreLabel' unfolds the rest. */
  first?: number;
  moreLabel: string;
}) {
  if (links.length === 0) return null;
  const item = (l: (typeof links)[number]) => (
    <li key={l.href}>
      <a href={l.href} className="spec-link">
        {l.label}
        {l.count !== undefined && <span>{formatNumber(l.count)}</span>}
      </a>
    </li>
  );
  const grid = 'grid grid-cols-1 gap-x-4 text-sm sm:grid-cols-2 md:grid-cols-3';
  return (
    <section aria-labelledby={id} className="card mt-4 p-4 sm:p-5">
      <h2 id={id} className="font-semibold">
        {title}
      </h2>
      <ul className={`mt-2 ${grid}`}>{links.slice(0, first).map(item)}</ul>
      {links.length > first && (
        <details className="mt-1">
          <summary className="cursor-pointer px-2 py-1.5 text-sm text-brand">
            {moreLabel} ({links.length})
          </summary>
          <ul className={grid}>{links.slice(first).map(item)}</ul>
        </details>
      )}
    </section>
  );
}
