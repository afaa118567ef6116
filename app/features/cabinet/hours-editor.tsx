import { useId, useState } from 'react';
import type { VisitType } from '../../../core/booking/urls';
import {
  cabinetHours,
  cabinetSetBooking,
  cabinetSetHours,
  cabinetWithdrawHours,
} from '../../../core/cabinet/calls';
import type { Hours, HoursPlace, PendingHours, ReceptionVisit } from '../../../core/cabinet/contracts';
import {
  type DayHours,
  dayLong,
  HOURS_AHEAD_DAYS,
  HOURS_TEXTS,
  hoursRefusal,
  hoursStartRefusal,
  SLOT_MINUTES_CHOICES,
  WEEKDAY_FULL,
  WEEKDAY_SHORT,
} from '../../../core/cabinet/hours';
import { STATUS_CHANGE_TEXTS, VISIT_TYPE_LABELS } from '../../../core/cabinet/reception';
import { addDays } from '../../../core/schedule/free-slots';
import { api, isApiError, SERVER_ERROR } from '../../lib/api';
import { DatedHoursEditor } from './dated-hours-editor';
import { IntervalsInput, SlotMinutesField } from './intervals-input';
import { VisitsToCancel } from './visits-to-cancel';

const FIELD = 'rounded-lg border border-line bg-surface px-3 py-2';
const PRIMARY =
  'rounded-lg bg-brand px-4 py-2 font-medium text-white hover:bg-brand-dark disabled:opacity-50';
const SMALL = 'rounded-lg border border-line px-3 py-1.5 text-sm hover:bg-canvas disabled:opacity-50';

const placeKey = (p: HoursPlace) => `${p.doctor.id}:${p.clinic.id}`;

const slotOf = (minutes: number | null) =>
  minutes !== null && (SLOT_MINUTES_CHOICES as readonly number[]).includes(minutes) ? minutes : 30;

const canceledNote = (text: string, canceled: readonly number[]) =>
  canceled.length > 0
    ? `${text}. Отменено записей: ${canceled.length}, пациентам отправлены SMS.`
    : `${text}.`;

/**
 * 'Часы приёма': a doctor's weekly hours at a clinic for one visit type (a clinic picks its
 * doctor, a doctor his clinic), each weekday closed or open in up to four intervals, and the
 * slot length. Saved from the day chosen ('Действуют с', today by default); the coming changes
 * are listed and may be shown or withdrawn. Booked visits a change would drop come back from the
 * server as a refusal and are cancelled only when the administrator says so, with a reason.
 * Below it, the same place's dates with their own hours.
 */
export function HoursEditor({ initial }: { initial: Hours }) {
  const [data, setData] = useState(initial);
  const [week, setWeek] = useState<DayHours[]>(initial.week);
  const [slot, setSlot] = useState(initial.slotMinutes ?? 30);
  const [validFrom, setValidFrom] = useState(initial.today);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [note, setNote] = useState('');
  const [outside, setOutside] = useState<ReceptionVisit[] | null>(null);
  /** A withdrawal refused for the visits booked under the change. */
  const [kept, setKept] = useState<{ validFrom: string; visits: ReceptionVisit[] } | null>(null);
  const [reason, setReason] = useState('');
  const ids = { place: useId(), type: useId(), slot: useId(), reason: useId(), from: useId() };
  const clinic = data.clinicId !== null;
  const current = data.places.find(
    (p) => data.place && p.doctor.id === data.place.doctorId && p.clinic.id === data.place.clinicId,
  );

  const read = (place: { doctorId: number; clinicId: number }, type?: VisitType) =>
    api.send(cabinetHours, {
      query: clinic
        ? { doctor: place.doctorId, ...(type ? { type } : {}) }
        : { clinic: place.clinicId, ...(type ? { type } : {}) },
    });

  const placeBody = () =>
    !data.place || !data.visitType
      ? null
      : {
          ...(clinic ? { doctor_id: data.place.doctorId } : { clinic_id: data.place.clinicId }),
          visit_type: data.visitType,
        };

  /** Shows another place or visit type: its hours in force. */
  async function load(place: HoursPlace, type?: VisitType) {
    setBusy(true);
    setError('');
    setNote('');
    setOutside(null);
    setKept(null);
    try {
      const next = await read({ doctorId: place.doctor.id, clinicId: place.clinic.id }, type);
      setData(next);
      setWeek(next.week);
      setSlot(slotOf(next.slotMinutes));
      setValidFrom(next.today);
    } catch (err) {
      setError(isApiError(err) ? err.detail : SERVER_ERROR);
    } finally {
      setBusy(false);
    }
  }

  /** The same place read again (its coming changes and dates), the form left as it is. */
  async function refresh() {
    if (data.place && data.visitType) setData(await read(data.place, data.visitType));
  }

  /** A coming change in the form, to look at or to change. */
  function show(change: PendingHours) {
    setWeek(change.week);
    setSlot(slotOf(change.slotMinutes));
    setValidFrom(change.validFrom);
    setOutside(null);
    setKept(null);
    setNote('');
    setError('');
  }

  const changeDay = (weekday: number, change: (day: DayHours) => DayHours) => {
    setWeek((w) => w.map((d) => (d.weekday === weekday ? change(d) : d)));
    setOutside(null);
    setNote('');
  };

  async function save(cancelVisits: boolean) {
    const place = placeBody();
    if (!place) return;
    const refusal = hoursRefusal(week, slot);
    if (refusal) {
      setError(refusal.weekday ? `${WEEKDAY_FULL[refusal.weekday - 1]}: ${refusal.detail}` : refusal.detail);
      return;
    }
    const start = hoursStartRefusal(validFrom, data.today);
    if (start) {
      setError(start.detail);
      return;
    }
    setBusy(true);
    setError('');
    setNote('');
    try {
      const reply = await api.send(cabinetSetHours, {
        body: {
          ...place,
          slot_minutes: slot,
          week,
          valid_from: validFrom,
          ...(cancelVisits ? { cancel_visits: true, reason: reason.trim() } : {}),
        },
      });
      setOutside(null);
      setKept(null);
      setReason('');
      setNote(
        canceledNote(
          reply.validFrom > data.today
            ? `${HOURS_TEXTS.savedFrom} ${dayLong(reply.validFrom)}`
            : HOURS_TEXTS.saved,
          reply.canceled,
        ),
      );
      await refresh();
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

  /** Withdraws the coming change of a day: the hours before it run on. */
  async function withdraw(day: string, cancelVisits: boolean) {
    const place = placeBody();
    if (!place || !data.place || !data.visitType) return;
    setBusy(true);
    setError('');
    setNote('');
    try {
      const reply = await api.send(cabinetWithdrawHours, {
        body: {
          ...place,
          valid_from: day,
          ...(cancelVisits ? { cancel_visits: true, reason: reason.trim() } : {}),
        },
      });
      setKept(null);
      setReason('');
      setNote(canceledNote(HOURS_TEXTS.withdrawn, reply.canceled));
      const next = await read(data.place, data.visitType);
      setData(next);
      // The form showed the change withdrawn: it shows the hours in force again.
      if (validFrom === day) {
        setWeek(next.week);
        setSlot(slotOf(next.slotMinutes));
        setValidFrom(next.today);
      }
    } catch (err) {
      if (isApiError(err) && err.code === 'visits_outside')
        setKept({ validFrom: day, visits: (err.body as { visits?: ReceptionVisit[] }).visits ?? [] });
      else setError(isApiError(err) ? err.detail : SERVER_ERROR);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
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
              <SlotMinutesField
                id={ids.slot}
                value={slot}
                disabled={busy}
                onChange={(minutes) => {
                  setSlot(minutes);
                  setOutside(null);
                }}
                className={FIELD}
              />
              <label htmlFor={ids.from} className="flex flex-col gap-1 text-sm">
                {HOURS_TEXTS.validFrom}
                <input
                  id={ids.from}
                  type="date"
                  value={validFrom}
                  min={data.today}
                  max={addDays(data.today, HOURS_AHEAD_DAYS)}
                  disabled={busy}
                  onChange={(e) => {
                    setValidFrom(e.target.value);
                    setOutside(null);
                    setNote('');
                  }}
                  className={FIELD}
                />
              </label>
            </div>

            {data.pending.length > 0 && (
              <section aria-label={HOURS_TEXTS.pendingTitle} className="rounded-lg bg-canvas p-3 text-sm">
                <h3 className="font-medium">{HOURS_TEXTS.pendingTitle}</h3>
                <ul className="mt-1 flex flex-col gap-2">
                  {data.pending.map((change) => (
                    <li
                      key={change.validFrom}
                      data-pending={change.validFrom}
                      className="flex flex-wrap items-center gap-x-3 gap-y-1"
                    >
                      <span>
                        С {dayLong(change.validFrom)}: {HOURS_TEXTS.pendingLine}
                      </span>
                      <button type="button" className={SMALL} disabled={busy} onClick={() => show(change)}>
                        {HOURS_TEXTS.showPending}
                      </button>
                      <button
                        type="button"
                        className={SMALL}
                        disabled={busy}
                        onClick={() => void withdraw(change.validFrom, false)}
                      >
                        {HOURS_TEXTS.withdraw}
                      </button>
                    </li>
                  ))}
                </ul>
              </section>
            )}
            {kept && (
              <VisitsToCancel
                title={HOURS_TEXTS.visitsOutsideOld}
                listLabel="Записи вне прежних часов"
                visits={kept.visits}
                marker="data-outside-visit"
                withClinic={false}
                reasonId={ids.reason}
                reason={reason}
                onReason={setReason}
                busy={busy}
                confirm={HOURS_TEXTS.cancelAndWithdraw}
                onConfirm={() => {
                  if (reason.trim().length < 3) setError(STATUS_CHANGE_TEXTS.reasonRequired);
                  else void withdraw(kept.validFrom, true);
                }}
                back={HOURS_TEXTS.keepChange}
                onBack={() => setKept(null)}
              />
            )}

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
                    <IntervalsInput
                      name={name}
                      intervals={day.intervals}
                      closedText={HOURS_TEXTS.closed}
                      onChange={(intervals) => changeDay(day.weekday, (d) => ({ ...d, intervals }))}
                    />
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
      {current && data.visitType && !current.misSchedule && (
        <DatedHoursEditor data={data} place={current} onChanged={refresh} />
      )}
    </>
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
