import { TZDate } from '@date-fns/tz';
import { appointments } from '../../schema/booking';
import type { VisitType } from '../../schema/doctors';
import { scheduleExceptions, scheduleRules } from '../../schema/schedule';
import { type TableWriter, tstzRange } from '../bulk';
import { inTransaction, type SeedContext, type TownInfo } from '../context';
import { personName } from '../generate/names';
import type { Rng } from '../rng';
import { hhmm } from '../rows/clinic';
import { doctorWeek, type Shift } from '../rows/shifts';
import { shiftDate, weekdayOf } from '../rows/time';
import { patientPhone } from '../rows/user';

const DAYS_AHEAD = 14;
/**
 * The demo accounts' cabinets also show the last week's visits: today's begun ones and those of
 * the workplace's last working day before still wait for the clinic's mark; the older ones are
 * marked (most came, some did not).
 */
const DAYS_BEHIND = 7;
const NO_SHOW_SHARE = 0.12;
/** Slot-booked services are busy too, but fewer of their slots are shown as taken. */
const SERVICE_DAYS_AHEAD = 7;

interface Writers {
  rules: TableWriter<typeof scheduleRules>;
  exceptions: TableWriter<typeof scheduleExceptions>;
  appointments: TableWriter<typeof appointments>;
}

/**
 * Weekly rules for every workplace (and for slot-booked clinic services), a few days off,
 * and booked appointments over the next two weeks at the rules' slot times.
 */
export async function seedSchedule(ctx: SeedContext): Promise<void> {
  const rng = ctx.rng('schedule');
  const booking = ctx.rng('appointments');
  // Its own stream, so the upcoming visits stay what they were before past ones were added.
  const past = ctx.rng('past-appointments');
  const midnight = midnightCache();
  const total = ctx.doctors.length + ctx.intervalServices.length;
  // A sample of doctors (all of them in small sets) and of slot-booked services get appointments.
  const sample = ctx.rng('appointment-sample');
  const share = ctx.plan.appointmentDoctorShare;

  await inTransaction(ctx, async (session) => {
    const w: Writers = {
      rules: session.writer(scheduleRules),
      exceptions: session.writer(scheduleExceptions),
      appointments: session.writer(appointments),
    };
    for (let di = 0; di < ctx.doctors.length; di++) {
      const doctor = ctx.doctors[di];
      const town = ctx.towns[doctor.townIndex];
      const places = doctor.workplaces.map((wi) => ctx.workplaces[wi]);
      const week = doctorWeek(
        rng,
        places.map((p) => ctx.clinics[p.clinicIndex].hours),
        { home: places[0]?.home ?? false, telemed: places[0]?.telemed ?? false },
      );
      // The demo doctor accounts (the first doctors, server/db/seed/steps/users.ts) always have
      // patients booked, so their cabinet shows a working day.
      const sampled = sample.chance(share);
      const booked = sampled || di < ctx.plan.doctorAccounts;
      const occupancy = 0.3 + booking.next() * 0.2;
      places.forEach((place, i) => {
        const windows: [VisitType, Shift[], number][] = [['clinic', week.clinic[i], place.slotMinutes]];
        if (i === 0) windows.push(['home', week.home, 60], ['telemed', week.telemed, 30]);
        const off = daysOff(rng, town, place.id, w.exceptions);
        for (const day of ctx.clinics[place.clinicIndex].holidays) off.add(day);
        for (const [visitType, shifts, slot] of windows) {
          for (const s of shifts) {
            w.rules.add({
              id: w.rules.count + 1,
              workplaceId: place.id,
              clinicServiceId: null,
              visitType,
              weekday: s.weekday,
              startTime: hhmm(s.start),
              endTime: hhmm(s.end),
              slotMinutes: slot,
              // Since the first past day booked below: every visit falls inside the hours of its day.
              validFrom: shiftDate(town.today, -DAYS_BEHIND),
              validTo: null,
            });
          }
          if (!booked) continue;
          const demo = di < ctx.plan.doctorAccounts || place.clinicIndex < ctx.plan.clinicAccounts;
          if (demo)
            bookPast(ctx, past, town, midnight, shifts, slot, off, occupancy, w.appointments, {
              workplaceId: place.id,
              clinicServiceId: null,
              doctorId: doctor.id,
              clinicId: ctx.clinics[place.clinicIndex].id,
              visitType,
              price: visitType === 'clinic' ? place.price : null,
            });
          book(ctx, booking, town, midnight, shifts, slot, off, occupancy, DAYS_AHEAD, w.appointments, {
            workplaceId: place.id,
            clinicServiceId: null,
            doctorId: doctor.id,
            clinicId: ctx.clinics[place.clinicIndex].id,
            visitType,
            price: visitType === 'clinic' ? place.price : null,
          });
        }
      });
      if (di % 2000 === 0) {
        ctx.progress('schedule', di, total);
        await session.ready();
      }
    }

    // Slot-booked services (MRI, ultrasound…) follow the clinic's hours with their own slots.
    for (const service of ctx.intervalServices) {
      const clinic = ctx.clinics[service.clinicIndex];
      const town = ctx.towns[clinic.townIndex];
      const shifts: Shift[] = [];
      clinic.hours.forEach((open, d) => {
        if (open)
          shifts.push({ weekday: d + 1, start: Math.max(open[0], 8 * 60), end: Math.min(open[1], 21 * 60) });
      });
      for (const s of shifts) {
        if (s.end - s.start < service.slotMinutes) continue;
        w.rules.add({
          id: w.rules.count + 1,
          workplaceId: null,
          clinicServiceId: service.id,
          visitType: 'clinic',
          weekday: s.weekday,
          startTime: hhmm(s.start),
          endTime: hhmm(s.end),
          slotMinutes: service.slotMinutes,
          validFrom: town.today,
          validTo: null,
        });
      }
      if (sample.chance(share)) {
        book(
          ctx,
          booking,
          town,
          midnight,
          shifts,
          service.slotMinutes,
          clinic.holidays,
          0.15,
          SERVICE_DAYS_AHEAD,
          w.appointments,
          {
            workplaceId: null,
            clinicServiceId: service.id,
            doctorId: null,
            clinicId: clinic.id,
            visitType: 'clinic',
            price: service.price,
          },
        );
      }
    }
  });
  ctx.progress('schedule', total, total);
}

/** ~10% of workplaces take a day off or a short vacation within the next two weeks. */
function daysOff(
  rng: Rng,
  town: TownInfo,
  workplaceId: number,
  writer: TableWriter<typeof scheduleExceptions>,
): Set<string> {
  const off = new Set<string>();
  if (!rng.chance(0.1)) return off;
  const first = rng.int(1, DAYS_AHEAD - 1);
  const length = rng.chance(0.5) ? 1 : rng.int(3, 7);
  for (let d = first; d < Math.min(first + length, DAYS_AHEAD + 7); d++) {
    const date = shiftDate(town.today, d);
    off.add(date);
    writer.add({
      id: writer.count + 1,
      workplaceId,
      clinicServiceId: null,
      date,
      kind: 'off',
      visitType: null,
      startTime: null,
      endTime: null,
      slotMinutes: null,
    });
  }
  return off;
}

type Owner = Pick<
  typeof appointments.$inferSelect,
  'workplaceId' | 'clinicServiceId' | 'doctorId' | 'clinicId' | 'visitType' | 'price'
>;

/** Books a share of the future slots of the coming days, skipping days off. */
function book(
  ctx: SeedContext,
  rng: Rng,
  town: TownInfo,
  midnight: (tz: string, day: string) => number,
  shifts: Shift[],
  slot: number,
  off: Set<string>,
  occupancy: number,
  days: number,
  writer: TableWriter<typeof appointments>,
  owner: Owner,
): void {
  if (shifts.length === 0) return;
  const now = ctx.now.getTime();
  for (let d = 0; d < days; d++) {
    const day = shiftDate(town.today, d);
    if (off.has(day)) continue;
    for (const start of slotStarts(town, midnight, shifts, slot, day)) {
      if (start <= now || !rng.chance(occupancy)) continue;
      writer.add(visitRow(ctx, rng, writer.count + 1, owner, start, slot));
    }
  }
}

/** The instants the shifts' slots of a day begin at, in the town's zone, in order. */
function slotStarts(
  town: TownInfo,
  midnight: (tz: string, day: string) => number,
  shifts: Shift[],
  slot: number,
  day: string,
): number[] {
  const weekday = weekdayOf(day);
  const starts: number[] = [];
  for (const s of shifts) {
    if (s.weekday !== weekday) continue;
    const base = midnight(town.tz, day);
    for (let m = s.start; m + slot <= s.end; m += slot) starts.push(base + m * 60_000);
  }
  return starts;
}

/**
 * The demo accounts' visits of the last DAYS_BEHIND days and of today until now, at the same
 * occupancy. Today's and those of the last earlier day with visits are still 'active', waiting
 * for 'Пришёл' / 'Не пришёл' (so there are some whatever the weekday); older ones are marked as
 * the clinic would have, soon after the visit.
 */
function bookPast(
  ctx: SeedContext,
  rng: Rng,
  town: TownInfo,
  midnight: (tz: string, day: string) => number,
  shifts: Shift[],
  slot: number,
  off: Set<string>,
  occupancy: number,
  writer: TableWriter<typeof appointments>,
  owner: Owner,
): void {
  const now = ctx.now.getTime();
  let unmarkedDays = 2;
  for (let d = 0; d >= -DAYS_BEHIND; d--) {
    const day = shiftDate(town.today, d);
    if (off.has(day)) continue;
    let any = false;
    for (const start of slotStarts(town, midnight, shifts, slot, day)) {
      if (start > now || !rng.chance(occupancy)) continue;
      any = true;
      const row = visitRow(ctx, rng, writer.count + 1, owner, start, slot);
      if (unmarkedDays === 0) {
        const end = start + slot * 60_000;
        row.status = rng.chance(NO_SHOW_SHARE) ? 'no_show' : 'done';
        row.markedAt = new Date(end + rng.int(5, 120) * 60_000);
      }
      writer.add(row);
    }
    if (d === 0 || any) unmarkedDays = Math.max(0, unmarkedDays - 1);
  }
}

/** A booked visit at `start`: a third from signed-in patients, under their own names. */
function visitRow(
  ctx: SeedContext,
  rng: Rng,
  id: number,
  owner: Owner,
  start: number,
  slot: number,
): typeof appointments.$inferSelect {
  const now = ctx.now.getTime();
  const users = ctx.users;
  const patient = users.patients > 0 && rng.chance(0.3) ? rng.int(0, users.patients - 1) : -1;
  const userId = patient >= 0 ? users.patientFirstId + patient : null;
  const name = patient >= 0 ? null : personName(rng, rng.chance(0.6) ? 'F' : 'M');
  return {
    id,
    ...owner,
    userId,
    during: tstzRange(new Date(start), new Date(start + slot * 60_000)),
    status: 'active',
    patientName: name ? `${name.firstName} ${name.lastName}` : users.fullNames[patient],
    patientPhone: patientPhone(patient >= 0 ? patient : rng.int(0, 800_000_000)),
    patientBirthDate: null,
    forOther: false,
    requestKey: null,
    cancelToken: null,
    holdExpiresAt: null,
    prepaidAmount: null,
    source: rng.pick(['site', 'site', 'site', 'app', 'call_centre']),
    createdAt: new Date(Math.min(now, start) - rng.int(1, 10 * 24 * 60) * 60_000),
    canceledAt: null,
    canceledBy: null,
    cancelReason: null,
    markedAt: null,
    confirmedAt: null,
    confirmedBy: null,
    // The demo's phones are made up: its visits get no reminders.
    remindFrom: null,
    sequence: 0,
    // Set by the trigger of migration 0028 (the writing transaction's id).
    changeXid: 0,
    overbooked: false,
    // The demo's home visits were not booked on the site: no address was given.
    homeAddress: null,
    homeWindowMinutes: null,
  };
}

/**
 * Midnight of a town's calendar day as an instant. Slots are midnight + minutes: Russian
 * zones have had no DST since 2014, so a day is always 24 hours long.
 */
function midnightCache(): (tz: string, day: string) => number {
  const cache = new Map<string, number>();
  return (tz, day) => {
    const key = `${tz} ${day}`;
    let ms = cache.get(key);
    if (ms === undefined) {
      const [y, m, d] = day.split('-').map(Number);
      ms = new TZDate(y, m - 1, d, 0, 0, 0, tz).getTime();
      cache.set(key, ms);
    }
    return ms;
  };
}
