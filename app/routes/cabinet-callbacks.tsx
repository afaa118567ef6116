import { CABINET_CALLBACKS_PATH, CALLBACK_TEXTS } from '../../core/cabinet/callbacks';
import { CallbacksQuerySchema } from '../../core/cabinet/contracts';
import { pageQueryOf } from '../../core/http/page-query';
import { CabinetPage } from '../features/cabinet/cabinet-page';
import { CallbacksInbox } from '../features/cabinet/callbacks-inbox';
import { refused } from '../lib/refused.server';
import { pageMeta } from '../lib/seo';
import { pageContextOf } from '../lib/services.server';
import type { ShellHandle } from '../lib/shell';
import type { Route } from './+types/cabinet-callbacks';

/** `/cabinet/callbacks/` (?status=done): patients' requests to be called back. */
export async function loader({ url, context: router }: Route.LoaderArgs) {
  const context = pageContextOf(router);
  const { viewer } = context;
  const base = { origin: context.origin, next: `${url.pathname}${url.search}` };
  if (!viewer.isDoctor && !viewer.isLpu) return refused(viewer, { ...base, inbox: null });
  const query = pageQueryOf(CallbacksQuerySchema, url.searchParams);
  const inbox = await context.services.cabinet.callbacks(viewer, query?.status ?? 'open');
  return { ...base, inbox };
}

export const headers = () => ({ 'Cache-Control': 'private, no-store' });

export const handle: ShellHandle = { width: '3xl' };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title: `${CALLBACK_TEXTS.title} — ПроДокторов`,
    description: 'Заявки пациентов на обратный звонок.',
    canonical: `${loaderData?.origin ?? ''}${CABINET_CALLBACKS_PATH}`,
    noindex: true,
  }),
];

export default function CabinetCallbacks({ loaderData: d }: Route.ComponentProps) {
  return (
    <CabinetPage
      title={CALLBACK_TEXTS.title}
      current={CABINET_CALLBACKS_PATH}
      refusal={d.inbox ? null : CALLBACK_TEXTS.signIn}
      next={d.next}
    >
      {d.inbox && <CallbacksInbox key={d.inbox.status} inbox={d.inbox} />}
    </CabinetPage>
  );
}
