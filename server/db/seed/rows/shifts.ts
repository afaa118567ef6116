import type { Rng } from '../rng';

/** A working window on one ISO weekday, minutes from midnight. */
export interface Shift {
  weekday: number;
  start: number;
  end: number;
}

export interface DoctorWeek {
  /** Clinic-visit shifts per workplace (same order as the doctor's workplaces). */
  clinic: Shift[][];
  /** Home-visit and video windows, only at the first workplace. */
  home: Shift[];
  telemed: Shift[];
}

const h = (hours: number) => hours * 60;

/**
 * A doctor's week. Each working day belongs to exactly one workplace and home/video windows
 * sit before or after the clinic shift, so no two windows of a doctor ever overlap: the
 * appointments drawn from them can never violate the no-double-booking constraint.
 * Example: workplaces A and B → Mon A 09:00–15:00, Tue B 14:00–20:00, Wed A 09:00–15:00…;
 * with home visits, Mon also 16:00–19:00 at home.
 */
export function doctorWeek(
  rng: Rng,
  hours: (([number, number] | null)[] | undefined)[],
  wants: { home: boolean; telemed: boolean },
): DoctorWeek {
  const places = hours.length;
  const week: DoctorWeek = { clinic: hours.map(() => []), home: [], telemed: [] };
  const days = [1, 2, 3, 4, 5];
  if (rng.chance(0.3)) days.push(6);
  if (rng.chance(0.08)) days.push(7);
  if (rng.chance(0.15)) days.splice(rng.int(0, 4), 1); // a four-day week
  const offset = rng.int(0, places - 1);
  const morning = hours.map(() => rng.chance(0.5));
  for (const weekday of days) {
    const place = (weekday + offset) % places;
    const open = hours[place]?.[weekday - 1];
    if (!open) continue;
    const length = rng.chance(0.8) ? h(6) : h(4);
    const start = morning[place]
      ? Math.max(open[0], rng.pick([h(8), h(9), h(10)]))
      : Math.max(open[0], h(14));
    const end = Math.min(open[1], start + length);
    if (end - start < h(2)) continue;
    week.clinic[place].push({ weekday, start, end });
    if (place !== 0) continue;
    // Home visits and video calls fill the other half of the day.
    const beforeOrAfter = end <= h(16);
    if (wants.home && week.home.length < 2) {
      week.home.push(
        beforeOrAfter ? { weekday, start: h(16), end: h(19) } : { weekday, start: h(8), end: h(11) },
      );
      if (!beforeOrAfter && start < h(11)) week.home.pop();
    }
    if (wants.telemed && week.telemed.length < 3) {
      const slot = beforeOrAfter
        ? { weekday, start: h(19), end: h(21) }
        : { weekday, start: h(11), end: h(13) };
      if (slot.end <= start || slot.start >= end) week.telemed.push(slot);
    }
  }
  return week;
}
