import { PROFILE_APPOINTMENTS } from '../../core/booking/urls';
import { formatRub } from '../../core/money/money';
import { MyAppointmentsList } from '../features/booking/my-appointments';
import { MyWaitlist } from '../features/booking/my-waitlist';
import { ClubCardPanel } from '../features/club/club-card-panel';
import { ReviewPowerButton } from '../features/reviews/review-power-modal';
import { pageMeta } from '../lib/seo';
import { pageContextOf } from '../lib/services.server';
import type { ShellHandle } from '../lib/shell';
import type { Route } from './+types/profile-appointments';

/** `/profile/appointments`: the patient's visits, upcoming first, then the past, and their review discounts. */
export async function loader({ context: router }: Route.LoaderArgs) {
  const context = pageContextOf(router);
  const { viewer } = context;
  const [page, awards, waiting] = viewer.isAnonymous
    ? [null, [], []]
    : await Promise.all([
        context.services.booking.mine(viewer),
        context.services.reviewAwards.mine(viewer),
        context.services.booking.myWaitlist(viewer),
      ]);
  return {
    origin: context.origin,
    page,
    waiting,
    awards: awards.map((a) => ({
      id: a.id,
      amount: formatRub(a.amount),
      subject: a.subjectName,
      appointmentUrl: a.appointmentId === null ? null : `/appointment/${a.appointmentId}/`,
    })),
  };
}

export const headers = () => ({ 'Cache-Control': 'private, no-store' });

export const handle: ShellHandle = { width: '3xl' };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title: 'Мои записи — ПроДокторов',
    description: 'Записи на приём к врачам.',
    canonical: `${loaderData?.origin ?? ''}${PROFILE_APPOINTMENTS}`,
    noindex: true,
  }),
];

export default function ProfileAppointments({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold sm:text-3xl">Мои записи</h1>
        <a
          href="/profile/"
          className="inline-flex min-h-9 items-center text-brand underline-offset-2 hover:underline"
        >
          Профиль →
        </a>
      </div>
      {!d.page ? (
        <div className="card mt-6 p-8 text-center" role="status">
          <p className="text-lg font-semibold">Войдите, чтобы увидеть свои записи</p>
          <a
            href={`/login/?next=${encodeURIComponent(PROFILE_APPOINTMENTS)}`}
            className="mt-4 inline-block rounded-lg bg-brand px-5 py-2.5 font-medium text-white hover:bg-brand-dark"
          >
            Войти
          </a>
        </div>
      ) : (
        <>
          {d.awards.length > 0 && (
            <section aria-labelledby="awards" className="card mt-6 bg-brand-soft p-4 sm:p-5">
              <h2 id="awards" className="text-lg font-semibold">
                Скидки за отзывы
              </h2>
              <ul className="mt-2 flex flex-col gap-1 text-sm">
                {d.awards.map((a) => (
                  <li key={a.id}>
                    <span className="font-semibold">{a.amount}</span> за отзыв: {a.subject}.{' '}
                    {a.appointmentUrl ? (
                      <a href={a.appointmentUrl} className="text-brand underline">
                        Применена к записи
                      </a>
                    ) : (
                      'Примените её на странице предстоящей записи.'
                    )}
                  </li>
                ))}
              </ul>
            </section>
          )}
          <ClubCardPanel />
          <MyAppointmentsList visits={d.page} review={(item) => <ReviewPowerButton visit={item} />} />
          <MyWaitlist items={d.waiting} />
        </>
      )}
    </>
  );
}
