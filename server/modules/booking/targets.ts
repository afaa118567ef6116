import type { BookableDoctor, BookableService } from '../../../core/booking/contracts';
import type { VisitType } from '../../../core/booking/urls';
import { zonedDay } from '../../../core/dates/zoned';
import { SERVICE_SCHEDULE_DAYS } from '../../../core/schedule/limits';
import type { Clock } from '../../clock';
import type { SessionViewer } from '../auth/viewer';
import type { BookingRepo } from './repo';
import type { Spots } from './spots';

/**
 * What the booking pages show: what is booked and its free days from today (the viewer's own
 * hold counts as free).
 */
export function createBookingTargets({
  clock,
  repo,
  spots,
}: {
  clock: Clock;
  repo: BookingRepo;
  spots: Spots;
}) {
  return {
    /** A clinic's services booked by time: the service link without a service chooses among them. */
    bookableServicesOf: (ask: { clinicId: number; classId: number | null; doctorId: number | null }) =>
      repo.bookableServicesOf(ask),

    /** Where a doctor takes online bookings: the booking link without a clinic chooses among them. */
    bookableClinicsOf: (doctorId: number) => repo.bookableClinicsOf(doctorId),

    /** The doctor's booking page: the doctor at the clinic and the free slots up to the clinic's horizon (two weeks by default). */
    async target(
      doctorId: number,
      clinicId: number,
      visitType: VisitType,
      viewer: SessionViewer | null = null,
    ): Promise<BookableDoctor | null> {
      const row = await repo.target(doctorId, clinicId, visitType);
      if (!row) return null;
      const today = zonedDay(clock.now(), row.tz).date;
      const slots = row.appointmentOn
        ? await spots.slotsOf(
            { kind: 'doctor', ...row },
            visitType,
            { from: today, days: row.bookingHorizonDays },
            viewer?.userId ?? null,
          )
        : {};
      return { ...row, today, visitType, slots };
    },

    /**
     * The service booking page (`/uslugi/appointment/new/?lpu&service`): the clinic's line of the
     * service (a synonym id or its MIS id; a doctor's line with `doctorId`) and its free slots of
     * the next month.
     */
    async serviceTarget(
      ask: { clinicId: number; key: string; doctorId: number | null },
      viewer: SessionViewer | null = null,
    ): Promise<BookableService | null> {
      const row = await repo.serviceTarget(ask);
      if (!row) return null;
      const today = zonedDay(clock.now(), row.tz).date;
      const slots = row.appointmentOn
        ? await spots.slotsOf(
            { kind: 'service', ...row },
            'clinic',
            { from: today, days: SERVICE_SCHEDULE_DAYS },
            viewer?.userId ?? null,
          )
        : {};
      return { ...row, today, slots };
    },
  };
}
