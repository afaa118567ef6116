import { useState } from 'react';
import { cancelAppointment, confirmAppointment } from '../../../core/booking/calls';
import type { AppointmentPage } from '../../../core/booking/contracts';
import { BOOKING_TITLES, CONFIRM_TEXTS } from '../../../core/booking/form';
import { Button } from '../../components/ui/button';
import { useCall } from '../../lib/use-call';
import { CancelQuestion, NoCancelNote, VisitSummary } from './appointment-parts';
import { OnlineVisitNote } from './online-visit';
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
  const confirm = useCall(confirmAppointment);
  const cancel = useCall(cancelAppointment);
  // The review discount's call is the reviews' (the route hands it in): its own flag and text.
  const [award, setAward] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const canceled = d.status === 'canceled';
  const [confirmation, setConfirmation] = useState(d.confirmation);
  const token = d.token ? { token: d.token } : {};
  const busy = confirm.busy || cancel.busy || award.busy;
  // One line tells what the last press could not do.
  const error = confirm.error ?? cancel.error ?? award.error;

  function forgetErrors() {
    confirm.reset();
    cancel.reset();
    setAward({ busy: false, error: null });
  }

  async function confirmVisit() {
    forgetErrors();
    const outcome = await confirm.run({ params: { id: d.id }, body: token });
    if (outcome.ok) setConfirmation('done');
  }

  async function applyAward() {
    forgetErrors();
    setAward({ busy: true, error: null });
    const problem = await apply(d.id);
    setAward({ busy: false, error: problem });
    if (!problem) window.location.reload();
  }

  async function cancelVisit() {
    forgetErrors();
    const outcome = await cancel.run({ params: { id: d.id }, body: token });
    setConfirming(false);
    // A full reload: useRevalidator would add its code to the router chunk every page loads first.
    if (outcome.ok) window.location.reload();
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
      <VisitSummary page={d} />
      {d.online && !canceled && <OnlineVisitNote online={d.online} />}
      {d.patient && (
        <p className="mt-3 text-ink" data-testid="visit-patient">
          Пациент: <span className="font-medium">{d.patient.name}</span>, телефон {d.patient.phone}
        </p>
      )}

      {!canceled && confirmation === 'pending' && (
        <section className="card mt-4 flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="font-medium">{CONFIRM_TEXTS.ask}</p>
          <Button busy={confirm.busy} disabled={busy} onClick={() => void confirmVisit()}>
            {CONFIRM_TEXTS.button}
          </Button>
        </section>
      )}
      {!canceled && (confirmation === 'done' || confirmation === 'clinic') && (
        <p className="mt-4 font-medium text-success" role="status" data-testid="visit-confirmed">
          {confirmation === 'clinic' ? CONFIRM_TEXTS.byClinic : CONFIRM_TEXTS.done}
        </p>
      )}
      {!canceled && d.availableAward && (
        <section className="card mt-4 flex flex-col gap-3 bg-brand-soft p-4 sm:flex-row sm:items-center sm:justify-between">
          <p>
            У вас есть скидка за отзыв: <span className="font-semibold">{d.availableAward}</span>.
          </p>
          <Button busy={award.busy} disabled={busy} onClick={() => void applyAward()}>
            Применить к этой записи
          </Button>
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
        {!canceled && d.clinicPhone && (
          <a
            href={`tel:+${d.clinicPhone.replace(/\D/g, '')}`}
            className="rounded-lg border border-line px-5 py-2.5 font-medium hover:border-brand hover:text-brand"
            aria-label={`Позвонить в клинику: ${d.clinicPhone}`}
          >
            {d.clinicPhone}
          </a>
        )}
        {!canceled && d.routeUrl && (
          <a
            href={d.routeUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="rounded-lg border border-line px-5 py-2.5 font-medium hover:border-brand hover:text-brand"
          >
            Как добраться
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
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            Отменить запись
          </Button>
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
      {!canceled && !d.canCancel && <NoCancelNote clinicPhone={d.clinicPhone} />}
      {d.earlier && !canceled && !confirming && (
        <div className="mt-4">
          <EarlierTimeButton appointmentId={d.id} target={d.earlier} until={d.earlier.until} />
        </div>
      )}
      {confirming && (
        <CancelQuestion
          moneyWarning={d.money?.cancelWarning}
          busy={cancel.busy}
          onCancel={() => void cancelVisit()}
          onKeep={() => setConfirming(false)}
        />
      )}
    </>
  );
}
