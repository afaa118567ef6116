import type { AppLoadContext } from 'react-router';
import { notFound } from './seo';

/** The town of a town-prefixed URL, or a 404. */
export async function requireTown(context: AppLoadContext, slug: string | undefined) {
  const town = slug ? await context.services.towns.bySlug(slug) : null;
  if (!town) throw notFound();
  return town;
}
