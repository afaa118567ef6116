import { useState } from 'react';
import { rescheduleAppointment } from '../../../core/booking/calls';
import type { BookingViewer, OfferedSlot } from '../../../core/booking/contracts';
import { RESCHEDULE_ERRORS } from '../../../core/booking/form';
import type { DaySlots } from '../../../core/schedule/day-tabs';
import { formatSlotShort } from '../../../core/schedule/day-tabs';
import { api, isApiError, SERVER_ERROR } from '../../lib/api';
import { ChooseTimeStep } from './booking-steps';

const PRIMARY =
  'rounded-lg bg-brand px-5 py-2.5 font-medium text-white hover:bg-brand-dark disabled:opacity-60';

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
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<{ detail: string; alternatives: OfferedSlot[] } | null>(null);
  const { chosen } = viewer;

  async function move(slot: string) {
    setBusy(true);
    setRefusal(null);
    try {
      const { appointment } = await api.send(rescheduleAppointment, {
        params: { id: appointmentId },
        body: { slot, ...(token ? { token } : {}) },
      });
      window.location.assign(appointment.url);
    } catch (error) {
      setBusy(false);
      const body = isApiError(error)
        ? (error.body as { detail: string; alternatives?: OfferedSlot[] })
        : null;
      setRefusal({ detail: body?.detail ?? SERVER_ERROR, alternatives: body?.alternatives ?? [] });
    }
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
          <button
            type="button"
            className={`${PRIMARY} mt-4`}
            disabled={busy}
            onClick={() => void move(chosen.slot)}
          >
            Перенести запись
          </button>
          {refusal && (
            <div role="alert" className="mt-4">
              <p className="font-semibold">{RESCHEDULE_ERRORS.failure}</p>
              <p className="text-sm text-ink-soft">{refusal.detail}</p>
              {refusal.alternatives.length > 0 && (
                <div className="mt-2 flex flex-wrap gap-2">
                  {refusal.alternatives.map((a) => (
                    <button
                      key={a.slot}
                      type="button"
                      className="rounded-lg border border-line px-3 py-1.5 text-sm hover:bg-canvas"
                      onClick={() => choose(a.slot)}
                    >
                      {formatSlotShort(a.day, a.time)}
                    </button>
                  ))}
                </div>
              )}
            </div>
          )}
        </section>
      )}
    </>
  );
}
