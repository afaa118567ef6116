import { DaysOffQuerySchema } from '../../core/cabinet/contracts';
import { CABINET_SCHEDULE_PATH, DAYS_OFF_TEXTS } from '../../core/cabinet/days-off';
import { CABINET_APPOINTMENTS_PATH, RECEPTION_TEXTS } from '../../core/cabinet/reception';
import { DaysOffEditor } from '../features/cabinet/days-off-editor';
import { pageMeta } from '../lib/seo';
import { pageContextOf } from '../lib/services.server';
import type { ShellHandle } from '../lib/shell';
import type { Route } from './+types/cabinet-schedule';

/** `/cabinet/schedule/` (?doctor=id): a doctor's or a clinic's days off and vacations. */
export async function loader({ url, context: router }: Route.LoaderArgs) {
  const context = pageContextOf(router);
  const { viewer } = context;
  const base = { origin: context.origin, next: `${url.pathname}${url.search}` };
  if (!viewer.isDoctor && !viewer.isLpu)
    return { ...base, access: viewer.isAnonymous ? 'signIn' : 'denied', daysOff: null } as const;
  const parsed = DaysOffQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  const daysOff = await context.services.cabinet.daysOff(viewer, parsed.success ? parsed.data : {});
  return { ...base, access: 'ok', daysOff } as const;
}

export const headers = () => ({ 'Cache-Control': 'private, no-store' });

export const handle: ShellHandle = { width: '3xl' };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title: `${DAYS_OFF_TEXTS.title} — ПроДокторов`,
    description: 'Выходные, отпуск и больничные врачей.',
    canonical: `${loaderData?.origin ?? ''}${CABINET_SCHEDULE_PATH}`,
    noindex: true,
  }),
];

export default function CabinetSchedule({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-2xl font-bold sm:text-3xl">{DAYS_OFF_TEXTS.title}</h1>
      {d.access !== 'ok' || !d.daysOff ? (
        <div className="card mt-6 p-8 text-center" role="status">
          <p className="text-lg font-semibold">{DAYS_OFF_TEXTS.signIn}</p>
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
            <a href={CABINET_APPOINTMENTS_PATH} className="text-brand hover:underline">
              {RECEPTION_TEXTS.title}
            </a>
          </p>
          <DaysOffEditor initial={d.daysOff} />
        </>
      )}
    </>
  );
}
