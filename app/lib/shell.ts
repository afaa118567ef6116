import type { UIMatch } from 'react-router';
import type { PagePromos } from '../../core/promo/contracts';

/**
 * What a page tells the shell (app/routes/shell.tsx) through its route `handle`: how wide its
 * main column is. The header's town and search text come from the page's loader data
 * (`town`, `query`, and the promo banners it offers, `promos`), so a page without a town (home, login, profile) gets the town-less header.
 */
export interface ShellHandle {
  /** The main column: a reading width, the directory's width, or the whole page (home). */
  width?: 'md' | '3xl' | '4xl' | '6xl' | 'full';
  /** `false`: the header names no town even when the page has one (the home page offers them all). */
  town?: false;
}

const WIDTHS: Record<NonNullable<ShellHandle['width']>, string> = {
  md: 'mx-auto w-full max-w-md flex-1 px-4 py-8',
  '3xl': 'mx-auto w-full max-w-3xl flex-1 px-4 py-6',
  '4xl': 'mx-auto w-full max-w-4xl flex-1 px-4 py-6',
  '6xl': 'mx-auto w-full max-w-6xl flex-1 px-4 py-6',
  full: 'flex-1',
};

/** The page's town as the header shows it: its chooser, its search, its doctors behind the logo. */
export interface HeaderTown {
  slug: string;
  name: string;
}

export interface ShellState {
  town: HeaderTown | null;
  query: string;
  mainClass: string;
  promos: PagePromos | null;
}

/** The shell's header and column for the deepest page matched. */
export function shellState(matches: UIMatch[]): ShellState {
  const page = matches[matches.length - 1];
  const data = (page?.loaderData ?? {}) as { town?: HeaderTown | null; query?: unknown; promos?: PagePromos };
  const handle = (page?.handle ?? {}) as ShellHandle;
  return {
    town: data.town && handle.town !== false ? { slug: data.town.slug, name: data.town.name } : null,
    query: typeof data.query === 'string' ? data.query : '',
    mainClass: WIDTHS[handle.width ?? '6xl'],
    promos: data.promos ?? null,
  };
}
