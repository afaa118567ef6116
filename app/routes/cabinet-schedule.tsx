import { DaysOffQuerySchema } from '../../core/cabinet/contracts';
import { CABINET_SCHEDULE_PATH, DAYS_OFF_TEXTS } from '../../core/cabinet/days-off';
import { CabinetPage } from '../features/cabinet/cabinet-page';
import { DaysOffEditor } from '../features/cabinet/days-off-editor';
import { ClinicSettingsEditor } from '../features/cabinet/settings-editor';
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
    return {
      ...base,
      access: viewer.isAnonymous ? 'signIn' : 'denied',
      daysOff: null,
      settings: null,
    } as const;
  const parsed = DaysOffQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  const [daysOff, settings] = await Promise.all([
    context.services.cabinet.daysOff(viewer, parsed.success ? parsed.data : {}),
    // A clinic sets its reminders; a doctor's cabinet has none to set.
    viewer.isLpu ? context.services.cabinet.settings(viewer) : null,
  ]);
  return { ...base, access: 'ok', daysOff, settings } as const;
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
    <CabinetPage
      title={DAYS_OFF_TEXTS.title}
      current={CABINET_SCHEDULE_PATH}
      refusal={d.daysOff ? null : DAYS_OFF_TEXTS.signIn}
      next={d.next}
    >
      {d.daysOff && <DaysOffEditor initial={d.daysOff} />}
      {d.settings && <ClinicSettingsEditor initial={d.settings} />}
    </CabinetPage>
  );
}
