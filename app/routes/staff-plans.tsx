import { STAFF_PAGES } from '../../core/cabinet/pages';
import { PLAN_TEXTS } from '../../core/cabinet/plan';
import { SOFTWARE_VERSION_LABELS } from '../../core/directory/software-version';
import { StaffVersionForm } from '../features/plans/staff-version-form';
import { refused } from '../lib/refused.server';
import { pageMeta } from '../lib/seo';
import { pageContextOf } from '../lib/services.server';
import type { ShellHandle } from '../lib/shell';
import type { Route } from './+types/staff-plans';

const PATH = STAFF_PAGES.plans.path;

/** `/staff/plans/`: the pages' upgrade requests, and setting a page's software version. Staff only. */
export async function loader({ url, context: router }: Route.LoaderArgs) {
  const context = pageContextOf(router);
  const { viewer } = context;
  const base = { origin: context.origin, next: `${url.pathname}${url.search}` };
  if (!viewer.isStaff)
    return refused(viewer, {
      ...base,
      access: viewer.isAnonymous ? 'signIn' : 'denied',
      requests: null,
    } as const);
  return { ...base, access: 'ok', requests: (await context.services.plans.requests(viewer)).items } as const;
}

export const headers = () => ({ 'Cache-Control': 'private, no-store' });

export const handle: ShellHandle = { width: '4xl' };

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: `${PLAN_TEXTS.staffTitle} — ПроДокторов`,
    description: 'Заявки на тарифы и тарифы страниц клиник и врачей.',
    canonical: `${loaderData?.origin ?? ''}${PATH}`,
    noindex: true,
  });

const label = (v: keyof typeof SOFTWARE_VERSION_LABELS | null) =>
  v ? SOFTWARE_VERSION_LABELS[v] : PLAN_TEXTS.none;

export default function StaffPlans({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-2xl font-bold sm:text-3xl">{PLAN_TEXTS.staffTitle}</h1>
      {d.access !== 'ok' || !d.requests ? (
        <div className="card mt-6 p-8 text-center" role="status">
          <p className="text-lg font-semibold">{PLAN_TEXTS.staffOnly}</p>
          {d.access === 'signIn' && (
            <a
              href={`/login/?next=${encodeURIComponent(d.next)}`}
              className="mt-4 inline-block rounded-lg bg-brand px-5 py-2.5 font-medium text-white hover:bg-brand-dark"
            >
              Войти
            </a>
          )}
        </div>
      ) : (
        <>
          <StaffVersionForm />
          <h2 className="mt-8 text-lg font-semibold">Заявки</h2>
          {d.requests.length === 0 ? (
            <p className="card mt-3 p-8 text-center text-ink-soft">Заявок нет</p>
          ) : (
            <table className="card mt-3 w-full text-left text-sm">
              <thead>
                <tr className="border-b border-line text-muted">
                  <th className="p-2">Страница</th>
                  <th className="p-2">Сейчас</th>
                  <th className="p-2">Просит</th>
                  <th className="p-2">Когда</th>
                  <th className="p-2">Состояние</th>
                </tr>
              </thead>
              <tbody>
                {d.requests.map((r) => (
                  <tr
                    key={`${r.kind}-${r.id}-${r.at}`}
                    className="border-b border-line"
                    data-plan-request={r.id}
                  >
                    <td className="p-2">
                      {r.kind === 'clinic' ? 'Клиника' : 'Врач'} №{r.id}: {r.name}
                    </td>
                    <td className="p-2">{label(r.current)}</td>
                    <td className="p-2">{label(r.requested)}</td>
                    <td className="p-2">{r.at.slice(0, 10)}</td>
                    <td className="p-2">{r.done ? 'Выполнена' : 'Ждёт'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </>
  );
}
