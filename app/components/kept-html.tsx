import { type ReactNode, useId, useState } from 'react';
import type { Kept } from '../lib/kept';

/**
 * A block rendered from a `Kept` value (app/lib/kept.ts). With the value (the server, or a
 * client navigation) it renders `children(value)`. Without it (hydrating a document whose server
 * kept the value back) it takes the server's markup of the block as it is: React does not
 * compare or patch the inner HTML of an element it hydrates with `dangerouslySetInnerHTML`, and
 * later renders pass the same string, so the markup is never touched. Nothing inside may be
 * interactive beyond what plain HTML does (links, <details>).
 */
export function KeptHtml<T>({
  kept,
  className,
  children,
}: {
  kept: Kept<T>;
  className?: string;
  children: (value: T) => ReactNode;
}) {
  const id = useId();
  const [markup] = useState(() =>
    kept.value === undefined && typeof document !== 'undefined'
      ? (document.querySelector(`[data-kept="${CSS.escape(id)}"]`)?.innerHTML ?? '')
      : '',
  );
  if (kept.value !== undefined) {
    return (
      <div key="rendered" data-kept={id} className={className}>
        {children(kept.value)}
      </div>
    );
  }
  return (
    <div
      key="kept"
      data-kept={id}
      className={className}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own markup of this block, read back from the document
      dangerouslySetInnerHTML={{ __html: markup }}
    />
  );
}
