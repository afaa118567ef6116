import { rescheduleAppointment } from '../../../core/booking/calls';
import type { BookingViewer } from '../../../core/booking/contracts';
import { RESCHEDULE_ERRORS } from '../../../core/booking/form';
import type { DaySlots } from '../../../core/schedule/day-tabs';
import { Button } from '../../components/ui/button';
import { useCall } from '../../lib/use-call';
import { ChooseTimeStep } from './booking-steps';
import { TimeGoneNotice } from './time-gone-notice';

/**
 * Moving a booked visit: the patient picks another free time of the same doctor on the booking
 * page's calendar, then confirms 'Перенести'. The server moves the visit in one step (the old
 * time is kept if the new one was taken meanwhile: its nearest free times are offered), and the
 * visit's page opens with the new time.
 */
export function RescheduleStep({
  appointmentId,
  token,
  current,
  viewer,
  days,
  slots,
  today,
  choose,
}: {
  appointmentId: number;
  token: string | null;
  /** The visit's present time, as the clinic's clock shows it. */
  current: string;
  viewer: BookingViewer;
  days: string[];
  slots: DaySlots;
  today: string;
  choose: (slot: string) => void;
}) {
  const move = useCall(rescheduleAppointment);
  const { chosen } = viewer;

  async function moveTo(slot: string) {
    const outcome = await move.run({
      params: { id: appointmentId },
      body: { slot, ...(token ? { token } : {}) },
    });
    // The visit's page with the new time; the button stays busy while it opens.
    if (outcome.ok) window.location.assign(outcome.reply.appointment.url);
  }

  return (
    <>
      <p className="mt-4 text-ink-soft" data-testid="reschedule-current">
        Сейчас вы записаны на <span className="font-semibold text-ink">{current}</span>. Выберите новое время
        — старое останется за вами, пока новое не подтвердится.
      </p>
      {!chosen ? (
        <ChooseTimeStep
          staleSlot={viewer.staleSlot}
          days={days}
          slots={slots}
          today={today}
          onChoose={choose}
        />
      ) : (
        <section className="card mt-4 p-4 sm:p-5" aria-labelledby="reschedule-h">
          <h2 id="reschedule-h" className="text-lg font-semibold">
            Новое время
          </h2>
          <p className="mt-1">
            Перенести запись на <span className="font-semibold">{chosen.label}</span>?
          </p>
          <Button className="mt-4" busy={move.busy || move.done} onClick={() => void moveTo(chosen.slot)}>
            Перенести запись
          </Button>
          {move.error && (
            <TimeGoneNotice
              className="mt-4"
              heading={<p className="font-semibold">{RESCHEDULE_ERRORS.failure}</p>}
              detail={move.error}
              alternatives={move.refusal?.alternatives ?? []}
              clash={move.refusal?.clash}
              onChoose={(a) => choose(a.slot)}
            />
          )}
        </section>
      )}
    </>
  );
}
