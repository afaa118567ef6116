import { type ReactNode, useState } from 'react';
import type { PriceListGroup, PriceListLine } from '../../../core/clinic/contracts';
import { isBookableLine } from '../../../core/clinic/price-list';
import { withClubSwitch } from '../../../core/club/price-display';
import { formatRub } from '../../../core/money/money';
import { plural, WORDS } from '../../../core/text/plural';
import { Button } from '../../components/ui/button';
import { ClubLinePrice } from '../club/club-line-price';

/**
 * Services grouped by class: name, duration and price.
 * A service opens its page in a new tab; its speciality key opens the speciality's doctors
 * in the same tab.
 */
export function PriceListGroups({
  groups,
  booking,
  club,
}: {
  groups: PriceListGroup[];
  /** A clinic in the club: the switch's state and the clinic's discount on services. */
  club?: { on: boolean; discountPercent: number };
  /** The clinic and its zone, for the lines booked online by time. */
  booking?: { clinicId: number; tz: string };
}) {
  return (
    <div className="flex flex-col gap-5">
      {groups.map((g) => (
        <section key={g.name} aria-label={g.name}>
          <h3 className="font-semibold text-ink-soft">{g.name}</h3>
          <ul className="mt-1 divide-y divide-line">
            {g.sublist.map((s) => (
              <li
                key={s.id}
                data-service-id={s.id}
                data-direct={s.appointment_on && s.is_available_appointment_direct}
                className="flex flex-col gap-1 py-3 sm:flex-row sm:flex-wrap sm:items-start sm:justify-between sm:gap-x-4"
              >
                <div className="min-w-0">
                  <a
                    href={club ? withClubSwitch(s.url, club.on) : s.url}
                    target="_blank"
                    rel="noopener"
                    className="text-ink hover:text-brand hover:underline"
                  >
                    {s.name}
                  </a>
                  <p className="mt-0.5 flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted">
                    <span>{plural(s.duration, WORDS.minute)}</span>
                    {s.speciality && (
                      <a href={s.speciality.url} className="text-brand hover:underline">
                        {s.speciality.name}
                      </a>
                    )}
                    {s.appointment_on && s.is_available_appointment_direct && (
                      <span className="text-success">Онлайн-запись</span>
                    )}
                  </p>
                </div>
                <p className="shrink-0 sm:text-right">
                  {club && s.prices.club !== null ? (
                    <ClubLinePrice
                      full={s.prices.full}
                      club={s.prices.club}
                      clubOn={club.on}
                      discountPercent={club.discountPercent}
                      continueTo={() => carryOnToBooking(s, Boolean(booking && isBookableLine(s)))}
                    />
                  ) : (
                    <span className="font-semibold">{formatRub(s.prices.full)}</span>
                  )}
                </p>
                {booking && isBookableLine(s) && <BookingButton line={s} {...booking} />}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

const bookingButtonId = (line: PriceListLine) => `book-line-${line.id}`;

/**
 * After joining the club from a line's club price, 'Продолжить' carries on to that line's
 * booking: its calendar opens and takes focus. A line not booked here just closes the widget
 * (the patient stays on the price list).
 */
function carryOnToBooking(line: PriceListLine, bookable: boolean) {
  const button = bookable ? document.getElementById(bookingButtonId(line)) : null;
  if (!button) return;
  button.scrollIntoView({ block: 'center' });
  button.focus();
  if (button.getAttribute('aria-expanded') !== 'true') button.click();
}

/**
 * The booking button opens the line's calendar inline under it; a line with no free time in
 * the month goes to the service's page (other clinics offer it). A service that needs a
 * consultation first shows the preliminary notice before its slot leads on (ServiceSchedule).
 */
function BookingButton({ line, clinicId, tz }: { line: PriceListLine; clinicId: number; tz: string }) {
  const [calendar, setCalendar] = useState<ReactNode>(null);
  // The calendar's chunk is loading (not a call: the calendar makes its own).
  const [loading, setLoading] = useState(false);
  async function open() {
    if (loading) return;
    if (calendar) return setCalendar(null);
    setLoading(true);
    const m = await import('../schedule/service-schedule');
    const node = await m.serviceScheduleOf(
      { lpuId: clinicId, serviceId: line.synonym_id, tz, search: '', source: 'clinic_prices' },
      undefined,
      undefined,
      () => window.location.assign(line.url),
    );
    setLoading(false);
    setCalendar(node);
  }
  return (
    <div className="min-w-0 sm:basis-full">
      <Button
        id={bookingButtonId(line)}
        busy={loading}
        onClick={() => void open()}
        aria-expanded={calendar !== null}
        className="py-1.5 text-sm"
      >
        {loading ? 'Загружаем…' : 'Записаться'}
      </Button>
      {calendar && <div className="mt-3">{calendar}</div>}
    </div>
  );
}
