import { clinicRoleRefuses } from '../../core/cabinet/pages';
import { PERMISSION_TEXTS } from '../../core/cabinet/permissions';
import {
  CABINET_EFFECTIVENESS_PATH,
  DEFAULT_PERIOD,
  EFFECTIVENESS_TEXTS,
  isPeriod,
  METRICS,
  type Metric,
} from '../../core/stats/effectiveness';
import { CabinetPage } from '../features/cabinet/cabinet-page';
import { EffectivenessReport } from '../features/cabinet/effectiveness-report';
import { refused } from '../lib/refused.server';
import { pageMeta } from '../lib/seo';
import { pageContextOf } from '../lib/services.server';
import type { ShellHandle } from '../lib/shell';
import type { Route } from './+types/cabinet-effectiveness';

/** `/cabinet/effectiveness/?days=7|30|90&metric=…`: the doctor's or clinic's page, day by day. */
export async function loader({ url, context: router }: Route.LoaderArgs) {
  const context = pageContextOf(router);
  const { viewer } = context;
  const base = { origin: context.origin, next: `${url.pathname}${url.search}` };
  if ((!viewer.isDoctor && !viewer.isLpu) || clinicRoleRefuses('effectiveness', viewer)) {
    const refusal = viewer.isLpu
      ? PERMISSION_TEXTS.refused
      : viewer.isAnonymous
        ? EFFECTIVENESS_TEXTS.signIn
        : EFFECTIVENESS_TEXTS.workOnly;
    return refused(viewer, { ...base, report: null, metric: 'views' as Metric, refusal });
  }
  // A hand-edited period or count falls back to the defaults instead of an error page.
  const asked = Number(url.searchParams.get('days'));
  const days = isPeriod(asked) ? asked : DEFAULT_PERIOD;
  const metric = METRICS.find((m) => m === url.searchParams.get('metric')) ?? 'views';
  return {
    ...base,
    report: await context.services.pageStats.effectiveness(viewer, { days }),
    metric,
    refusal: null,
  };
}

export const headers = () => ({ 'Cache-Control': 'private, no-store' });

export const handle: ShellHandle = { width: '3xl' };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title: `${EFFECTIVENESS_TEXTS.title} — ПроДокторов`,
    description: EFFECTIVENESS_TEXTS.lead,
    canonical: `${loaderData?.origin ?? ''}${CABINET_EFFECTIVENESS_PATH}`,
    noindex: true,
  }),
];

export default function CabinetEffectiveness({ loaderData: d }: Route.ComponentProps) {
  return (
    <CabinetPage
      title={EFFECTIVENESS_TEXTS.title}
      current={CABINET_EFFECTIVENESS_PATH}
      refusal={d.refusal}
      next={d.next}
    >
      {d.report && <EffectivenessReport report={d.report} metric={d.metric} />}
    </CabinetPage>
  );
}
