import { CABINET_PAGES, cabinetTitle, clinicRoleRefuses } from '../../core/cabinet/pages';
import { PERMISSION_TEXTS } from '../../core/cabinet/permissions';
import { pageQueryOf } from '../../core/http/page-query';
import { CabinetReviewsQuerySchema } from '../../core/reviews/contracts';
import { CabinetPage } from '../features/cabinet/cabinet-page';
import { CabinetReviewsList } from '../features/reviews/write/cabinet-reviews';
import { refused } from '../lib/refused.server';
import { pageMeta } from '../lib/seo';
import { pageContextOf } from '../lib/services.server';
import type { ShellHandle } from '../lib/shell';
import type { Route } from './+types/cabinet-reviews';

/**
 * `/cabinet/reviews/` ('Отзывы обо мне'; a clinic's 'Отзывы о клинике'): reviews about the
 * signed-in doctor or clinic, with their answers, in the cabinet's frame.
 */
export async function loader({ url, context: router }: Route.LoaderArgs) {
  const context = pageContextOf(router);
  const { viewer } = context;
  // A filter the schema refuses (a hand-edited address) is dropped; the others still apply.
  const query = pageQueryOf(CabinetReviewsQuerySchema, url.searchParams) ?? { page: 1 };
  const page = query.page;
  const base = {
    origin: context.origin,
    page,
    search: url.search,
    next: `${url.pathname}${url.search}`,
    title: cabinetTitle('reviews', viewer),
  };
  if (!viewer.isDoctor && !viewer.isLpu)
    return refused(viewer, {
      ...base,
      access: viewer.isAnonymous ? 'signIn' : 'denied',
      list: null,
    } as const);
  if (clinicRoleRefuses('reviews', viewer))
    return refused(viewer, { ...base, access: 'role', list: null } as const);
  return { ...base, access: 'ok', list: await context.services.reviewWriter.aboutMe(viewer, query) } as const;
}

export const headers = () => ({ 'Cache-Control': 'private, no-store' });

export const handle: ShellHandle = { width: '3xl' };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title: `${loaderData?.title ?? 'Отзывы обо мне'} — ПроДокторов`,
    description: 'Отзывы пациентов и ответы на них.',
    canonical: `${loaderData?.origin ?? ''}${CABINET_PAGES.reviews.path}`,
    noindex: true,
  }),
];

export default function CabinetReviews({ loaderData: d }: Route.ComponentProps) {
  return (
    <CabinetPage
      title={d.title}
      current={CABINET_PAGES.reviews.path}
      refusal={
        d.access === 'ok' && d.list
          ? null
          : d.access === 'role'
            ? PERMISSION_TEXTS.refused
            : 'Отвечать на отзывы могут врачи и клиники'
      }
      next={d.next}
    >
      {d.list && <CabinetReviewsList list={d.list} page={d.page} search={d.search} />}
    </CabinetPage>
  );
}
