import { useId, useState } from 'react';
import { cabinetAddDaysOff, cabinetDaysOff, cabinetRemoveDayOff } from '../../../core/cabinet/calls';
import type { DaysOff, ReceptionVisit } from '../../../core/cabinet/contracts';
import { CABINET_SCHEDULE_PATH, DAYS_OFF_TEXTS, dayOffRanges } from '../../../core/cabinet/days-off';
import { STATUS_CHANGE_TEXTS } from '../../../core/cabinet/reception';
import { formatDayShort } from '../../../core/dates/zoned';
import { api, isApiError, SERVER_ERROR } from '../../lib/api';
import { VisitsToCancel } from './visits-to-cancel';

const FIELD = 'rounded-lg border border-line bg-surface px-3 py-2';
const PRIMARY =
  'rounded-lg bg-brand px-4 py-2 font-medium text-white hover:bg-brand-dark disabled:opacity-50';
const SMALL = 'rounded-lg border border-line px-3 py-1.5 text-sm hover:bg-canvas disabled:opacity-50';

const span = (from: string, to: string) =>
  from === to ? formatDayShort(from) : `${formatDayShort(from)} — ${formatDayShort(to)}`;

/**
 * Days off in the cabinet: close a range of whole days for a doctor (a clinic chooses the
 * doctor; a doctor closes his own, in every clinic), see the upcoming ones, open them again.
 * Visits booked on the days come back from the server as a refusal; they are cancelled only
 * when the administrator says so, with the reason the patients will read.
 */
export function DaysOffEditor({ initial }: { initial: DaysOff }) {
  const [data, setData] = useState(initial);
  const [from, setFrom] = useState(initial.today);
  const [to, setTo] = useState(initial.today);
  const [doctor, setDoctor] = useState(initial.doctor === null ? '' : String(initial.doctor));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [note, setNote] = useState('');
  const [booked, setBooked] = useState<ReceptionVisit[] | null>(null);
  const [reason, setReason] = useState('');
  const ids = { from: useId(), to: useId(), doctor: useId(), reason: useId() };
  const clinic = data.clinicId !== null;

  const refresh = async () => {
    const query = data.doctor === null ? {} : { doctor: data.doctor };
    setData(await api.send(cabinetDaysOff, { query }));
  };

  async function submit(cancelVisits: boolean) {
    setBusy(true);
    setError('');
    setNote('');
    try {
      const reply = await api.send(cabinetAddDaysOff, {
        body: {
          ...(clinic ? { doctor_id: doctor ? Number(doctor) : undefined } : {}),
          from,
          to,
          ...(cancelVisits ? { cancel_visits: true, reason: reason.trim() } : {}),
        },
      });
      setBooked(null);
      setReason('');
      setNote(
        reply.canceled.length > 0
          ? `${DAYS_OFF_TEXTS.added}. Отменено записей: ${reply.canceled.length}, пациентам отправлены SMS.`
          : `${DAYS_OFF_TEXTS.added}.`,
      );
      await refresh();
    } catch (err) {
      if (isApiError(err) && err.code === 'visits_booked') {
        setBooked((err.body as { visits?: ReceptionVisit[] }).visits ?? []);
      } else {
        setError(isApiError(err) ? err.detail : SERVER_ERROR);
      }
    } finally {
      setBusy(false);
    }
  }

  async function open(ids: number[]) {
    setBusy(true);
    setError('');
    try {
      for (const id of ids) await api.send(cabinetRemoveDayOff, { params: { id } });
      setNote(DAYS_OFF_TEXTS.removed);
      await refresh();
    } catch (err) {
      setError(isApiError(err) ? err.detail : SERVER_ERROR);
    } finally {
      setBusy(false);
    }
  }

  const ranges = dayOffRanges(data.daysOff);
  return (
    <>
      <form
        className="card mt-4 flex flex-col gap-3 p-4 sm:p-5"
        onSubmit={(event) => {
          event.preventDefault();
          void submit(false);
        }}
        aria-labelledby="close-days"
      >
        <h2 id="close-days" className="text-lg font-semibold">
          Закрыть дни
        </h2>
        {clinic && (
          <label htmlFor={ids.doctor} className="flex flex-col gap-1 text-sm">
            Врач
            <select
              id={ids.doctor}
              value={doctor}
              required
              onChange={(e) => {
                setDoctor(e.target.value);
                setBooked(null);
              }}
              className={FIELD}
            >
              <option value="">Выберите врача</option>
              {data.doctors.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <div className="flex flex-wrap gap-3">
          <label htmlFor={ids.from} className="flex flex-col gap-1 text-sm">
            С
            <input
              id={ids.from}
              type="date"
              value={from}
              min={data.today}
              required
              onChange={(e) => {
                setFrom(e.target.value);
                if (e.target.value > to) setTo(e.target.value);
                setBooked(null);
              }}
              className={FIELD}
            />
          </label>
          <label htmlFor={ids.to} className="flex flex-col gap-1 text-sm">
            По
            <input
              id={ids.to}
              type="date"
              value={to}
              min={from}
              required
              onChange={(e) => {
                setTo(e.target.value);
                setBooked(null);
              }}
              className={FIELD}
            />
          </label>
        </div>
        <p className="text-sm text-ink-soft">
          {clinic
            ? 'Врач не будет принимать в клинике в эти дни: время пропадёт из записи сразу.'
            : 'Вы не будете принимать в эти дни ни в одной клинике: время пропадёт из записи сразу.'}
        </p>
        {!booked && (
          <div>
            <button type="submit" className={PRIMARY} disabled={busy}>
              Закрыть дни
            </button>
          </div>
        )}
        {booked && (
          <VisitsToCancel
            title={DAYS_OFF_TEXTS.visitsBooked}
            listLabel="Записи на эти дни"
            visits={booked}
            marker="data-booked-visit"
            withClinic={!clinic}
            reasonId={ids.reason}
            reason={reason}
            onReason={setReason}
            busy={busy}
            confirm="Отменить записи и закрыть дни"
            onConfirm={() => {
              if (reason.trim().length < 3) setError(STATUS_CHANGE_TEXTS.reasonRequired);
              else void submit(true);
            }}
            back="Выбрать другие дни"
            onBack={() => setBooked(null)}
          />
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

      <section className="mt-6" aria-labelledby="days-off">
        <h2 id="days-off" className="text-lg font-semibold">
          Закрытые дни
        </h2>
        {clinic && data.doctors.length > 1 && (
          <form method="get" action={CABINET_SCHEDULE_PATH} className="mt-2 flex flex-wrap items-end gap-2">
            <label className="flex flex-col gap-1 text-sm">
              Показать
              <select name="doctor" defaultValue={data.doctor ?? ''} className={FIELD}>
                <option value="">Все врачи</option>
                {data.doctors.map((d) => (
                  <option key={d.id} value={d.id}>
                    {d.name}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className={SMALL}>
              Показать
            </button>
          </form>
        )}
        {ranges.length === 0 ? (
          <p className="mt-2 text-ink-soft">Закрытых дней впереди нет</p>
        ) : (
          <ul className="mt-2 flex flex-col gap-2">
            {ranges.map((r) => (
              <li
                key={r.ids[0]}
                className="card flex flex-wrap items-center justify-between gap-2 p-3"
                data-day-off={`${r.doctor.id}:${r.from}`}
              >
                <span>
                  <span className="font-medium">{span(r.from, r.to)}</span>
                  <span className="block text-sm text-ink-soft">
                    {r.doctor.name} · {r.clinicName}
                  </span>
                </span>
                <button type="button" className={SMALL} disabled={busy} onClick={() => void open(r.ids)}>
                  Открыть {r.ids.length > 1 ? 'дни' : 'день'}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
