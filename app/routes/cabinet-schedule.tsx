import { DaysOffQuerySchema } from '../../core/cabinet/contracts';
import { CABINET_SCHEDULE_PATH, DAYS_OFF_TEXTS } from '../../core/cabinet/days-off';
import { cabinetRoleOf, can } from '../../core/cabinet/permissions';
import { pageQueryOf } from '../../core/http/page-query';
import { BlocksEditor } from '../features/cabinet/blocks-editor';
import { CabinetPage } from '../features/cabinet/cabinet-page';
import { DaysOffEditor } from '../features/cabinet/days-off-editor';
import { HomeVisitsEditor } from '../features/cabinet/home-visits-editor';
import { BookingSwitches, HoursEditor } from '../features/cabinet/hours-editor';
import { ClinicNotificationsEditor } from '../features/cabinet/notifications-editor';
import { ClinicSettingsEditor } from '../features/cabinet/settings-editor';
import { refused } from '../lib/refused.server';
import { pageMeta } from '../lib/seo';
import { pageContextOf } from '../lib/services.server';
import type { ShellHandle } from '../lib/shell';
import type { Route } from './+types/cabinet-schedule';

/**
 * `/cabinet/schedule/` (?doctor=id): a doctor's or a clinic's days off and vacations, weekly
 * hours, and for a clinic its doctors' online booking, reminders, booking rules and its own
 * contact for the site's bookings.
 */
export async function loader({ url, context: router }: Route.LoaderArgs) {
  const context = pageContextOf(router);
  const { viewer } = context;
  const base = { origin: context.origin, next: `${url.pathname}${url.search}` };
  if (!viewer.isDoctor && !viewer.isLpu)
    return refused(viewer, {
      ...base,
      access: viewer.isAnonymous ? 'signIn' : 'denied',
      daysOff: null,
      hours: null,
      settings: null,
      notifications: null,
      blocks: null,
      homeVisits: null,
    } as const);
  const query = pageQueryOf(DaysOffQuerySchema, url.searchParams);
  const [daysOff, settings, notifications, blocks, homeVisits] = await Promise.all([
    context.services.cabinet.daysOff(viewer, query ?? {}),
    // A clinic sets its reminders and its contact; a doctor's cabinet has none to set.
    viewer.isLpu ? context.services.cabinet.settings(viewer) : null,
    viewer.isLpu ? context.services.cabinet.notifications(viewer) : null,
    // A clinic's blocks of its doctors' times, from today for four weeks.
    viewer.isLpu ? context.services.cabinet.blocks(viewer, { days: 28 }) : null,
    // Where the clinic's doctors go on home visits: its administrator's to set.
    viewer.isLpu && can(cabinetRoleOf(viewer), 'settings')
      ? context.services.cabinet.homeVisitSettings(viewer)
      : null,
  ]);
  // The weekly hours of the doctor the days off show (a clinic's first doctor otherwise).
  const hours = await context.services.cabinet.hours(
    viewer,
    daysOff.doctor === null ? {} : { doctor: daysOff.doctor },
  );
  return { ...base, access: 'ok', daysOff, hours, settings, notifications, blocks, homeVisits } as const;
}

export const headers = () => ({ 'Cache-Control': 'private, no-store' });

export const handle: ShellHandle = { width: '3xl' };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title: `${DAYS_OFF_TEXTS.title} — ПроДокторов`,
    description: 'Выходные, отпуск, часы приёма и онлайн-запись врачей.',
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
      {d.blocks && d.daysOff?.clinicId != null && (
        <BlocksEditor clinicId={d.daysOff.clinicId} initial={d.blocks} />
      )}
      {d.hours && <HoursEditor initial={d.hours} />}
      {d.hours && d.hours.clinicId !== null && d.hours.places.length > 0 && (
        <BookingSwitches places={d.hours.places} />
      )}
      {d.settings && <ClinicSettingsEditor initial={d.settings} />}
      {d.notifications && <ClinicNotificationsEditor initial={d.notifications} />}
      {d.homeVisits && <HomeVisitsEditor initial={d.homeVisits} />}
    </CabinetPage>
  );
}
