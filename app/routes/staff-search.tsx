import { STAFF_PAGES } from '../../core/cabinet/pages';
import { formatDayShort } from '../../core/dates/zoned';
import { MISS_PERIODS, type MissPeriod, missPeriod, STAFF_SEARCH_TEXTS as T } from '../../core/search/misses';
import { refused } from '../lib/refused.server';
import { pageMeta } from '../lib/seo';
import { pageContextOf } from '../lib/services.server';
import type { ShellHandle } from '../lib/shell';
import type { Route } from './+types/staff-search';

const PATH = STAFF_PAGES.search.path;

/** `/staff/search/?days=7|30`: the queries searched most without results. Staff only. */
export async function loader({ url, context: router }: Route.LoaderArgs) {
  const context = pageContextOf(router);
  const { viewer } = context;
  const days = missPeriod(url.searchParams.get('days'));
  const base = { origin: context.origin, days };
  if (!viewer.isStaff)
    return refused(viewer, {
      ...base,
      access: viewer.isAnonymous ? 'signIn' : 'denied',
      misses: null,
    } as const);
  const misses = await context.services.search.misses(viewer, days);
  return { ...base, access: 'ok', misses } as const;
}

export const headers = () => ({ 'Cache-Control': 'private, no-store' });

export const handle: ShellHandle = { width: '4xl' };

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: `${T.title} — ПроДокторов`,
    description: T.lead,
    canonical: `${loaderData?.origin ?? ''}${PATH}`,
    noindex: true,
  });

export type StaffSearchData = {
  days: MissPeriod;
  access: 'ok' | 'signIn' | 'denied';
  misses: { query: string; count: number; lastDay: string }[] | null;
};

export default function StaffSearch({ loaderData: d }: { loaderData: StaffSearchData }) {
  return (
    <>
      <h1 className="text-2xl font-bold sm:text-3xl">{T.title}</h1>
      <p className="mt-2 text-ink-soft">{T.lead}</p>
      <nav aria-label="Период" className="mt-4 flex gap-2">
        {MISS_PERIODS.map((days) => (
          <a
            key={days}
            href={`${PATH}?days=${days}`}
            aria-current={days === d.days ? 'page' : undefined}
            className={`rounded-lg px-3 py-1 ${days === d.days ? 'bg-brand text-white' : 'text-brand hover:bg-brand-soft'}`}
          >
            {T.period(days)}
          </a>
        ))}
      </nav>
      {d.access !== 'ok' || !d.misses ? (
        <div className="card mt-6 p-8 text-center" role="status">
          <p className="text-lg font-semibold">{T.staffOnly}</p>
          {d.access === 'signIn' && (
            <a
              href={`/login/?next=${encodeURIComponent(`${PATH}?days=${d.days}`)}`}
              className="mt-4 inline-block rounded-lg bg-brand px-5 py-2.5 font-medium text-white hover:bg-brand-dark"
            >
              Войти
            </a>
          )}
        </div>
      ) : d.misses.length === 0 ? (
        <p className="card mt-6 p-8 text-center text-ink-soft">{T.empty}</p>
      ) : (
        <table className="card mt-6 w-full text-left text-sm">
          <thead>
            <tr className="border-b border-line text-muted">
              <th className="px-4 py-2 font-medium">{T.query}</th>
              <th className="px-4 py-2 text-right font-medium">{T.count}</th>
              <th className="px-4 py-2 text-right font-medium">{T.lastDay}</th>
            </tr>
          </thead>
          <tbody>
            {d.misses.map((m) => (
              <tr key={m.query} className="border-b border-line last:border-0">
                <td className="px-4 py-2">{m.query}</td>
                <td className="px-4 py-2 text-right tabular-nums">{m.count}</td>
                <td className="px-4 py-2 text-right">{formatDayShort(m.lastDay)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
