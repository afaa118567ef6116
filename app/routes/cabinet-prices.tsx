import { clinicRoleRefuses } from '../../core/cabinet/pages';
import { PERMISSION_TEXTS } from '../../core/cabinet/permissions';
import { CABINET_PRICES_PATH, PRICE_TEXTS } from '../../core/cabinet/prices';
import { CabinetPage } from '../features/cabinet/cabinet-page';
import { PriceEditor } from '../features/cabinet/price-editor';
import { VisitPriceEditor } from '../features/cabinet/visit-price-editor';
import { refused } from '../lib/refused.server';
import { pageMeta } from '../lib/seo';
import { pageContextOf } from '../lib/services.server';
import type { ShellHandle } from '../lib/shell';
import type { Route } from './+types/cabinet-prices';

/** `/cabinet/prices/`: the clinic's price list and club participation as its account keeps them. */
export async function loader({ url, context: router }: Route.LoaderArgs) {
  const context = pageContextOf(router);
  const { viewer } = context;
  const base = { origin: context.origin, next: `${url.pathname}${url.search}` };
  const readVisitPrices = () =>
    context.services.prices.visitPrices(viewer).catch((err: unknown) => {
      console.error(err);
      return null;
    });
  if (clinicRoleRefuses('prices', viewer))
    return refused(viewer, {
      ...base,
      doctorView: false,
      prices: null,
      visitPrices: null,
      refusal: PERMISSION_TEXTS.refused,
    });
  // A doctor reads the visit prices the clinics set (ADR 039); the price list is the clinic's.
  if (viewer.isDoctor)
    return { ...base, doctorView: true, prices: null, visitPrices: await readVisitPrices(), refusal: null };
  if (!viewer.isLpu)
    return refused(viewer, {
      ...base,
      doctorView: false,
      prices: null,
      visitPrices: null,
      refusal: PRICE_TEXTS.signIn,
    });
  // A failed read still renders the page: the editor says so and offers to try again.
  const [prices, visitPrices] = await Promise.all([
    context.services.prices.list(viewer).catch((err: unknown) => {
      console.error(err);
      return null;
    }),
    readVisitPrices(),
  ]);
  return { ...base, doctorView: false, prices, visitPrices, refusal: null };
}

export const headers = () => ({ 'Cache-Control': 'private, no-store' });

export const handle: ShellHandle = { width: '4xl' };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title: `${PRICE_TEXTS.title} — ПроДокторов`,
    description: 'Прайс-лист клиники и участие в клубе.',
    canonical: `${loaderData?.origin ?? ''}${CABINET_PRICES_PATH}`,
    noindex: true,
  }),
];

export default function CabinetPrices({ loaderData: d }: Route.ComponentProps) {
  return (
    <CabinetPage title={PRICE_TEXTS.title} current={CABINET_PRICES_PATH} refusal={d.refusal} next={d.next}>
      <div className="mt-4">
        <VisitPriceEditor initial={d.visitPrices} />
      </div>
      {!d.doctorView && <PriceEditor initial={d.prices} />}
    </CabinetPage>
  );
}
