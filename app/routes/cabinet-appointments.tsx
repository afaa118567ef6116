import { ReceptionQuerySchema } from '../../core/cabinet/contracts';
import { CABINET_APPOINTMENTS_PATH, RECEPTION_TEXTS } from '../../core/cabinet/reception';
import { pageQueryOf } from '../../core/http/page-query';
import { CabinetPage } from '../features/cabinet/cabinet-page';
import { ReceptionList } from '../features/cabinet/reception-list';
import { refused } from '../lib/refused.server';
import { pageMeta } from '../lib/seo';
import { pageContextOf } from '../lib/services.server';
import type { ShellHandle } from '../lib/shell';
import type { Route } from './+types/cabinet-appointments';

/**
 * `/cabinet/appointments/` (?date=yyyy-MM-dd&days=1|7&doctor=id): the signed-in doctor's or
 * clinic's visits. A wrong parameter falls back to today's list rather than an error page.
 */
export async function loader({ url, context: router }: Route.LoaderArgs) {
  const context = pageContextOf(router);
  const { viewer } = context;
  const base = { origin: context.origin, next: `${url.pathname}${url.search}` };
  if (!viewer.isDoctor && !viewer.isLpu)
    return refused(viewer, {
      ...base,
      access: viewer.isAnonymous ? 'signIn' : 'denied',
      reception: null,
    } as const);
  const query = pageQueryOf(ReceptionQuerySchema, url.searchParams) ?? {};
  const reception = await context.services.cabinet.reception(viewer, query, { otherDoctor: 'all' });
  return { ...base, access: 'ok', reception } as const;
}

export const headers = () => ({ 'Cache-Control': 'private, no-store' });

export const handle: ShellHandle = { width: '3xl' };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title: `${RECEPTION_TEXTS.title} — ПроДокторов`,
    description: 'Пациенты, записавшиеся на приём.',
    canonical: `${loaderData?.origin ?? ''}${CABINET_APPOINTMENTS_PATH}`,
    noindex: true,
  }),
];

export default function CabinetAppointments({ loaderData: d }: Route.ComponentProps) {
  return (
    <CabinetPage
      title={RECEPTION_TEXTS.title}
      current={CABINET_APPOINTMENTS_PATH}
      refusal={d.reception ? null : RECEPTION_TEXTS.signIn}
      next={d.next}
    >
      {d.reception && <ReceptionList reception={d.reception} />}
    </CabinetPage>
  );
}
