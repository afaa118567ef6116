import { CABINET_PAGES } from '../../core/cabinet/pages';
import { cabinetRoleOf, can } from '../../core/cabinet/permissions';
import { PLAN_TEXTS } from '../../core/cabinet/plan';
import { CabinetPage } from '../features/cabinet/cabinet-page';
import { PlanView } from '../features/plans/plan-view';
import { refused } from '../lib/refused.server';
import { pageMeta } from '../lib/seo';
import { pageContextOf } from '../lib/services.server';
import type { ShellHandle } from '../lib/shell';
import type { Route } from './+types/cabinet-plan';

const PATH = CABINET_PAGES.plan.path;

/** `/cabinet/plan/` 'Тариф': the page's software version, what the next adds, a request to upgrade. */
export async function loader({ url, context: router }: Route.LoaderArgs) {
  const context = pageContextOf(router);
  const { viewer } = context;
  const base = { origin: context.origin, next: `${url.pathname}${url.search}` };
  const role = cabinetRoleOf(viewer);
  const page = viewer.isDoctor ? viewer.doctorId : viewer.clinicId;
  if (!role || page === null)
    return refused(viewer, { ...base, plan: null, canRequest: false, refusal: PLAN_TEXTS.signIn });
  return {
    ...base,
    plan: await context.services.plans.plan(viewer),
    canRequest: can(role, 'plan.request'),
    refusal: null,
  };
}

export const headers = () => ({ 'Cache-Control': 'private, no-store' });

export const handle: ShellHandle = { width: '3xl' };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title: `${PLAN_TEXTS.title} — ПроДокторов`,
    description: 'Тариф страницы клиники или врача и что даёт следующий.',
    canonical: `${loaderData?.origin ?? ''}${PATH}`,
    noindex: true,
  }),
];

export default function CabinetPlan({ loaderData: d }: Route.ComponentProps) {
  return (
    <CabinetPage title={PLAN_TEXTS.title} current={PATH} refusal={d.refusal} next={d.next}>
      {d.plan && <PlanView data={d.plan} canRequest={d.canRequest} />}
    </CabinetPage>
  );
}
