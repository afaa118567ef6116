import { CABINET_REVIEWS_PATH } from '../../core/reviews/urls';
import { CabinetReviewsList } from '../features/reviews/write/cabinet-reviews';
import { pageMeta } from '../lib/seo';
import { pageContextOf } from '../lib/services.server';
import type { ShellHandle } from '../lib/shell';
import type { Route } from './+types/cabinet-reviews';

/** `/cabinet/reviews/`: reviews about the signed-in doctor or clinic, with their answers. */
export async function loader({ url, context: router }: Route.LoaderArgs) {
  const context = pageContextOf(router);
  const { viewer } = context;
  const pageParam = url.searchParams.get('page');
  const page = pageParam && /^\d{1,5}$/.test(pageParam) && Number(pageParam) > 0 ? Number(pageParam) : 1;
  const base = { origin: context.origin, page, next: `${url.pathname}${url.search}` };
  if (!viewer.isDoctor && !viewer.isLpu)
    return { ...base, access: viewer.isAnonymous ? 'signIn' : 'denied', list: null } as const;
  return { ...base, access: 'ok', list: await context.services.reviewWriter.aboutMe(viewer, page) } as const;
}

export const headers = () => ({ 'Cache-Control': 'private, no-store' });

export const handle: ShellHandle = { width: '3xl' };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title: 'Отзывы обо мне — ПроДокторов',
    description: 'Отзывы пациентов и ответы на них.',
    canonical: `${loaderData?.origin ?? ''}${CABINET_REVIEWS_PATH}`,
    noindex: true,
  }),
];

export default function CabinetReviews({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-2xl font-bold sm:text-3xl">Отзывы обо мне</h1>
      {d.access !== 'ok' || !d.list ? (
        <div className="card mt-6 p-8 text-center" role="status">
          <p className="text-lg font-semibold">Отвечать на отзывы могут врачи и клиники</p>
          <a
            href={`/login/?kind=doctor&next=${encodeURIComponent(d.next)}`}
            className="mt-4 inline-block rounded-lg bg-brand px-5 py-2.5 font-medium text-white hover:bg-brand-dark"
          >
            Войти как врач или клиника
          </a>
        </div>
      ) : (
        <CabinetReviewsList list={d.list} page={d.page} />
      )}
    </>
  );
}
