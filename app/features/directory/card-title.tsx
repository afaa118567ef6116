import type { ReactNode } from 'react';

/** A list card's title row: the name linking to its page, and the favourite heart top right. */
export function CardTitle({ href, name, favourite }: { href: string; name: string; favourite?: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-2">
      <h2 className="text-lg font-semibold leading-snug">
        <a href={href} className="text-brand hover:underline">
          {name}
        </a>
      </h2>
      {favourite}
    </div>
  );
}
