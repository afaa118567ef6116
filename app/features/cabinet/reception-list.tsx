import { useState } from 'react';
import type { Reception, ReceptionVisit } from '../../../core/cabinet/contracts';
import {
  addDays,
  byDay,
  CABINET_APPOINTMENTS_PATH,
  dueAtClinic,
  localTime,
  RECEPTION_STATUS_LABELS,
  RECEPTION_TEXTS,
  VISIT_TYPE_LABELS,
} from '../../../core/cabinet/reception';
import { SETTINGS_TEXTS } from '../../../core/cabinet/settings';
import { formatDayShort, WEEKDAY_NAMES } from '../../../core/dates/zoned';
import { formatRub } from '../../../core/money/money';
import { onlineRoomUrl, roomTime } from '../../../core/online/room';
import { ROOM_TEXTS } from '../../../core/online/texts';
import { formatPhone } from '../../../core/phone/format';
import { Button } from '../../components/ui/button';
import { INPUT } from '../../components/ui/field';
import { DeskBookingForm } from './desk-booking-form';
import { DeskVisitActions } from './desk-visit-actions';
import { ReceptionHome } from './reception-home';
import { useLiveVisits } from './use-live-visits';
import { VisitActions } from './visit-actions';

/** The list's address for another day, span or doctor: the page is plain links, it works without JS. */
function hrefOf(
  change: { date?: string; days?: number; doctor?: number | null },
  current: Reception,
): string {
  const date = change.date ?? current.date;
  const days = change.days ?? current.days;
  const doctor = change.doctor === undefined ? current.doctor : change.doctor;
  const q = new URLSearchParams({ date });
  if (days !== 1) q.set('days', String(days));
  if (doctor !== null) q.set('doctor', String(doctor));
  return `${CABINET_APPOINTMENTS_PATH}?${q}`;
}

function weekdayOf(day: string): string {
  const d = new Date(`${day}T00:00:00Z`).getUTCDay();
  return WEEKDAY_NAMES[(d + 6) % 7];
}

const CHIP = 'rounded-full border border-line px-3 py-1.5 text-sm hover:bg-canvas';
const CHIP_ON =
  'rounded-full border border-brand bg-brand-soft px-3 py-1.5 text-sm font-medium text-brand-dark';

/** The reception list: a day or a week of a doctor's or a clinic's visits. */
export function ReceptionList({ reception: r }: { reception: Reception }) {
  // Marks change rows in place: the list stays where the administrator is working. Other
  // changes (a patient books or cancels, another tab marks) arrive live.
  const { visits, fresh, replace } = useLiveVisits(r);
  const [notes, setNotes] = useState<Record<number, string>>({});
  const changed = (visit: ReceptionVisit, note: string) => {
    replace(visit);
    setNotes((all) => ({ ...all, [visit.id]: note }));
  };
  const groups = byDay(visits, r.date, r.days);
  const step = r.days;
  // A clinic's desk: its doctors to book, move and confirm (docs/product/front-desk.md).
  const desk = r.clinicId !== null && r.doctors.length > 0 ? r.doctors : null;
  return (
    <>
      {desk && r.clinicId !== null && <DeskBookingForm clinicId={r.clinicId} doctors={desk} />}
      <nav aria-label="Дни" className="mt-4 flex flex-wrap items-center gap-2">
        <a className={CHIP} href={hrefOf({ date: addDays(r.date, -step) }, r)} rel="nofollow">
          ← {step === 1 ? 'Предыдущий день' : 'Предыдущая неделя'}
        </a>
        <a className={r.date === r.today ? CHIP_ON : CHIP} href={hrefOf({ date: r.today }, r)}>
          Сегодня
        </a>
        <a className={CHIP} href={hrefOf({ date: addDays(r.date, step) }, r)} rel="nofollow">
          {step === 1 ? 'Следующий день' : 'Следующая неделя'} →
        </a>
        <span className="mx-1 h-6 w-px bg-line" aria-hidden="true" />
        <a
          className={r.days === 1 ? CHIP_ON : CHIP}
          href={hrefOf({ days: 1 }, r)}
          aria-current={r.days === 1}
        >
          День
        </a>
        <a
          className={r.days === 7 ? CHIP_ON : CHIP}
          href={hrefOf({ days: 7 }, r)}
          aria-current={r.days === 7}
        >
          Неделя
        </a>
      </nav>
      {r.doctors.length > 1 && (
        <form method="get" action={CABINET_APPOINTMENTS_PATH} className="mt-3 flex flex-wrap items-end gap-2">
          <input type="hidden" name="date" value={r.date} />
          {r.days !== 1 && <input type="hidden" name="days" value={r.days} />}
          <label className="flex flex-col gap-1 text-sm">
            Врач
            <select name="doctor" defaultValue={r.doctor ?? ''} className={`${INPUT} min-w-64`}>
              <option value="">Все врачи</option>
              {r.doctors.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.name}
                </option>
              ))}
            </select>
          </label>
          <Button type="submit" worksWithoutScript>
            Показать
          </Button>
        </form>
      )}
      {groups.map(({ day, visits }) => (
        <section key={day} className="mt-6" aria-labelledby={`day-${day}`}>
          <h2 id={`day-${day}`} className="text-lg font-semibold">
            {weekdayOf(day)}, {formatDayShort(day)}
            {day === r.today && <span className="ml-2 text-sm font-normal text-ink-soft">сегодня</span>}
          </h2>
          {visits.length === 0 ? (
            <p className="mt-2 text-ink-soft">{RECEPTION_TEXTS.empty}</p>
          ) : (
            <ul className="mt-2 flex flex-col gap-2">
              {visits.map((v) => (
                <VisitRow
                  key={v.id}
                  visit={v}
                  showClinic={r.doctors.length === 0}
                  now={r.now}
                  note={notes[v.id]}
                  fresh={fresh.has(v.id)}
                  desk={desk}
                  onChanged={changed}
                />
              ))}
            </ul>
          )}
        </section>
      ))}
    </>
  );
}

function VisitRow({
  visit: v,
  showClinic,
  now,
  note,
  fresh,
  desk,
  onChanged,
}: {
  visit: ReceptionVisit;
  /** A clinic's doctors: the desk may confirm and move the visit. */
  desk: { id: number; name: string }[] | null;
  showClinic: boolean;
  now: string;
  note: string | undefined;
  /** Booked while the page was open. */
  fresh: boolean;
  onChanged: (visit: ReceptionVisit, note: string) => void;
}) {
  const due = dueAtClinic(v.price, v.prepaid);
  const canceled = v.status === 'canceled';
  return (
    <li
      className={`card flex flex-col gap-1 p-4 sm:flex-row sm:gap-4 ${canceled ? 'opacity-60' : ''}`}
      data-visit-id={v.id}
      data-doctor-id={v.doctor?.id}
    >
      <div className="w-28 shrink-0">
        <p className="text-lg font-semibold tabular-nums">
          {localTime(v.startsAt, v.tz)}–{localTime(v.endsAt, v.tz)}
        </p>
        <p className="text-sm text-ink-soft">{VISIT_TYPE_LABELS[v.visitType]}</p>
      </div>
      <div className="min-w-0 flex-1">
        <p className={`font-medium ${canceled ? 'line-through' : ''}`}>
          {v.patientName}
          {fresh && (
            <span className="ml-2 rounded-full bg-success-soft px-2 py-0.5 text-xs font-medium text-success">
              Новая запись
            </span>
          )}
        </p>
        <p>
          <a className="text-brand hover:underline" href={`tel:+${v.patientPhone}`}>
            {formatPhone(v.patientPhone)}
          </a>
        </p>
        <p className="text-sm text-ink-soft">
          {[v.doctor?.name ?? v.service, showClinic ? v.clinicName : null].filter(Boolean).join(' · ')}
        </p>
        {/* The doctor's own list: an online visit's room, until it closes (the clinic's staff do not enter). */}
        {showClinic &&
          v.visitType === 'telemed' &&
          v.status === 'active' &&
          roomTime(v, new Date(now)) !== 'over' && (
            <p className="mt-1">
              <a
                href={onlineRoomUrl(v.id)}
                className="inline-block rounded-lg bg-brand px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-dark"
              >
                {ROOM_TEXTS.start}
              </a>
            </p>
          )}
        {v.home && <ReceptionHome home={v.home} startsAt={v.startsAt} tz={v.tz} />}
        {v.status === 'canceled' && (
          <p className="text-sm text-ink-soft">
            {v.canceledBy === 'clinic' ? `Отменила клиника: ${v.cancelReason ?? ''}` : 'Отменил пациент'}
          </p>
        )}
        {note && (
          <p role="status" className="text-sm text-success">
            {note}
          </p>
        )}
        <VisitActions visit={v} now={now} onChanged={onChanged} />
        {desk && v.status === 'active' && v.doctor !== null && v.startsAt > now && (
          <DeskVisitActions visit={v} doctors={desk} onChanged={onChanged} />
        )}
      </div>
      <div className="shrink-0 text-sm sm:text-right">
        <p className="font-medium">{RECEPTION_STATUS_LABELS[v.status]}</p>
        {v.status === 'active' && v.startsAt > now && (
          <p className={v.confirmed ? 'text-success' : 'text-warning'} data-testid="visit-confirmation">
            {v.confirmed ? SETTINGS_TEXTS.confirmed : SETTINGS_TEXTS.notConfirmed}
          </p>
        )}
        {v.price !== null && <p>{formatRub(v.price)}</p>}
        {v.prepaid !== null && (
          <>
            <p className="text-success">
              {RECEPTION_TEXTS.prepaid}: {formatRub(v.prepaid)}
            </p>
            {due !== null && (
              <p>
                {RECEPTION_TEXTS.toPay}: {formatRub(due)}
              </p>
            )}
          </>
        )}
      </div>
    </li>
  );
}
