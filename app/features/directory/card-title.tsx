import type { ReactNode } from 'react';

/**
 * A list card's title row: the name linking to its page, and the favourite heart top right.
 * `beside`: the heart is laid over the row's right end by the card (outside this markup), so
 * the name leaves room for it.
 */
export function CardTitle({
  href,
  name,
  favourite,
  beside = false,
}: {
  href: string;
  name: string;
  favourite?: ReactNode;
  beside?: boolean;
}) {
  return (
    <div className="title-row">
      <h2 className={beside ? 'card-name pr-10' : 'card-name'}>
        <a href={href} className="link">
          {name}
        </a>
      </h2>
      {favourite}
    </div>
  );
}
