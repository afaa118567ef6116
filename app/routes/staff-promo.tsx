import { awardYearAt } from '../../core/promo/award-phase';
import { AwardYearForm } from '../features/promo/award-year-form';
import { refused } from '../lib/refused.server';
import { pageMeta } from '../lib/seo';
import { pageContextOf } from '../lib/services.server';
import type { ShellHandle } from '../lib/shell';
import type { Route } from './+types/staff-promo';

/** `/staff/promo/?year=YYYY`: the annual award's calendar and texts for a year. Staff only. */
export async function loader({ url, context: router }: Route.LoaderArgs) {
  const context = pageContextOf(router);
  const { viewer } = context;
  const current = awardYearAt(context.clock.now());
  const asked = Number(url.searchParams.get('year'));
  const year = Number.isInteger(asked) && asked >= current - 1 && asked <= current + 5 ? asked : current;
  const base = { origin: context.origin, year, years: [current - 1, current, current + 1, current + 2] };
  if (!viewer.isStaff)
    return refused(viewer, {
      ...base,
      access: viewer.isAnonymous ? 'signIn' : 'denied',
      draft: null,
    } as const);
  const draft = await context.services.promo.awardYearDraft(viewer, year);
  return { ...base, access: 'ok', draft } as const;
}

export const headers = () => ({ 'Cache-Control': 'private, no-store' });

export const handle: ShellHandle = { width: '4xl' };

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: 'Премия ПроДокторов: этапы и тексты',
    description: 'Календарь и тексты баннера премии.',
    canonical: `${loaderData?.origin ?? ''}/staff/promo/`,
    noindex: true,
  });

export default function StaffPromo({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-2xl font-bold sm:text-3xl">Премия ПроДокторов {d.year}</h1>
      <nav aria-label="Год премии" className="mt-3 flex gap-2">
        {d.years.map((y) => (
          <a
            key={y}
            href={`/staff/promo/?year=${y}`}
            aria-current={y === d.year ? 'page' : undefined}
            className={`rounded-lg px-3 py-1 ${y === d.year ? 'bg-brand text-white' : 'text-brand hover:bg-brand-soft'}`}
          >
            {y}
          </a>
        ))}
      </nav>
      {d.access !== 'ok' || !d.draft ? (
        <div className="card mt-6 p-8 text-center" role="status">
          <p className="text-lg font-semibold">Раздел только для сотрудников ПроДокторов</p>
          {d.access === 'signIn' && (
            <a
              href={`/login/?next=${encodeURIComponent(`/staff/promo/?year=${d.year}`)}`}
              className="mt-4 inline-block rounded-lg bg-brand px-5 py-2.5 font-medium text-white hover:bg-brand-dark"
            >
              Войти
            </a>
          )}
        </div>
      ) : (
        <AwardYearForm key={d.year} year={d.year} award={d.draft.award} savedAt={d.draft.savedAt} />
      )}
    </>
  );
}
