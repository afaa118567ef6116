import { notFound } from './seo';
import type { PageContext } from './services.server';

/** The town of a town-prefixed URL, or a 404. */
export async function requireTown(context: PageContext, slug: string | undefined) {
  const town = slug ? await context.services.towns.bySlug(slug) : null;
  if (!town) throw notFound();
  return town;
}
