import { ReceptionQuerySchema } from '../../core/cabinet/contracts';
import { CABINET_SCHEDULE_PATH } from '../../core/cabinet/days-off';
import { CABINET_APPOINTMENTS_PATH, RECEPTION_TEXTS } from '../../core/cabinet/reception';
import { ReceptionList } from '../features/cabinet/reception-list';
import { pageMeta } from '../lib/seo';
import { pageContextOf } from '../lib/services.server';
import type { ShellHandle } from '../lib/shell';
import type { Route } from './+types/cabinet-appointments';

/**
 * `/cabinet/appointments/` (?date=yyyy-MM-dd&days=1|7&doctor=id): the signed-in doctor's or
 * clinic's visits. A wrong parameter falls back to today's list rather than an error page.
 */
export async function loader({ url, context: router }: Route.LoaderArgs) {
  const context = pageContextOf(router);
  const { viewer } = context;
  const base = { origin: context.origin, next: `${url.pathname}${url.search}` };
  if (!viewer.isDoctor && !viewer.isLpu)
    return { ...base, access: viewer.isAnonymous ? 'signIn' : 'denied', reception: null } as const;
  const parsed = ReceptionQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  const query = parsed.success ? parsed.data : {};
  const reception = await context.services.cabinet.reception(viewer, query, { otherDoctor: 'all' });
  return { ...base, access: 'ok', reception } as const;
}

export const headers = () => ({ 'Cache-Control': 'private, no-store' });

export const handle: ShellHandle = { width: '3xl' };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title: `${RECEPTION_TEXTS.title} — ПроДокторов`,
    description: 'Пациенты, записавшиеся на приём.',
    canonical: `${loaderData?.origin ?? ''}${CABINET_APPOINTMENTS_PATH}`,
    noindex: true,
  }),
];

export default function CabinetAppointments({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-2xl font-bold sm:text-3xl">{RECEPTION_TEXTS.title}</h1>
      {d.access !== 'ok' || !d.reception ? (
        <div className="card mt-6 p-8 text-center" role="status">
          <p className="text-lg font-semibold">{RECEPTION_TEXTS.signIn}</p>
          <a
            href={`/login/?kind=doctor&next=${encodeURIComponent(d.next)}`}
            className="mt-4 inline-block rounded-lg bg-brand px-5 py-2.5 font-medium text-white hover:bg-brand-dark"
          >
            {RECEPTION_TEXTS.signInButton}
          </a>
        </div>
      ) : (
        <>
          <p className="mt-1">
            <a href={CABINET_SCHEDULE_PATH} className="text-brand hover:underline">
              Выходные и отпуск
            </a>
          </p>
          <ReceptionList reception={d.reception} />
        </>
      )}
    </>
  );
}
