import { useId, useState } from 'react';
import type { VisitType } from '../../../core/booking/urls';
import { cabinetHours, cabinetSetBooking, cabinetSetHours } from '../../../core/cabinet/calls';
import type { Hours, HoursPlace, ReceptionVisit } from '../../../core/cabinet/contracts';
import {
  type DayHours,
  HOURS_MAX_INTERVALS,
  HOURS_TEXTS,
  hoursRefusal,
  SLOT_MINUTES_CHOICES,
  WEEKDAY_FULL,
  WEEKDAY_SHORT,
} from '../../../core/cabinet/hours';
import { STATUS_CHANGE_TEXTS, VISIT_TYPE_LABELS } from '../../../core/cabinet/reception';
import { plural, WORDS } from '../../../core/text/plural';
import { api, isApiError, SERVER_ERROR } from '../../lib/api';
import { VisitsToCancel } from './visits-to-cancel';

const FIELD = 'rounded-lg border border-line bg-surface px-3 py-2';
const TIME = 'w-[4.5rem] rounded-lg border border-line bg-surface px-2 py-1.5 text-center tabular-nums';
const PRIMARY =
  'rounded-lg bg-brand px-4 py-2 font-medium text-white hover:bg-brand-dark disabled:opacity-50';
const SMALL = 'rounded-lg border border-line px-3 py-1.5 text-sm hover:bg-canvas disabled:opacity-50';

/** A new interval after the day's last one (or the usual morning). */
function nextInterval(day: DayHours): { start: string; end: string } {
  const last = day.intervals.at(-1);
  if (!last) return { start: '09:00', end: '13:00' };
  const [h] = last.end.split(':').map(Number);
  const start = Math.min(h + 1, 22);
  return { start: `${String(start).padStart(2, '0')}:00`, end: `${String(start + 2).padStart(2, '0')}:00` };
}

const placeKey = (p: HoursPlace) => `${p.doctor.id}:${p.clinic.id}`;

/**
 * 'Часы приёма': a doctor's weekly hours at a clinic for one visit type (a clinic picks its
 * doctor, a doctor his clinic), each weekday closed or open in up to four intervals, and the
 * slot length. Saved from today on; booked visits the new hours would drop come back from the
 * server as a refusal and are cancelled only when the administrator says so, with a reason.
 */
export function HoursEditor({ initial }: { initial: Hours }) {
  const [data, setData] = useState(initial);
  const [week, setWeek] = useState<DayHours[]>(initial.week);
  const [slot, setSlot] = useState(initial.slotMinutes ?? 30);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [note, setNote] = useState('');
  const [outside, setOutside] = useState<ReceptionVisit[] | null>(null);
  const [reason, setReason] = useState('');
  const ids = { place: useId(), type: useId(), slot: useId(), reason: useId() };
  const clinic = data.clinicId !== null;
  const current = data.places.find(
    (p) => data.place && p.doctor.id === data.place.doctorId && p.clinic.id === data.place.clinicId,
  );

  /** Shows another place or visit type: its hours in force. */
  async function load(place: HoursPlace, type?: VisitType) {
    setBusy(true);
    setError('');
    setNote('');
    setOutside(null);
    try {
      const next = await api.send(cabinetHours, {
        query: clinic
          ? { doctor: place.doctor.id, ...(type ? { type } : {}) }
          : { clinic: place.clinic.id, ...(type ? { type } : {}) },
      });
      setData(next);
      setWeek(next.week);
      setSlot(
        next.slotMinutes !== null && (SLOT_MINUTES_CHOICES as readonly number[]).includes(next.slotMinutes)
          ? next.slotMinutes
          : 30,
      );
    } catch (err) {
      setError(isApiError(err) ? err.detail : SERVER_ERROR);
    } finally {
      setBusy(false);
    }
  }

  const changeDay = (weekday: number, change: (day: DayHours) => DayHours) => {
    setWeek((w) => w.map((d) => (d.weekday === weekday ? change(d) : d)));
    setOutside(null);
    setNote('');
  };

  async function save(cancelVisits: boolean) {
    if (!data.place || !data.visitType) return;
    const refusal = hoursRefusal(week, slot);
    if (refusal) {
      setError(refusal.weekday ? `${WEEKDAY_FULL[refusal.weekday - 1]}: ${refusal.detail}` : refusal.detail);
      return;
    }
    setBusy(true);
    setError('');
    setNote('');
    try {
      const reply = await api.send(cabinetSetHours, {
        body: {
          ...(clinic ? { doctor_id: data.place.doctorId } : { clinic_id: data.place.clinicId }),
          visit_type: data.visitType,
          slot_minutes: slot,
          week,
          ...(cancelVisits ? { cancel_visits: true, reason: reason.trim() } : {}),
        },
      });
      setOutside(null);
      setReason('');
      setNote(
        reply.canceled.length > 0
          ? `${HOURS_TEXTS.saved}. Отменено записей: ${reply.canceled.length}, пациентам отправлены SMS.`
          : `${HOURS_TEXTS.saved}.`,
      );
    } catch (err) {
      if (isApiError(err) && err.code === 'visits_outside') {
        setOutside((err.body as { visits?: ReceptionVisit[] }).visits ?? []);
      } else {
        setError(isApiError(err) ? err.detail : SERVER_ERROR);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="card mt-6 flex flex-col gap-3 p-4 sm:p-5"
      aria-labelledby="hours-h"
      onSubmit={(event) => {
        event.preventDefault();
        void save(false);
      }}
    >
      <h2 id="hours-h" className="text-lg font-semibold">
        {HOURS_TEXTS.title}
      </h2>
      <p className="text-sm text-ink-soft">{HOURS_TEXTS.lead}</p>
      {data.places.length === 0 || !current || !data.visitType ? (
        <p className="text-ink-soft">{HOURS_TEXTS.noPlaces}</p>
      ) : (
        <>
          <div className="flex flex-wrap gap-3">
            <label htmlFor={ids.place} className="flex min-w-0 flex-col gap-1 text-sm">
              {clinic ? HOURS_TEXTS.doctor : HOURS_TEXTS.clinic}
              <select
                id={ids.place}
                value={placeKey(current)}
                disabled={busy}
                onChange={(e) => {
                  const place = data.places.find((p) => placeKey(p) === e.target.value);
                  if (place) void load(place);
                }}
                className={`${FIELD} max-w-full`}
              >
                {data.places.map((p) => (
                  <option key={placeKey(p)} value={placeKey(p)}>
                    {clinic ? p.doctor.name : p.clinic.name}
                  </option>
                ))}
              </select>
            </label>
            <label htmlFor={ids.type} className="flex flex-col gap-1 text-sm">
              {HOURS_TEXTS.visitType}
              <select
                id={ids.type}
                value={data.visitType}
                disabled={busy || current.visitTypes.length < 2}
                onChange={(e) => void load(current, e.target.value as VisitType)}
                className={FIELD}
              >
                {current.visitTypes.map((type) => (
                  <option key={type} value={type}>
                    {VISIT_TYPE_LABELS[type]}
                  </option>
                ))}
              </select>
            </label>
            <label htmlFor={ids.slot} className="flex flex-col gap-1 text-sm">
              {HOURS_TEXTS.slot}
              <select
                id={ids.slot}
                value={slot}
                disabled={busy}
                onChange={(e) => {
                  setSlot(Number(e.target.value));
                  setOutside(null);
                }}
                className={FIELD}
              >
                {SLOT_MINUTES_CHOICES.map((minutes) => (
                  <option key={minutes} value={minutes}>
                    {plural(minutes, WORDS.minute)}
                  </option>
                ))}
              </select>
            </label>
          </div>

          {current.misSchedule && (
            <p role="status" className="rounded-lg bg-canvas p-3 text-sm">
              {HOURS_TEXTS.misSchedule}
            </p>
          )}
          <ul className="flex flex-col divide-y divide-line" aria-label="Дни недели">
            {week.map((day) => {
              const name = WEEKDAY_FULL[day.weekday - 1];
              return (
                <li key={day.weekday} className="flex items-start gap-3 py-2" data-weekday={day.weekday}>
                  <span className="w-8 pt-1.5 font-medium" title={name}>
                    <span aria-hidden="true">{WEEKDAY_SHORT[day.weekday - 1]}</span>
                    <span className="sr-only">{name}</span>
                  </span>
                  <div className="flex min-w-0 flex-1 flex-col gap-2">
                    {day.intervals.map((interval, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: an interval has no identity but its place in the day
                      <div key={i} className="flex flex-wrap items-center gap-2 text-sm">
                        {HOURS_TEXTS.from}
                        <input
                          value={interval.start}
                          inputMode="numeric"
                          maxLength={5}
                          placeholder="09:00"
                          aria-label={`${name}, интервал ${i + 1}: с`}
                          onChange={(e) =>
                            changeDay(day.weekday, (d) => ({
                              ...d,
                              intervals: d.intervals.map((x, j) =>
                                j === i ? { ...x, start: e.target.value } : x,
                              ),
                            }))
                          }
                          className={TIME}
                        />
                        {HOURS_TEXTS.to}
                        <input
                          value={interval.end}
                          inputMode="numeric"
                          maxLength={5}
                          placeholder="18:00"
                          aria-label={`${name}, интервал ${i + 1}: до`}
                          onChange={(e) =>
                            changeDay(day.weekday, (d) => ({
                              ...d,
                              intervals: d.intervals.map((x, j) =>
                                j === i ? { ...x, end: e.target.value } : x,
                              ),
                            }))
                          }
                          className={TIME}
                        />
                        <button
                          type="button"
                          className={SMALL}
                          aria-label={`${name}: ${HOURS_TEXTS.removeInterval.toLowerCase()} ${i + 1}`}
                          title={HOURS_TEXTS.removeInterval}
                          onClick={() =>
                            changeDay(day.weekday, (d) => ({
                              ...d,
                              intervals: d.intervals.filter((_, j) => j !== i),
                            }))
                          }
                        >
                          ✕
                        </button>
                      </div>
                    ))}
                    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                      {day.intervals.length === 0 && (
                        <span className="text-ink-soft">{HOURS_TEXTS.closed}</span>
                      )}
                      {day.intervals.length < HOURS_MAX_INTERVALS && (
                        <button
                          type="button"
                          className={SMALL}
                          aria-label={`${name}: ${HOURS_TEXTS.addInterval.toLowerCase()}`}
                          onClick={() =>
                            changeDay(day.weekday, (d) => ({
                              ...d,
                              intervals: [...d.intervals, nextInterval(d)],
                            }))
                          }
                        >
                          + {HOURS_TEXTS.addInterval}
                        </button>
                      )}
                    </div>
                  </div>
                </li>
              );
            })}
          </ul>

          {!outside && (
            <div>
              <button type="submit" className={PRIMARY} disabled={busy || current.misSchedule}>
                {HOURS_TEXTS.save}
              </button>
            </div>
          )}
          {outside && (
            <VisitsToCancel
              title={HOURS_TEXTS.visitsOutside}
              listLabel="Записи вне новых часов"
              visits={outside}
              marker="data-outside-visit"
              withClinic={false}
              reasonId={ids.reason}
              reason={reason}
              onReason={setReason}
              busy={busy}
              confirm={HOURS_TEXTS.cancelAndSave}
              onConfirm={() => {
                if (reason.trim().length < 3) setError(STATUS_CHANGE_TEXTS.reasonRequired);
                else void save(true);
              }}
              back={HOURS_TEXTS.changeHours}
              onBack={() => setOutside(null)}
            />
          )}
        </>
      )}
      {error && (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
      {note && (
        <p role="status" className="text-sm text-success">
          {note}
        </p>
      )}
    </form>
  );
}

/**
 * 'Онлайн-запись к врачу': a clinic switches online booking of each of its doctors; a change is
 * saved at once and put back when refused.
 */
export function BookingSwitches({ places }: { places: readonly HoursPlace[] }) {
  const [on, setOn] = useState(() => new Map(places.map((p) => [p.doctor.id, p.appointmentOn])));
  const [busy, setBusy] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState('');

  async function toggle(doctorId: number, next: boolean) {
    setBusy(doctorId);
    setNote('');
    setError('');
    setOn((m) => new Map(m).set(doctorId, next));
    try {
      const reply = await api.send(cabinetSetBooking, { body: { doctor_id: doctorId, on: next } });
      const name = places.find((p) => p.doctor.id === doctorId)?.doctor.name ?? '';
      setNote(`${reply.on ? HOURS_TEXTS.bookingOn : HOURS_TEXTS.bookingOff}: ${name}`);
    } catch (err) {
      setOn((m) => new Map(m).set(doctorId, !next));
      setError(isApiError(err) ? err.detail : SERVER_ERROR);
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="card mt-6 p-4 sm:p-5" aria-labelledby="booking-h">
      <h2 id="booking-h" className="text-lg font-semibold">
        {HOURS_TEXTS.bookingTitle}
      </h2>
      <p className="mt-1 text-sm text-ink-soft">{HOURS_TEXTS.bookingLead}</p>
      <ul className="mt-3 flex flex-col gap-2">
        {places.map((p) => (
          <li key={p.doctor.id} data-booking-doctor={p.doctor.id}>
            <label className="flex items-center gap-3 text-sm">
              <input
                type="checkbox"
                role="switch"
                checked={on.get(p.doctor.id) ?? false}
                aria-checked={on.get(p.doctor.id) ?? false}
                disabled={busy === p.doctor.id}
                onChange={(e) => void toggle(p.doctor.id, e.target.checked)}
                className="size-5 shrink-0 accent-brand"
              />
              <span className="min-w-0">{p.doctor.name}</span>
            </label>
          </li>
        ))}
      </ul>
      {note && (
        <p role="status" className="mt-2 text-sm text-success">
          {note}
        </p>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-error">
          {error}
        </p>
      )}
    </section>
  );
}
