import { useState } from 'react';
import { PROFILE_APPOINTMENTS } from '../../core/booking/urls';
import { formatRub } from '../../core/money/money';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';
import { cancelAppointment } from '../features/booking/booking-api';
import { ReviewPowerButton } from '../features/reviews/review-power-modal';
import { pageMeta } from '../lib/seo';
import { originOf } from '../lib/town.server';
import type { Route } from './+types/profile-appointments';

/** `/profile/appointments`: the patient's visits, upcoming first, then the past (issue 4 §7). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer } = context;
  const [page, awards] = viewer.isAnonymous
    ? [null, []]
    : await Promise.all([context.services.booking.mine(viewer), context.services.reviewAwards.mine(viewer)]);
  return {
    origin: originOf(request),
    page,
    awards: awards.map((a) => ({
      id: a.id,
      amount: formatRub(a.amount),
      subject: a.subjectName,
      appointmentUrl: a.appointmentId === null ? null : `/appointment/${a.appointmentId}/`,
    })),
  };
}

export const headers = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title: 'Мои записи — ПроДокторов',
    description: 'Записи на приём к врачам.',
    canonical: `${loaderData?.origin ?? ''}${PROFILE_APPOINTMENTS}`,
    noindex: true,
  }),
];

type Item = NonNullable<Awaited<ReturnType<typeof loader>>['page']>['upcoming'][number];

function AppointmentItem({
  item,
  onCanceled,
  reviewable = false,
}: {
  item: Item;
  onCanceled: (id: number) => void;
  /** A visit that took place: 'Оставить отзыв' opens the review-power modal. */
  reviewable?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const canceled = item.status === 'canceled';

  async function cancel() {
    if (!window.confirm('Отменить запись? Время сразу станет свободным для других пациентов.')) return;
    setBusy(true);
    const problem = await cancelAppointment(item.id, null);
    setBusy(false);
    if (problem) setError(problem);
    else onCanceled(item.id);
  }

  return (
    <li className="card flex flex-col gap-1 p-4 text-sm sm:p-5">
      <p className={`text-base font-semibold ${canceled ? 'text-muted line-through' : ''}`}>
        <a href={item.url} className="hover:text-brand">
          {item.when}
        </a>
      </p>
      {canceled && <p className="text-muted">Запись отменена</p>}
      <p>
        <a href={item.titleUrl} className="font-medium text-brand hover:underline">
          {item.title}
        </a>
        <span className="text-ink-soft"> · {item.specialities.join(', ')}</span>
      </p>
      <p className="text-ink-soft">
        {item.clinicName}, {item.address}
      </p>
      {error && (
        <p role="alert" className="text-error">
          {error}
        </p>
      )}
      {item.canCancel && !canceled && (
        <button
          type="button"
          disabled={busy}
          onClick={cancel}
          className="mt-2 self-start rounded-lg border border-line px-4 py-2 font-medium hover:border-error hover:text-error disabled:opacity-60"
        >
          Отменить запись
        </button>
      )}
      {reviewable && <ReviewPowerButton visit={item} />}
    </li>
  );
}

export default function ProfileAppointments({ loaderData: d }: Route.ComponentProps) {
  const [canceled, setCanceled] = useState<Set<number>>(new Set());
  const mark = (id: number) => setCanceled((s) => new Set(s).add(id));
  const view = (items: Item[]) => items.map((i) => (canceled.has(i.id) ? { ...i, status: 'canceled' } : i));

  return (
    <>
      <SiteHeader town={null} />
      <main id="content" tabIndex={-1} className="mx-auto w-full max-w-3xl flex-1 px-4 py-6">
        <h1 className="text-2xl font-bold sm:text-3xl">Мои записи</h1>
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
            <section aria-labelledby="upcoming" className="mt-6">
              <h2 id="upcoming" className="text-xl font-semibold">
                Предстоящие
              </h2>
              {d.page.upcoming.length === 0 ? (
                <p className="mt-2 text-ink-soft" role="status">
                  Предстоящих записей нет. Найдите врача и запишитесь онлайн.
                </p>
              ) : (
                <ul className="mt-3 flex flex-col gap-3">
                  {view(d.page.upcoming).map((item) => (
                    <AppointmentItem key={item.id} item={item} onCanceled={mark} />
                  ))}
                </ul>
              )}
            </section>
            {d.page.past.length > 0 && (
              <section aria-labelledby="past" className="mt-8">
                <h2 id="past" className="text-xl font-semibold">
                  Прошедшие и отменённые
                </h2>
                <ul className="mt-3 flex flex-col gap-3">
                  {d.page.past.map((item) => (
                    <AppointmentItem
                      key={item.id}
                      item={item}
                      onCanceled={mark}
                      // Past visits still 'active' took place too; upcoming ones are never listed here.
                      reviewable={item.status === 'done' || item.status === 'active'}
                    />
                  ))}
                </ul>
              </section>
            )}
          </>
        )}
      </main>
      <SiteFooter />
    </>
  );
}
