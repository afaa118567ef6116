import { WAITLIST_TEXTS } from '../../core/booking/waitlist';
import { WaitlistOffer } from '../features/booking/waitlist-offer';
import { notFound, pageMeta } from '../lib/seo';
import { pageContextOf } from '../lib/services.server';
import type { ShellHandle } from '../lib/shell';
import type { Route } from './+types/waitlist-offer';

/**
 * `/waitlist/{token}/`: the waitlist SMS's link. The freed time with 'Записаться на это время'
 * (which holds it for the patient and opens the booking form) and 'Больше не присылать'. Opening
 * the page changes nothing: a link previewer does not take the time.
 */
export async function loader({ params, context: router }: Route.LoaderArgs) {
  const context = pageContextOf(router);
  const token = /^[\w-]{8,64}$/.test(params.token) ? params.token : '';
  const offer = token ? await context.services.booking.waitlistOffer(token) : null;
  if (!offer) throw notFound();
  return { offer, origin: context.origin };
}

export const headers = () => ({ 'Cache-Control': 'private, no-store' });

export const handle: ShellHandle = { width: '3xl' };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title: `${WAITLIST_TEXTS.offerTitle} — ПроДокторов`,
    description: 'Освободилось время у врача.',
    canonical: `${loaderData?.origin ?? ''}/waitlist/${loaderData?.offer.token ?? ''}/`,
    noindex: true,
  }),
];

export default function WaitlistOfferPage({ loaderData: d }: Route.ComponentProps) {
  return <WaitlistOffer offer={d.offer} />;
}
