import { useState } from 'react';
import { confirmAppointment } from '../../../core/booking/calls';
import type { AppointmentPage } from '../../../core/booking/contracts';
import { BOOKING_TITLES, CONFIRM_TEXTS } from '../../../core/booking/form';
import { api, CONNECTION_ERROR, isApiError } from '../../lib/api';
import { useHydrated } from '../../lib/use-hydrated';
import { cancelVisit } from './cancel-visit';
import { EarlierTimeButton } from './waitlist-form';

/**
 * The booked visit ('Вы записаны'): when and where, the price (with a review discount), the
 * calendar file, and cancelling before the clinic's cut-off ('Записаться снова' once cancelled).
 */
export function AppointmentDetails({
  page: d,
  applyAward: apply,
}: {
  page: AppointmentPage;
  /** Applies the patient's free review discount to this visit: null when done, else why not. */
  applyAward: (id: number) => Promise<string | null>;
}) {
  const [confirming, setConfirming] = useState(false);
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const canceled = d.status === 'canceled';
  const [confirmation, setConfirmation] = useState(d.confirmation);

  async function confirm() {
    setBusy(true);
    setError('');
    try {
      await api.send(confirmAppointment, { params: { id: d.id }, body: d.token ? { token: d.token } : {} });
      setConfirmation('done');
    } catch (e) {
      setError(isApiError(e) ? e.detail : CONNECTION_ERROR);
    }
    setBusy(false);
  }

  async function applyAward() {
    setBusy(true);
    setError('');
    const problem = await apply(d.id);
    setBusy(false);
    if (problem) setError(problem);
    else window.location.reload();
  }

  async function cancel() {
    setBusy(true);
    setError('');
    const problem = await cancelVisit(d.id, d.token);
    setBusy(false);
    setConfirming(false);
    if (problem) setError(problem);
    // A full reload: useRevalidator would add its code to the router chunk every page loads first.
    else window.location.reload();
  }

  return (
    <>
      <h1 className="text-2xl font-bold sm:text-3xl">
        {canceled ? 'Запись отменена' : BOOKING_TITLES.success}
      </h1>
      {d.clinicCancelReason && (
        <p className="mt-2 text-ink" role="status">
          Клиника отменила запись. Причина: {d.clinicCancelReason}
        </p>
      )}
      <section className="card mt-4 flex flex-col gap-1 p-4 text-sm sm:p-5" aria-label="Детали записи">
        <p className={`text-lg font-semibold ${canceled ? 'text-muted line-through' : ''}`}>{d.when}</p>
        <p className="mt-2">
          <a href={d.titleUrl} className="font-semibold text-brand hover:underline">
            {d.title}
          </a>
          <span className="block text-ink">{d.details.join(', ')}</span>
        </p>
        <p className="mt-2">
          <a href={d.clinicUrl} className="font-medium hover:text-brand">
            {d.clinicName}
          </a>
          <span className="block text-ink-soft">{d.address}</span>
          {d.metro && <span className="block text-muted">м. {d.metro}</span>}
        </p>
        {d.price !== null && (
          <p className="mt-2">
            {d.kind === 'doctor' ? 'Стоимость приёма' : 'Стоимость'}:{' '}
            {d.discount ? (
              <>
                <span className="text-muted line-through">{d.price}</span>{' '}
                <span className="font-semibold">{d.discount.total}</span> (скидка за отзыв −
                {d.discount.amount})
              </>
            ) : (
              <span className="font-semibold">{d.price}</span>
            )}
            , оплата в клинике
          </p>
        )}
        {d.price === null && d.discount && <p className="mt-2">Скидка за отзыв: −{d.discount.amount}</p>}
        {!canceled && (
          <p className="mt-2 text-ink-soft">
            Мы отправили СМС с деталями записи. Возьмите с собой паспорт и полис.
          </p>
        )}
      </section>

      {!canceled && confirmation === 'pending' && (
        <section className="card mt-4 flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="font-medium">{CONFIRM_TEXTS.ask}</p>
          <button
            type="button"
            disabled={!hydrated || busy}
            onClick={confirm}
            className="rounded-lg bg-brand px-5 py-2.5 font-medium text-white hover:bg-brand-dark disabled:opacity-60"
          >
            {CONFIRM_TEXTS.button}
          </button>
        </section>
      )}
      {!canceled && confirmation === 'done' && (
        <p className="mt-4 font-medium text-success" role="status" data-testid="visit-confirmed">
          {CONFIRM_TEXTS.done}
        </p>
      )}
      {!canceled && d.availableAward && (
        <section className="card mt-4 flex flex-col gap-3 bg-brand-soft p-4 sm:flex-row sm:items-center sm:justify-between">
          <p>
            У вас есть скидка за отзыв: <span className="font-semibold">{d.availableAward}</span>.
          </p>
          <button
            type="button"
            disabled={!hydrated || busy}
            onClick={applyAward}
            className="rounded-lg bg-brand px-5 py-2.5 font-medium text-white hover:bg-brand-dark disabled:opacity-60"
          >
            Применить к этой записи
          </button>
        </section>
      )}
      {error && (
        <p role="alert" className="mt-3 text-sm text-error">
          {error}
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        {!canceled && (
          <a
            href={d.icsUrl}
            download
            className="rounded-lg bg-brand px-5 py-2.5 font-medium text-white hover:bg-brand-dark"
          >
            Добавить в календарь
          </a>
        )}
        {d.rescheduleUrl && !confirming && (
          <a
            href={d.rescheduleUrl}
            className="rounded-lg border border-line px-5 py-2.5 font-medium hover:border-brand hover:text-brand"
          >
            Перенести
          </a>
        )}
        {!canceled && d.canCancel && !confirming && (
          <button
            type="button"
            onClick={() => setConfirming(true)}
            // A tap before hydration would be lost.
            disabled={!hydrated}
            className="rounded-lg border border-line px-5 py-2.5 font-medium hover:border-error hover:text-error disabled:opacity-60"
          >
            Отменить запись
          </button>
        )}
        {canceled && (
          <a
            href={d.againUrl}
            className="rounded-lg bg-brand px-5 py-2.5 font-medium text-white hover:bg-brand-dark"
          >
            Записаться снова
          </a>
        )}
      </div>
      {!canceled && !d.canCancel && (
        <p className="mt-3 text-sm text-ink-soft">
          Отменить запись на сайте уже нельзя: позвоните в клинику
          {d.clinicPhone ? (
            <>
              {' '}
              по номеру{' '}
              <a
                href={`tel:+${d.clinicPhone.replace(/\D/g, '')}`}
                className="font-medium text-brand hover:underline"
              >
                {d.clinicPhone}
              </a>
            </>
          ) : null}
          .
        </p>
      )}
      {d.earlier && !canceled && !confirming && (
        <div className="mt-4">
          <EarlierTimeButton appointmentId={d.id} target={d.earlier} until={d.earlier.until} />
        </div>
      )}
      {confirming && (
        <div className="card mt-4 p-4" role="alertdialog" aria-labelledby="cancel-q">
          <p id="cancel-q" className="font-medium">
            Отменить запись? Время сразу станет свободным для других пациентов.
          </p>
          <div className="mt-3 flex gap-3">
            <button
              type="button"
              disabled={busy}
              onClick={cancel}
              className="rounded-lg bg-error px-5 py-2.5 font-medium text-white disabled:opacity-60"
            >
              Да, отменить
            </button>
            <button
              type="button"
              onClick={() => setConfirming(false)}
              className="rounded-lg border border-line px-5 py-2.5 font-medium"
            >
              Не отменять
            </button>
          </div>
        </div>
      )}
    </>
  );
}
