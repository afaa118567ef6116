import { useState } from 'react';
import { HOME_TEXTS } from '../../../core/booking/home-visit';
import {
  axisHours,
  CABINET_CALENDAR_PATH,
  CALENDAR_STATUS_LABELS,
  type CalendarItem,
  type CalendarTotals,
  CALENDAR_TEXTS as T,
} from '../../../core/cabinet/calendar';
import { cabinetCalendar } from '../../../core/cabinet/calendar-calls';
import type { Calendar, CalendarColumnOut } from '../../../core/cabinet/calendar-contracts';
import { addDays, localTime, RECEPTION_TEXTS } from '../../../core/cabinet/reception';
import { formatDayShort, WEEKDAY_NAMES } from '../../../core/dates/zoned';
import { formatRub } from '../../../core/money/money';
import { onlineRoomUrl, roomTime } from '../../../core/online/room';
import { ROOM_TEXTS } from '../../../core/online/texts';
import { Button } from '../../components/ui/button';
import { INPUT } from '../../components/ui/field';
import { Modal } from '../../components/ui/modal';
import { api } from '../../lib/api';
import { DeskBookingForm } from './desk-booking-form';
import { PatientCardPanel } from './patient-card';
import { useLiveReload } from './use-live-visits';

/** The page's address for another day, span or filter: plain links, it works without JS. */
function hrefOf(change: Partial<Record<'date' | 'days', string | number>>, c: Calendar): string {
  const q = new URLSearchParams({ date: String(change.date ?? c.date) });
  const days = change.days ?? c.days;
  if (days !== 1) q.set('days', String(days));
  if (c.doctor !== null) q.set('doctor', String(c.doctor));
  if (c.speciality !== null) q.set('speciality', String(c.speciality));
  if (c.address !== null) q.set('address', String(c.address));
  return `${CABINET_CALENDAR_PATH}?${q}`;
}

const weekdayOf = (day: string) => WEEKDAY_NAMES[(new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7];
const dayTitle = (day: string) => `${weekdayOf(day)}, ${formatDayShort(day)}`;
const minutesOf = (at: string, tz: string) => {
  const [h, m] = localTime(at, tz).split(':').map(Number);
  return h * 60 + m;
};

const CHIP = 'rounded-full border border-line px-3 py-1.5 text-sm hover:bg-canvas';
const CHIP_ON =
  'rounded-full border border-brand bg-brand-soft px-3 py-1.5 text-sm font-medium text-brand-dark';

/** A day view's scale: pixels per minute of the time axis (a 30-minute slot is 36 px). */
const PX_PER_MINUTE = 1.2;

/** A free time the desk is booking: its doctor and address, and the time to tell the caller. */
interface Booking {
  doctor: { id: number; name: string };
  clinicId: number;
  label: string;
  /** The form's starting time, 'yyyy-MM-ddTHH:mm' on the clinic's clock. */
  time: string;
}

/**
 * The calendar (docs/product/front-desk.md, 'Календарь'): a day with a time axis and a column
 * per doctor side by side (scrolling sideways past the screen's width), or a week as a row per
 * doctor; on a phone a list per doctor. Kept live by the cabinet's socket. A clinic opens a
 * visit's patient card and books a free time; a doctor sees his own columns.
 */
export function CalendarView({ calendar }: { calendar: Calendar }) {
  const [c, setC] = useState(calendar);
  const [showCanceled, setShowCanceled] = useState(true);
  const [card, setCard] = useState<number | null>(null);
  const [booking, setBooking] = useState<Booking | null>(null);
  const query = {
    date: c.date,
    days: c.days,
    doctor: c.doctor ?? undefined,
    speciality: c.speciality ?? undefined,
    address: c.address ?? undefined,
  };
  const reload = async (stopped: () => boolean = () => false) => {
    const reply = await api.send(cabinetCalendar, { query });
    if (!stopped()) setC(reply);
  };
  useLiveReload(JSON.stringify(query), reload);

  const desk = c.clinicId !== null;
  const actions: ItemActions = {
    openCard: desk ? setCard : null,
    book: desk ? setBooking : null,
    // A doctor's own calendar: his online visits' rooms (the clinic's staff do not enter them).
    roomsAt: c.clinicId === null ? new Date(c.now) : null,
  };
  const shown = (items: CalendarItem[]) =>
    showCanceled ? items : items.filter((i) => i.kind !== 'visit' || i.status !== 'canceled');
  const todayTotals = c.totals.find((t) => t.day === c.today);
  const headline = todayTotals ?? c.totals[0];

  return (
    <>
      <Filters c={c} />
      {headline && <Totals title={todayTotals ? T.today : dayTitle(headline.day)} totals={headline.totals} />}
      <label className="mt-3 flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={showCanceled}
          onChange={(e) => setShowCanceled(e.currentTarget.checked)}
        />
        {T.showCanceled}
      </label>
      {c.columns.length === 0 ? (
        <p className="card mt-4 p-6 text-center text-ink-soft">{T.noDoctors}</p>
      ) : c.days === 1 ? (
        <DayGrid c={c} shown={shown} actions={actions} />
      ) : (
        <WeekTable c={c} shown={shown} actions={actions} />
      )}
      <PhoneList c={c} shown={shown} actions={actions} />
      {desk && <PatientCardPanel appointmentId={card} onClose={() => setCard(null)} />}
      {desk && c.clinicId !== null && (
        <Modal
          open={booking !== null}
          onOpenChange={(open) => {
            if (!open) setBooking(null);
          }}
          title={booking ? `${T.book}: ${booking.label}` : T.book}
          description={booking?.doctor.name}
          showDescription
          width={560}
        >
          <div className="px-4 pb-6 sm:px-6">
            {booking && (
              <DeskBookingForm
                key={`${booking.doctor.id}:${booking.label}`}
                clinicId={booking.clinicId}
                doctors={[booking.doctor]}
                initialTime={booking.time}
                onBooked={() => {
                  setBooking(null);
                  void reload().catch(() => undefined);
                }}
              />
            )}
          </div>
        </Modal>
      )}
    </>
  );
}

function Filters({ c }: { c: Calendar }) {
  const step = c.days;
  const select = (
    name: 'doctor' | 'speciality' | 'address',
    label: string,
    all: string,
    options: { id: number; name: string }[],
    value: number | null,
  ) =>
    options.length > 1 || value !== null ? (
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium">{label}</span>
        <select name={name} defaultValue={value ?? ''} className={`${INPUT} min-w-44`}>
          <option value="">{all}</option>
          {options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </select>
      </label>
    ) : null;
  return (
    <>
      <nav aria-label="Дни" className="mt-4 flex flex-wrap items-center gap-2">
        <a className={CHIP} href={hrefOf({ date: addDays(c.date, -step) }, c)} rel="nofollow">
          {step === 1 ? T.previousDay : T.previousWeek}
        </a>
        <a className={c.date === c.today ? CHIP_ON : CHIP} href={hrefOf({ date: c.today }, c)}>
          {T.today}
        </a>
        <a className={CHIP} href={hrefOf({ date: addDays(c.date, step) }, c)} rel="nofollow">
          {step === 1 ? T.nextDay : T.nextWeek}
        </a>
        <span className="mx-1 h-6 w-px bg-line" aria-hidden="true" />
        <a
          className={c.days === 1 ? CHIP_ON : CHIP}
          href={hrefOf({ days: 1 }, c)}
          aria-current={c.days === 1}
        >
          {T.day}
        </a>
        <a
          className={c.days === 7 ? CHIP_ON : CHIP}
          href={hrefOf({ days: 7 }, c)}
          aria-current={c.days === 7}
        >
          {T.week}
        </a>
      </nav>
      <form method="get" action={CABINET_CALENDAR_PATH} className="mt-3 flex flex-wrap items-end gap-3">
        <input type="hidden" name="date" value={c.date} />
        {c.days !== 1 && <input type="hidden" name="days" value={c.days} />}
        {select('doctor', T.doctor, T.allDoctors, c.options.doctors, c.doctor)}
        {select('speciality', T.speciality, T.allSpecialities, c.options.specialities, c.speciality)}
        {select('address', T.address, T.allAddresses, c.options.addresses, c.address)}
        {(c.options.doctors.length > 1 ||
          c.options.specialities.length > 1 ||
          c.options.addresses.length > 1) && (
          <Button type="submit" variant="secondary" worksWithoutScript>
            {T.show}
          </Button>
        )}
      </form>
    </>
  );
}

function Totals({ title, totals }: { title: string; totals: CalendarTotals }) {
  const cell = (label: string, n: number) => (
    <div className="rounded-lg bg-canvas px-3 py-2">
      <dt className="text-xs text-ink-soft">{label}</dt>
      <dd className="text-lg font-semibold">{n}</dd>
    </div>
  );
  return (
    <section aria-label={`${T.totals}: ${title}`} className="mt-4">
      <h2 className="text-sm font-semibold">
        {T.totals}: {title}
      </h2>
      <dl className="mt-1 flex flex-wrap gap-2">
        {cell(T.totalBooked, totals.booked)}
        {cell(T.totalArrived, totals.arrived)}
        {cell(T.totalNoShow, totals.noShow)}
        {cell(T.totalFree, totals.free)}
      </dl>
    </section>
  );
}

interface ItemActions {
  openCard: ((id: number) => void) | null;
  book: ((b: Booking) => void) | null;
  /** The doctor's calendar: the server's clock, which says whose rooms are still open; null for a clinic. */
  roomsAt: Date | null;
}

const TONE: Record<CalendarItem['kind'], string> = {
  visit: 'border-brand bg-brand-soft',
  hold: 'border-line bg-canvas italic',
  block: 'border-ink-soft bg-line/60',
  free: 'border-success/40 bg-surface',
};

/** One item's text and actions, in a grid cell or a list row. */
function ItemBody({
  item,
  column,
  actions,
  day,
}: {
  item: CalendarItem;
  column: CalendarColumnOut;
  actions: ItemActions;
  day: string;
}) {
  const time = localTime(item.startsAt, column.tz);
  if (item.kind === 'visit') {
    const text = (
      <>
        <span className="font-medium">{time}</span> {item.patientName}{' '}
        <span className="text-xs text-ink-soft">· {CALENDAR_STATUS_LABELS[item.status]}</span>
        {item.prepaid !== null && (
          <span className="text-xs text-success" data-testid="calendar-prepaid">
            {' '}
            · {RECEPTION_TEXTS.prepaid} {formatRub(item.prepaid)}
          </span>
        )}
        {item.due !== null && (
          <span className="text-xs text-ink-soft" data-testid="calendar-due">
            {' '}
            · {RECEPTION_TEXTS.toPay} {formatRub(item.due)}
          </span>
        )}
        {item.homeAddress !== null && (
          <span className="block text-xs text-ink-soft" data-testid="calendar-home">
            {HOME_TEXTS.listPrefix}
            {item.homeAddress}
          </span>
        )}
      </>
    );
    const faint = item.status === 'canceled' ? 'line-through opacity-60' : '';
    return actions.openCard ? (
      <Button
        variant="bare"
        className={`w-full text-left hover:underline ${faint}`}
        onClick={() => actions.openCard?.(item.id)}
      >
        {text}
      </Button>
    ) : (
      <span className={faint}>
        {text}
        {actions.roomsAt &&
          item.visitType === 'telemed' &&
          item.status !== 'canceled' &&
          item.status !== 'no_show' &&
          roomTime(item, actions.roomsAt) !== 'over' && (
            <a
              href={onlineRoomUrl(item.id)}
              className="mt-1 inline-block rounded bg-brand px-2 py-1 text-xs font-medium text-white hover:bg-brand-dark"
            >
              {ROOM_TEXTS.start}
            </a>
          )}
      </span>
    );
  }
  if (item.kind === 'hold')
    return (
      <span>
        <span className="font-medium">{time}</span> {T.hold}
      </span>
    );
  if (item.kind === 'block')
    return (
      <span>
        <span className="font-medium">
          {time}–{localTime(item.endsAt, column.tz)}
        </span>{' '}
        {T.block}: {item.reason}
      </span>
    );
  return (
    <span className="flex items-center justify-between gap-2">
      <span>
        <span className="font-medium">{time}</span> {T.free}
      </span>
      {actions.book && (
        <Button
          variant="link"
          aria-label={`${T.book}: ${column.doctor.name}, ${formatDayShort(day)} ${time}`}
          onClick={() =>
            actions.book?.({
              doctor: { id: column.doctor.id, name: column.doctor.name },
              clinicId: column.clinicId,
              label: `${formatDayShort(day)} ${time}`,
              time: `${day}T${time}`,
            })
          }
        >
          {T.book}
        </Button>
      )}
    </span>
  );
}

const columnKey = (col: CalendarColumnOut) => `${col.doctor.id}:${col.clinicId}`;
/** An item's key in its day: a visit and a block by id, a hold and a free time by their start. */
const itemKey = (item: CalendarItem) =>
  item.kind === 'visit'
    ? `v${item.id}`
    : item.kind === 'block'
      ? `b${item.id}`
      : `${item.kind}${item.startsAt}`;

function ColumnHead({ col, showAddress }: { col: CalendarColumnOut; showAddress: boolean }) {
  return (
    <>
      <span className="block font-semibold leading-tight">{col.doctor.name}</span>
      {col.doctor.specialities.length > 0 && (
        <span className="block text-xs text-ink-soft">{col.doctor.specialities.join(', ')}</span>
      )}
      {showAddress && <span className="block text-xs text-ink-soft">{col.address}</span>}
    </>
  );
}

/** A day: a time axis and a column per doctor, side by side; wider than the screen, it scrolls. */
function DayGrid({
  c,
  shown,
  actions,
}: {
  c: Calendar;
  shown: (items: CalendarItem[]) => CalendarItem[];
  actions: ItemActions;
}) {
  const day = c.date;
  const tz = c.columns[0].tz;
  const all = c.columns.flatMap((col) => col.days[0].items);
  const axis = axisHours(all, tz, minutesOf);
  const height = (axis.to - axis.from) * PX_PER_MINUTE;
  const hours = Array.from({ length: (axis.to - axis.from) / 60 }, (_, i) => axis.from / 60 + i);
  const showAddress = c.options.addresses.length > 1;
  return (
    <section
      aria-label={dayTitle(day)}
      className="mt-4 hidden overflow-x-auto md:block"
      data-testid="calendar-grid"
    >
      <div className="flex min-w-max">
        <div className="sticky left-0 z-10 w-14 shrink-0 bg-surface" aria-hidden="true">
          <div className="h-16" />
          <div className="relative" style={{ height }}>
            {hours.map((h) => (
              <span
                key={h}
                className="absolute right-2 -translate-y-2 text-xs text-ink-soft"
                style={{ top: (h * 60 - axis.from) * PX_PER_MINUTE }}
              >
                {String(h).padStart(2, '0')}:00
              </span>
            ))}
          </div>
        </div>
        {c.columns.map((col) => (
          <section
            key={columnKey(col)}
            aria-label={col.doctor.name}
            className="w-52 shrink-0 border-l border-line"
          >
            <h3 className="h-16 overflow-hidden px-2 py-1 text-sm">
              <ColumnHead col={col} showAddress={showAddress} />
            </h3>
            <ul className="relative" style={{ height }}>
              {hours.map((h) => (
                <li
                  key={`h${h}`}
                  aria-hidden="true"
                  className="absolute inset-x-0 border-t border-line/60"
                  style={{ top: (h * 60 - axis.from) * PX_PER_MINUTE }}
                />
              ))}
              {shown(col.days[0].items).map((item) => {
                const start = minutesOf(item.startsAt, col.tz);
                const end = minutesOf(item.endsAt, col.tz) || 24 * 60;
                return (
                  <li
                    key={itemKey(item)}
                    className={`absolute inset-x-1 overflow-hidden rounded border px-1.5 py-0.5 text-xs ${TONE[item.kind]}`}
                    style={{
                      top: (start - axis.from) * PX_PER_MINUTE,
                      height: Math.max(18, (end - start) * PX_PER_MINUTE - 2),
                    }}
                  >
                    <ItemBody item={item} column={col} actions={actions} day={day} />
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </div>
    </section>
  );
}

/** A week: a row per doctor, a cell per day with its visits, holds, blocks and free times. */
function WeekTable({
  c,
  shown,
  actions,
}: {
  c: Calendar;
  shown: (items: CalendarItem[]) => CalendarItem[];
  actions: ItemActions;
}) {
  const days = c.columns[0].days.map((d) => d.day);
  const showAddress = c.options.addresses.length > 1;
  return (
    <div className="mt-4 hidden overflow-x-auto md:block" data-testid="calendar-week">
      <table className="min-w-max border-collapse text-xs">
        <thead>
          <tr>
            <th className="sticky left-0 z-10 bg-surface p-2 text-left">{T.doctor}</th>
            {days.map((day) => (
              <th key={day} className="p-2 text-left font-semibold">
                <a className="text-brand hover:underline" href={hrefOf({ date: day, days: 1 }, c)}>
                  {dayTitle(day)}
                </a>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {c.columns.map((col) => (
            <tr key={columnKey(col)} className="border-t border-line align-top">
              <th
                scope="row"
                className="sticky left-0 z-10 w-44 bg-surface p-2 text-left text-sm font-normal"
              >
                <ColumnHead col={col} showAddress={showAddress} />
              </th>
              {col.days.map((d) => (
                <td key={d.day} className="w-44 p-1">
                  <ul className="flex flex-col gap-0.5">
                    {shown(d.items).map((item) => (
                      <li key={itemKey(item)} className={`rounded border px-1.5 py-0.5 ${TONE[item.kind]}`}>
                        <ItemBody item={item} column={col} actions={actions} day={d.day} />
                      </li>
                    ))}
                  </ul>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** On a phone: a list per doctor, each day's items one under another. */
function PhoneList({
  c,
  shown,
  actions,
}: {
  c: Calendar;
  shown: (items: CalendarItem[]) => CalendarItem[];
  actions: ItemActions;
}) {
  const showAddress = c.options.addresses.length > 1;
  return (
    <div className="mt-4 flex flex-col gap-4 md:hidden" data-testid="calendar-list">
      {c.columns.map((col) => (
        <section key={columnKey(col)} aria-label={col.doctor.name} className="card p-3">
          <h3 className="text-base">
            <ColumnHead col={col} showAddress={showAddress} />
          </h3>
          {col.days.map((d) => {
            const items = shown(d.items);
            return (
              <div key={d.day} className="mt-2">
                {c.days !== 1 && <h4 className="text-sm font-semibold">{dayTitle(d.day)}</h4>}
                {items.length === 0 ? (
                  <p className="text-sm text-ink-soft">{T.empty}</p>
                ) : (
                  <ul className="mt-1 flex flex-col gap-1 text-sm">
                    {items.map((item) => (
                      <li key={itemKey(item)} className={`rounded border px-2 py-1.5 ${TONE[item.kind]}`}>
                        <ItemBody item={item} column={col} actions={actions} day={d.day} />
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            );
          })}
        </section>
      ))}
    </div>
  );
}
