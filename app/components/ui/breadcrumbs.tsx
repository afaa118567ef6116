/**
 * The trail above a list's heading: every step but the last is a link. The same steps feed
 * the page's BreadcrumbList JSON-LD (app/lib/seo.ts breadcrumbLd).
 */
export function Breadcrumbs({ items }: { items: { name: string; path: string }[] }) {
  return (
    <nav aria-label="Навигация" className="text-sm text-muted">
      <ol className="flex flex-wrap gap-x-1">
        {items.map((item, i) => (
          <li key={item.path} className="flex gap-x-1">
            {i > 0 && <span aria-hidden="true">/</span>}
            {i < items.length - 1 ? (
              <a href={item.path} className="hover:text-brand">
                {item.name}
              </a>
            ) : (
              <span aria-current="page">{item.name}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
