import { PROFILE_TEXTS, STAFF_PROFILES_PATH } from '../../core/doctor/profile-edit';
import { STAFF_REVIEWS_PATH } from '../../core/reviews/urls';
import { ProfileModerationQueue } from '../features/doctor/profile-moderation';
import { pageMeta } from '../lib/seo';
import { pageContextOf } from '../lib/services.server';
import type { ShellHandle } from '../lib/shell';
import type { Route } from './+types/staff-profiles';

/** `/staff/profiles/`: doctors' profile changes waiting for staff (?status=decided: the history). */
export async function loader({ url, context: router }: Route.LoaderArgs) {
  const context = pageContextOf(router);
  const { viewer } = context;
  const tab = url.searchParams.get('status') === 'decided' ? 'decided' : 'pending';
  const pageParam = url.searchParams.get('page');
  const page = pageParam && /^\d{1,5}$/.test(pageParam) && Number(pageParam) > 0 ? Number(pageParam) : 1;
  const base = { origin: context.origin, tab, page, next: `${url.pathname}${url.search}` } as const;
  if (!viewer.isStaff)
    return { ...base, access: viewer.isAnonymous ? 'signIn' : 'denied', queue: null } as const;
  const queue = await context.services.doctorProfiles.queue(viewer, tab, page);
  return { ...base, access: 'ok', queue } as const;
}

export const headers = () => ({ 'Cache-Control': 'private, no-store' });

export const handle: ShellHandle = { width: '4xl' };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title: `${PROFILE_TEXTS.staffTitle} — ПроДокторов`,
    description: 'Изменения профилей врачей на проверке.',
    canonical: `${loaderData?.origin ?? ''}${STAFF_PROFILES_PATH}`,
    noindex: true,
  }),
];

export default function StaffProfiles({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-2xl font-bold sm:text-3xl">{PROFILE_TEXTS.staffTitle}</h1>
      {d.access !== 'ok' || !d.queue ? (
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
          <a href={STAFF_REVIEWS_PATH} className="mt-1 inline-block text-brand hover:underline">
            Модерация отзывов
          </a>
          <ProfileModerationQueue tab={d.tab} page={d.page} queue={d.queue} />
        </>
      )}
    </>
  );
}
