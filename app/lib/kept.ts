/**
 * Loader values a document is rendered from but does not carry twice (ADR 022). A page's first
 * load sends its HTML and, for hydration, its loader data: a block that never changes in the
 * browser (the links to narrower lists) would travel both as markup and as data. Such a value
 * goes in a `Kept` box: in a document request the value is a non-enumerable property, which React
 * Router's serializer (turbo-stream: own enumerable keys) leaves out, and the browser keeps the
 * server's markup (`KeptHtml`); in a client navigation's data request the browser renders the
 * page itself, so the value is sent like any other.
 */
export interface Kept<T> {
  readonly value?: T;
}

export function keep<T>(value: T, { send }: { send: boolean }): Kept<T> {
  if (send) return { value };
  const box: Kept<T> = {};
  Object.defineProperty(box, 'value', { value, enumerable: false });
  return box;
}

/**
 * A value only the server's render reads, never sent: the chunks a document's head preloads
 * (`preloadModule`). A navigation in the browser loads them in its `clientLoader` instead.
 */
export function serverOnly<T>(value: T): Kept<T> {
  return keep(value, { send: false });
}

/**
 * A list card whose display-only fields a document keeps back: `sent` fields (and `kept: true`)
 * are serialized, the rest are non-enumerable and reach only the server's render. In the browser
 * a `kept` card has only its sent fields; its component takes the rest of its markup from the
 * document (`KeptHtml` over `keptBody(card)`). In a data request the card goes whole.
 */
export type MaybeKept<T> = T & { kept?: true };

export function keepFields<T extends object>(
  value: T,
  sent: readonly (keyof T)[],
  { send }: { send: boolean },
): MaybeKept<T> {
  if (send) return value;
  const card = { kept: true as const } as MaybeKept<T>;
  for (const key of Object.keys(value) as (keyof T)[]) {
    Object.defineProperty(card, key, {
      value: value[key],
      enumerable: sent.includes(key),
      writable: true,
      configurable: true,
    });
  }
  return card;
}

/** A card's whole value for its `KeptHtml` blocks: empty in the browser when the card was kept. */
export function keptBody<T extends object>(card: MaybeKept<T>): Kept<T> {
  return card.kept && typeof document !== 'undefined' ? {} : { value: card };
}
