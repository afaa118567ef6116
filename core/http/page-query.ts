import type { z } from 'zod';

/**
 * A page's query string read by its schema, each parameter the schema refuses dropped on its own:
 * a hand-edited `?tone=bad&doctor=5` keeps the doctor filter instead of losing every filter. Null
 * where what is left is still refused as a whole (a rule across parameters); the page then shows
 * itself unfiltered.
 */
export function pageQueryOf<S extends z.ZodType>(
  schema: S,
  params: URLSearchParams | Record<string, string>,
): z.output<S> | null {
  const fields: Record<string, string> =
    params instanceof URLSearchParams ? Object.fromEntries(params) : { ...params };
  for (;;) {
    const parsed = schema.safeParse(fields);
    if (parsed.success) return parsed.data;
    const refused = new Set(
      parsed.error.issues
        .map((issue) => issue.path[0])
        .filter((key) => typeof key === 'string' && key in fields),
    );
    if (refused.size === 0) return null;
    for (const key of refused) delete fields[key as string];
  }
}
