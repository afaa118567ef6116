import { clinicRoleRefuses } from '../../core/cabinet/pages';
import { PERMISSION_TEXTS } from '../../core/cabinet/permissions';
import { CABINET_INTEGRATION_PATH, MIS_KEY_TEXTS } from '../../core/mis/keys';
import { CabinetPage } from '../features/cabinet/cabinet-page';
import { MisKeys } from '../features/cabinet/mis-keys';
import { Webhooks } from '../features/cabinet/webhooks';
import { refused } from '../lib/refused.server';
import { pageMeta } from '../lib/seo';
import { pageContextOf } from '../lib/services.server';
import type { ShellHandle } from '../lib/shell';
import type { Route } from './+types/cabinet-integration';

/** `/cabinet/integration/`: the clinic's keys for the integration API of its software (MIS). */
export async function loader({ url, context: router }: Route.LoaderArgs) {
  const context = pageContextOf(router);
  const { viewer } = context;
  const base = { origin: context.origin, next: `${url.pathname}${url.search}` };
  if (!viewer.isLpu || clinicRoleRefuses('integration', viewer))
    return refused(viewer, {
      ...base,
      keys: null,
      refusal: viewer.isLpu
        ? PERMISSION_TEXTS.refused
        : viewer.isDoctor
          ? MIS_KEY_TEXTS.clinicOnly
          : MIS_KEY_TEXTS.signIn,
    });
  return { ...base, keys: await context.services.mis.keys(viewer), refusal: null };
}

export const headers = () => ({ 'Cache-Control': 'private, no-store' });

export const handle: ShellHandle = { width: '3xl' };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title: `${MIS_KEY_TEXTS.title} — ПроДокторов`,
    description: 'Ключи API для медицинской информационной системы клиники.',
    canonical: `${loaderData?.origin ?? ''}${CABINET_INTEGRATION_PATH}`,
    noindex: true,
  }),
];

export default function CabinetIntegration({ loaderData: d }: Route.ComponentProps) {
  return (
    <CabinetPage
      title={MIS_KEY_TEXTS.title}
      current={CABINET_INTEGRATION_PATH}
      refusal={d.refusal}
      next={d.next}
    >
      {d.keys && <MisKeys data={d.keys} />}
      {d.keys && <Webhooks />}
    </CabinetPage>
  );
}
