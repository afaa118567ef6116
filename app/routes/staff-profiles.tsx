import { STAFF_PAGES } from '../../core/cabinet/pages';
import { DOCUMENT_TEXTS } from '../../core/doctor/document-scans';
import { PROFILE_TEXTS, STAFF_PROFILES_PATH } from '../../core/doctor/profile-edit';
import { DocumentModerationQueue, documentsSearch } from '../features/doctor/document-moderation';
import { ProfileModerationQueue } from '../features/doctor/profile-moderation';
import { refused } from '../lib/refused.server';
import { pageMeta } from '../lib/seo';
import { pageContextOf } from '../lib/services.server';
import type { ShellHandle } from '../lib/shell';
import type { Route } from './+types/staff-profiles';

/**
 * `/staff/profiles/`: doctors' profile changes waiting for staff (?status=decided: the history),
 * and beside them (?section=documents) the scans sent for the 'Документы проверены' marks.
 */
export async function loader({ url, context: router }: Route.LoaderArgs) {
  const context = pageContextOf(router);
  const { viewer } = context;
  const section = url.searchParams.get('section') === 'documents' ? 'documents' : 'changes';
  const tab = url.searchParams.get('status') === 'decided' ? 'decided' : 'pending';
  const pageParam = url.searchParams.get('page');
  const page = pageParam && /^\d{1,5}$/.test(pageParam) && Number(pageParam) > 0 ? Number(pageParam) : 1;
  const base = { origin: context.origin, section, tab, page, next: `${url.pathname}${url.search}` } as const;
  if (!viewer.isStaff)
    return refused(viewer, {
      ...base,
      access: viewer.isAnonymous ? 'signIn' : 'denied',
      queue: null,
      documents: null,
    } as const);
  const { doctorProfiles, doctorDocuments } = context.services;
  if (section === 'documents') {
    const [documents, changesWaiting] = await Promise.all([
      doctorDocuments.queue(viewer, tab, page),
      doctorProfiles.pendingCount(viewer),
    ]);
    return {
      ...base,
      access: 'ok',
      queue: null,
      documents,
      changesWaiting,
      documentsWaiting: documents.pendingCount,
    } as const;
  }
  const [queue, documentsWaiting] = await Promise.all([
    doctorProfiles.queue(viewer, tab, page),
    doctorDocuments.pendingCount(viewer),
  ]);
  return {
    ...base,
    access: 'ok',
    queue,
    documents: null,
    changesWaiting: queue.pendingCount,
    documentsWaiting,
  } as const;
}

export const headers = () => ({ 'Cache-Control': 'private, no-store' });

export const handle: ShellHandle = { width: '4xl' };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title: `${PROFILE_TEXTS.staffTitle} — ПроДокторов`,
    description: 'Изменения профилей врачей и их документы на проверке.',
    canonical: `${loaderData?.origin ?? ''}${STAFF_PROFILES_PATH}`,
    noindex: true,
  }),
];

const SECTION =
  'inline-block border-b-2 border-transparent px-1 pb-2 font-medium hover:text-brand aria-[current=page]:border-brand aria-[current=page]:text-brand';

export default function StaffProfiles({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-2xl font-bold sm:text-3xl">{PROFILE_TEXTS.staffTitle}</h1>
      {d.access !== 'ok' ? (
        <div className="card mt-6 p-8 text-center" role="status">
          <p className="text-lg font-semibold">{PROFILE_TEXTS.staffOnly}</p>
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
          <a href={STAFF_PAGES.reviews.path} className="mt-1 inline-block text-brand hover:underline">
            Модерация отзывов
          </a>
          <nav aria-label="Что проверить" className="mt-4 border-b border-line">
            <ul className="flex gap-5">
              <li>
                <a
                  href={STAFF_PROFILES_PATH}
                  aria-current={d.section === 'changes' ? 'page' : undefined}
                  className={SECTION}
                >
                  Изменения профилей {d.changesWaiting}
                </a>
              </li>
              <li>
                <a
                  href={documentsSearch('pending')}
                  aria-current={d.section === 'documents' ? 'page' : undefined}
                  className={SECTION}
                >
                  {DOCUMENT_TEXTS.staffTitle} {d.documentsWaiting}
                </a>
              </li>
            </ul>
          </nav>
          {d.queue && <ProfileModerationQueue tab={d.tab} page={d.page} queue={d.queue} />}
          {d.documents && <DocumentModerationQueue tab={d.tab} page={d.page} queue={d.documents} />}
        </>
      )}
    </>
  );
}
