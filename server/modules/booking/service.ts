import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { JobSender } from '../../jobs/queue';
import type { MapsProvider } from '../../providers/maps/maps-provider';
import type { EventBus } from '../../realtime/bus';
import { createDeskPatients } from '../auth/desk';
import { createClubMembership } from '../club/membership';
import { createBookingPeople } from '../profile/booking-people';
import type { ScheduleService } from '../schedule/service';
import { createAppointments } from './appointments';
import { createCallbacks } from './callbacks';
import { createCancel } from './cancel';
import { createBooking } from './create';
import { createDesk } from './desk';
import { createHolds } from './holds';
import { createHomeVisits } from './home-visits';
import { createBookingRepo } from './repo';
import { createReschedule } from './reschedule';
import { createSpots } from './spots';
import { createBookingTargets } from './targets';
import { createWaitlist } from './waitlist';

/**
 * Appointments (docs/product/schedule-and-booking.md): the booking pages, holding a time while
 * the form is filled, booking it, callback requests, a patient's visits and cancelling. Each use
 * case is its own small factory; this composes them over one repository and the schedule.
 */
export function createBookingService({
  db,
  clock,
  schedule,
  jobs,
  bus,
  maps,
}: {
  db: Db;
  clock: Clock;
  schedule: ScheduleService;
  /** Adds the booking's messages in its transaction. */
  jobs: JobSender;
  /** Tells the clinic's open cabinet of new and cancelled visits. */
  bus: EventBus;
  /** Places a home visit's address (ADR 042). */
  maps: MapsProvider;
}) {
  const repo = createBookingRepo(db);
  const homeVisits = createHomeVisits({ db, maps });
  const spots = createSpots({ clock, schedule, repo });
  const appointments = createAppointments({ clock, repo });
  // Staff booking at the desk: the patient of a phone they confirmed (the auth module's rule).
  const desk = createDeskPatients({ db, clock });
  // A member's visit is booked at the club price (the club module's rule of who is a member).
  const membership = createClubMembership({ db });
  return {
    /** Home visits: the form's districts and last address, a visit's address (docs/product/visits.md). */
    homeVisitSetup: homeVisits.homeVisitSetup,
    visitHome: homeVisits.visitHome,
    ...createBookingTargets({ clock, repo, spots }),
    ...createHolds({ db, clock, repo, spots }),
    ...createBooking({
      db,
      clock,
      repo,
      spots,
      jobs,
      bus,
      desk,
      membership,
      homeVisits,
      people: createBookingPeople({ db }),
    }),
    ...createCallbacks({ db, clock, repo, jobs }),
    ...appointments,
    ...createCancel({ db, clock, repo, appointments, jobs, bus }),
    ...createWaitlist({ db, clock, repo, spots }),
    ...createReschedule({ db, clock, repo, spots, appointments, jobs, bus }),
    /** The clinic's front desk: bookings, moves and confirmations made in the cabinet. */
    ...createDesk({ db, clock, repo, patients: desk, jobs, bus }),
  };
}

export type BookingService = ReturnType<typeof createBookingService>;
