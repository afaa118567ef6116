import { type ReactNode, useId, useState } from 'react';
import { Button } from '../../components/ui/button';

/** How an item lays out; the collapsed variants keep it for visitors without scripts. */
const LAYOUT = {
  flex: { shown: 'flex', collapsed: 'hidden noscript:flex' },
  block: { shown: 'block', collapsed: 'hidden noscript:block' },
} as const;

/**
 * A long list showing its first items with a 'Показать весь список' / 'Скрыть' toggle
 * Every item is in the HTML; without scripts all of them show and
 * the toggle does not (the noscript variant), so nothing jumps when the page hydrates.
 */
export function HideableList<T>({
  items,
  visible,
  getKey,
  renderItem,
  className = '',
  itemClassName = '',
  layout = 'flex',
}: {
  items: T[];
  /** Items shown while collapsed. */
  visible: number;
  getKey: (item: T) => string | number;
  renderItem: (item: T) => ReactNode;
  className?: string;
  /** Classes of each item besides its display (given by `layout`). */
  itemClassName?: string;
  layout?: keyof typeof LAYOUT;
}) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const hideable = items.length > visible;
  return (
    <>
      <ul id={id} className={className}>
        {items.map((item, i) => (
          <li
            key={getKey(item)}
            className={`${hideable && !expanded && i >= visible ? LAYOUT[layout].collapsed : LAYOUT[layout].shown} ${itemClassName}`}
          >
            {renderItem(item)}
          </li>
        ))}
      </ul>
      {hideable && (
        <Button
          variant="link"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((v) => !v)}
          className="mt-3 text-sm font-medium noscript:hidden"
        >
          {expanded ? 'Скрыть' : 'Показать весь список'}
        </Button>
      )}
    </>
  );
}
