import { STAFF_PAGES } from '../../core/cabinet/pages';
import { STAFF_PROFILES_PATH } from '../../core/doctor/profile-edit';
import { type QueueFilter, QueueQuerySchema } from '../../core/reviews/moderation-contracts';
import { QUEUE_FILTERS, type QueueFilterValues } from '../features/reviews/moderation/queue-filters';
import { QUEUE_TABS } from '../features/reviews/moderation/queue-labels';
import { StaffQueue } from '../features/reviews/moderation/staff-queue';
import { pageMeta } from '../lib/seo';
import { pageContextOf } from '../lib/services.server';
import type { ShellHandle } from '../lib/shell';
import type { Route } from './+types/staff-reviews';

/** `/staff/reviews/`: the moderators' queue. Staff only; others see why not. */
export async function loader({ url, context: router }: Route.LoaderArgs) {
  const context = pageContextOf(router);
  const { viewer } = context;
  const status = QUEUE_TABS.find(([s]) => s === url.searchParams.get('status'))?.[0] ?? 'pending';
  const pageParam = url.searchParams.get('page');
  const page = pageParam && /^\d{1,5}$/.test(pageParam) && Number(pageParam) > 0 ? Number(pageParam) : 1;
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 200);
  // Each filter the schema reads is kept; one it refuses (a hand-edited address) is dropped.
  const filters: QueueFilterValues = {};
  const parsedFilter: QueueFilter = {};
  for (const name of QUEUE_FILTERS) {
    const value = url.searchParams.get(name);
    if (!value) continue;
    const one = QueueQuerySchema.safeParse({ [name]: value });
    if (!one.success) continue;
    filters[name] = value;
    Object.assign(parsedFilter, { [name]: one.data[name] });
  }
  const base = { origin: context.origin, status, page, q, filters, next: `${url.pathname}${url.search}` };
  if (!viewer.isStaff)
    return { ...base, access: viewer.isAnonymous ? 'signIn' : 'denied', queue: null } as const;
  const queue = await context.services.moderation.queue(viewer, status, page, q || null, parsedFilter);
  return { ...base, access: 'ok', queue } as const;
}

export const headers = () => ({ 'Cache-Control': 'private, no-store' });

export const handle: ShellHandle = { width: '4xl' };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title: 'Модерация отзывов — ПроДокторов',
    description: 'Очередь отзывов на проверке.',
    canonical: `${loaderData?.origin ?? ''}${STAFF_PAGES.reviews.path}`,
    noindex: true,
  }),
];

export default function StaffReviews({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-2xl font-bold sm:text-3xl">Модерация отзывов</h1>
      {d.access !== 'ok' || !d.queue ? (
        <div className="card mt-6 p-8 text-center" role="status">
          <p className="text-lg font-semibold">Раздел только для модераторов</p>
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
          <a href={STAFF_PROFILES_PATH} className="mt-1 inline-block text-brand hover:underline">
            Модерация профилей врачей
          </a>
          <StaffQueue status={d.status} q={d.q} page={d.page} queue={d.queue} filters={d.filters} />
        </>
      )}
    </>
  );
}
