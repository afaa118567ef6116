import { useId, useState } from 'react';
import { formatPhone } from '../../../core/phone/format';
import { Button } from '../../components/ui/button';

/**
 * The clinic's phones as tel: links: the first one, and 'Показать все телефоны' for the rest.
 * The others are hidden only when scripts run, so without them every number is visible.
 */
export function Phonebook({ phones }: { phones: string[] }) {
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  if (!phones.length) return null;
  const hidden = expanded ? '' : '[@media(scripting:enabled)]:hidden';
  return (
    <div className="flex flex-wrap items-center gap-3">
      <ul id={listId} className="flex flex-wrap gap-3" aria-label="Телефоны">
        {phones.map((p, i) => (
          <li key={p} className={i > 0 ? hidden : ''}>
            <a
              href={`tel:+${p}`}
              className="inline-block rounded-lg bg-brand-soft px-3 py-1.5 font-medium text-brand hover:bg-brand hover:text-white"
            >
              {formatPhone(p)}
            </a>
          </li>
        ))}
      </ul>
      {phones.length > 1 && (
        <Button
          variant="link"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded(!expanded)}
          className="text-sm font-medium"
        >
          {expanded ? 'Свернуть' : 'Показать все телефоны'}
        </Button>
      )}
    </div>
  );
}
