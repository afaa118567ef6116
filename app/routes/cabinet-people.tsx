import { CABINET_PAGES } from '../../core/cabinet/pages';
import { PEOPLE_TEXTS } from '../../core/cabinet/people';
import { cabinetRoleOf } from '../../core/cabinet/permissions';
import { CabinetPage } from '../features/cabinet/cabinet-page';
import { PeopleEditor } from '../features/cabinet/people-editor';
import { refused } from '../lib/refused.server';
import { pageMeta } from '../lib/seo';
import { pageContextOf } from '../lib/services.server';
import type { ShellHandle } from '../lib/shell';
import type { Route } from './+types/cabinet-people';

const PATH = CABINET_PAGES.people.path;

/** `/cabinet/people/`: the clinic's people and their roles (its administrators only). */
export async function loader({ url, context: router }: Route.LoaderArgs) {
  const context = pageContextOf(router);
  const { viewer } = context;
  const base = { origin: context.origin, next: `${url.pathname}${url.search}` };
  if (!viewer.isLpu || cabinetRoleOf(viewer) !== 'administrator')
    return refused(viewer, { ...base, people: null, refusal: PEOPLE_TEXTS.clinicOnly });
  return { ...base, people: await context.services.people.list(viewer), refusal: null };
}

export const headers = () => ({ 'Cache-Control': 'private, no-store' });

export const handle: ShellHandle = { width: '3xl' };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title: `${PEOPLE_TEXTS.title} — ПроДокторов`,
    description: 'Сотрудники клиники и их роли в кабинете.',
    canonical: `${loaderData?.origin ?? ''}${PATH}`,
    noindex: true,
  }),
];

export default function CabinetPeople({ loaderData: d }: Route.ComponentProps) {
  return (
    <CabinetPage title={PEOPLE_TEXTS.title} current={PATH} refusal={d.refusal} next={d.next}>
      {d.people && <PeopleEditor data={d.people} />}
    </CabinetPage>
  );
}
