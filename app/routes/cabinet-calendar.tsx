import { CABINET_CALENDAR_PATH, CALENDAR_TEXTS } from '../../core/cabinet/calendar';
import { CalendarQuerySchema } from '../../core/cabinet/calendar-contracts';
import { pageQueryOf } from '../../core/http/page-query';
import { CabinetPage } from '../features/cabinet/cabinet-page';
import { CalendarView } from '../features/cabinet/calendar-view';
import { refused } from '../lib/refused.server';
import { pageMeta } from '../lib/seo';
import { pageContextOf } from '../lib/services.server';
import type { ShellHandle } from '../lib/shell';
import type { Route } from './+types/cabinet-calendar';

/**
 * `/cabinet/calendar/` (?date=yyyy-MM-dd&days=1|7&doctor=&speciality=&address=): the clinic's
 * day or week, a column per doctor (a doctor: his own). A wrong parameter falls back to today's
 * whole calendar rather than an error page.
 */
export async function loader({ url, context: router }: Route.LoaderArgs) {
  const context = pageContextOf(router);
  const { viewer } = context;
  const base = { origin: context.origin, next: `${url.pathname}${url.search}` };
  if (!viewer.isDoctor && !viewer.isLpu) return refused(viewer, { ...base, calendar: null } as const);
  const query = pageQueryOf(CalendarQuerySchema, url.searchParams) ?? {};
  const calendar = await context.services.cabinet
    .calendar(viewer, query)
    // Another clinic's doctor or address in the link: the whole calendar of the day instead.
    .catch(() => context.services.cabinet.calendar(viewer, { date: query.date, days: query.days }));
  return { ...base, calendar } as const;
}

export const headers = () => ({ 'Cache-Control': 'private, no-store' });

export const handle: ShellHandle = { width: '6xl' };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title: `${CALENDAR_TEXTS.title} — ПроДокторов`,
    description: 'Приём врачей клиники по дням и неделям.',
    canonical: `${loaderData?.origin ?? ''}${CABINET_CALENDAR_PATH}`,
    noindex: true,
  }),
];

export default function CabinetCalendar({ loaderData: d }: Route.ComponentProps) {
  return (
    <CabinetPage
      title={CALENDAR_TEXTS.title}
      current={CABINET_CALENDAR_PATH}
      refusal={d.calendar ? null : CALENDAR_TEXTS.signIn}
      next={d.next}
    >
      {d.calendar && <CalendarView calendar={d.calendar} />}
    </CabinetPage>
  );
}
