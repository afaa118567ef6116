import { type ReactNode, useState } from 'react';
import { cancelAppointment } from '../../../core/booking/calls';
import type { MyAppointment, MyAppointments as Visits } from '../../../core/booking/contracts';
import { cancelMoneyWarning, VISIT_MONEY_TEXTS } from '../../../core/club/visit-money';
import { formatRub } from '../../../core/money/money';
import { Button } from '../../components/ui/button';
import { useCall } from '../../lib/use-call';

function AppointmentItem({
  item,
  onCanceled,
  review,
}: {
  item: MyAppointment;
  onCanceled: (id: number) => void;
  /** A visit that took place: 'Оставить отзыв'. */
  review?: ReactNode;
}) {
  const cancel = useCall(cancelAppointment);
  const canceled = item.status === 'canceled';

  async function cancelVisit() {
    // A prepaid visit says what becomes of the prepayment before the patient confirms.
    const warning = cancelMoneyWarning(item.money.paid || null);
    const question = `Отменить запись? Время сразу станет свободным для других пациентов.${warning ? `\n${warning}` : ''}`;
    if (!window.confirm(question)) return;
    const outcome = await cancel.run({ params: { id: item.id }, body: {} });
    if (outcome.ok) onCanceled(item.id);
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
      {item.money.paid > 0 && (
        <p data-testid="my-visit-money">
          {VISIT_MONEY_TEXTS.paid}:{' '}
          <span className="font-medium text-success">{formatRub(item.money.paid)}</span>
          {item.money.due !== null && !canceled && (
            <>
              {' · '}
              {VISIT_MONEY_TEXTS.due}: <span className="font-medium">{formatRub(item.money.due)}</span>
            </>
          )}
        </p>
      )}
      {cancel.error && (
        <p role="alert" className="text-error">
          {cancel.error}
        </p>
      )}
      {item.rescheduleUrl && !canceled && (
        <a
          href={item.rescheduleUrl}
          className="mt-2 self-start rounded-lg border border-line px-4 py-2 font-medium hover:border-brand hover:text-brand"
        >
          Перенести
        </a>
      )}
      {item.canCancel && !canceled && (
        <Button
          variant="secondary"
          busy={cancel.busy}
          onClick={() => void cancelVisit()}
          className="mt-2 self-start"
        >
          Отменить запись
        </Button>
      )}
      {review}
    </li>
  );
}

/**
 * 'Мои записи': the upcoming visits, each cancellable before the clinic's cut-off, then the past
 * and cancelled ones; a visit that took place offers its review (`review`).
 */
export function MyAppointmentsList({
  visits,
  review,
}: {
  visits: Visits;
  review: (item: MyAppointment) => ReactNode;
}) {
  const [canceled, setCanceled] = useState<Set<number>>(new Set());
  const mark = (id: number) => setCanceled((s) => new Set(s).add(id));
  const view = (items: MyAppointment[]) =>
    items.map((i) => (canceled.has(i.id) ? { ...i, status: 'canceled' } : i));

  return (
    <>
      <section aria-labelledby="upcoming" className="mt-6">
        <h2 id="upcoming" className="text-xl font-semibold">
          Предстоящие
        </h2>
        {visits.upcoming.length === 0 ? (
          <p className="mt-2 text-ink-soft" role="status">
            Предстоящих записей нет. Найдите врача и запишитесь онлайн.
          </p>
        ) : (
          <ul className="mt-3 flex flex-col gap-3">
            {view(visits.upcoming).map((item) => (
              <AppointmentItem key={item.id} item={item} onCanceled={mark} />
            ))}
          </ul>
        )}
      </section>
      {visits.past.length > 0 && (
        <section aria-labelledby="past" className="mt-8">
          <h2 id="past" className="text-xl font-semibold">
            Прошедшие и отменённые
          </h2>
          <ul className="mt-3 flex flex-col gap-3">
            {visits.past.map((item) => (
              <AppointmentItem
                key={item.id}
                item={item}
                onCanceled={mark}
                // Past visits still 'active' took place too; upcoming ones are never listed here.
                review={item.status === 'done' || item.status === 'active' ? review(item) : null}
              />
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
