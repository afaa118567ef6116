import { CouponStatus } from '../features/club/coupon-status';
import { pageMeta } from '../lib/seo';
import { pageContextOf } from '../lib/services.server';
import type { ShellHandle } from '../lib/shell';
import type { Route } from './+types/club-coupon-status';

/** `/club/coupon_request/{id}/payment_status/`: where the provider returns a club booking's prepayment. */
export function loader({ params, context }: Route.LoaderArgs) {
  const id = Number(params.id);
  if (!/^\d{1,10}$/.test(params.id) || id <= 0 || id > 2_147_483_647)
    throw new Response('Not found', { status: 404 });
  return { id, origin: pageContextOf(context).origin };
}

// A personal page: never shared by a cache between visitors.
export const headers = () => ({ 'Cache-Control': 'private, no-store' });

export const handle: ShellHandle = { width: '3xl' };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title: 'Запись по клубной цене — ПроДокторов',
    description: 'Оплата купона на запись по клубной цене.',
    canonical: `${loaderData?.origin ?? ''}/club/coupon_request/${loaderData?.id ?? ''}/payment_status/`,
    noindex: true,
  }),
];

export default function ClubCouponStatusPage({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-2xl font-bold sm:text-3xl">Запись по клубной цене</h1>
      <CouponStatus id={d.id} />
    </>
  );
}
