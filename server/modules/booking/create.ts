import { randomBytes } from 'node:crypto';
import type { Appointment, BookingBody, PublicAppointment } from '../../../core/booking/contracts';
import { BOOKING_ERRORS, fullPatientName } from '../../../core/booking/form';
import { appointmentIcsUrl, appointmentPageUrl, type VisitType } from '../../../core/booking/urls';
import { bookedPrice, visitMoney } from '../../../core/club/visit-money';
import { PG_ERRORS, pgErrorCode, retryOnDeadlock } from '../../db/errors';
import { conflict } from '../../http/errors';
import type { JobSender } from '../../jobs/queue';
import type { EventBus } from '../../realtime/bus';
import { announceVisit } from '../../realtime/visits';
import type { DeskPatients } from '../auth/desk';
import type { SessionViewer } from '../auth/viewer';
import type { ClubMembership } from '../club/membership';
import { type BookingPeople, markForOther } from '../profile/booking-people';
import type { HomePlacement, HomeVisits } from './home-visits';
import { bookingJobs } from './messages';
import { requirePatient } from './patient';
import { type NewAppointment, TimeTaken } from './repo';
import { isUnplaced, kindOf, ownerOf, type PlacingDeps, type Target, type Unplaced } from './spots';
import { guardVisitCaps } from './visit-caps';
import { settleWaitlist } from './waitlist';

/** What a booking for oneself keeps of the patient (users' columns): their next form comes filled. */
interface PatientDetails {
  lastName: string;
  firstName: string;
  patronymic: string | null;
  /** 'yyyy-MM-dd'. */
  birthDate: string;
}

/** A booking: the appointment as the call answers it, and whether this press made it. */
export interface Booked {
  appointment: PublicAppointment;
  /** False when the same press (request_key) had booked it already. */
  created: boolean;
}

export function publicAppointment(a: Appointment): PublicAppointment {
  return {
    id: a.id,
    status: a.status,
    doctor_id: a.doctorId,
    lpu_id: a.clinicId,
    type: a.visitType,
    starts_at: a.startsAt,
    ends_at: a.endsAt,
    price: a.price,
    paid: visitMoney(a.price, a.prepaid).paid,
    due: visitMoney(a.price, a.prepaid).due,
    url: appointmentPageUrl(a),
    ics_url: appointmentIcsUrl(a),
  };
}

/**
 * Booking a free time of a doctor or a service. The database is the guarantee against double
 * booking (its exclusion constraints): a patient who loses the race between our check and our
 * insert is refused like one who came late, with the nearest free times ('Не получилось
 * записаться'). A retried press finds the appointment it made.
 */
export function createBooking({
  db,
  clock,
  repo,
  spots,
  jobs,
  bus,
  desk,
  membership,
  homeVisits,
  people,
}: PlacingDeps & {
  jobs: JobSender;
  bus: EventBus;
  desk: DeskPatients;
  membership: ClubMembership;
  homeVisits: HomeVisits;
  people: BookingPeople;
}) {
  /**
   * The price the visit is booked at: a member's is the club price, paid at the clinic by the
   * card (no coupon); the doctor's club price is read by the club's one rule (targets-repo).
   */
  async function priceFor(userId: number, target: Target, type: VisitType): Promise<number | null> {
    if (!(await membership.inClub(userId, clock.now()))) return target.price;
    const line =
      target.kind === 'service' ? target : await repo.target(target.doctorId, target.clinicId, type);
    return bookedPrice({ price: target.price, clubPrice: line?.clubPrice ?? null }, true);
  }

  return {
    async book(viewer: SessionViewer, asSent: BookingBody): Promise<Booked> {
      // A patient books for themselves; staff at the desk for the patient whose phone they confirmed.
      const { userId, phone } =
        asSent.patient_phone === undefined
          ? { userId: requirePatient(viewer), phone: viewer.userPhone }
          : await desk.deskPatient(viewer, `7${asSent.patient_phone}`);
      // A profile being deleted books nothing; a relative's visit is booked under their name and
      // birth date, and the doctor's age rule applies to the person the visit is for.
      if (asSent.patient_phone === undefined) await people.refuseDeleting(userId);
      const body = await people.personOf(userId, asSent, asSent.patient_phone !== undefined);
      await people.refuseAge(body);
      // A retried press of 'Записаться' (a lost reply, a double click) finds its appointment. It is
      // looked for only when the booking cannot go ahead (its own appointment took the slot), so
      // the usual booking spends no query on it.
      const retried = async (): Promise<Booked | null> => {
        const again = await repo.byRequestKey(body.request_key);
        if (!again) return null;
        if (again.userId !== userId) throw conflict('request_key_used', BOOKING_ERRORS.badRequest);
        return { appointment: publicAppointment(again), created: false };
      };
      const refuse = async (why: Unplaced): Promise<Booked> => {
        const twin = await retried();
        if (twin) return twin;
        throw await spots.refusal(why, body.type, userId, kindOf(body));
      };

      // A home visit's address is placed and checked against the clinic's area before any time is taken.
      const home = body.home_address
        ? await homeVisits.placeHomeAddress(body.lpu_id, body.home_address)
        : null;
      const spot = await spots.place(userId, body);
      if (isUnplaced(spot)) return refuse(spot);
      const { target, startsAt, endsAt } = spot;
      const row: NewAppointment = {
        ...ownerOf(target),
        clinicId: target.clinicId,
        userId,
        visitType: body.type,
        startsAt,
        endsAt,
        patientName: fullPatientName(body),
        patientPhone: phone,
        patientBirthDate: body.birth_date,
        source: body.source ?? null,
        price: await priceFor(userId, target, body.type),
        requestKey: body.request_key,
        cancelToken: randomBytes(18).toString('base64url'),
      };
      const now = clock.now();
      let id: number;
      try {
        // The patient's own details fill their next form; booking for someone else keeps them.
        const profile: PatientDetails | null = body.someone_else
          ? null
          : {
              lastName: body.last_name,
              firstName: body.first_name,
              patronymic: body.patronymic || null,
              birthDate: body.birth_date,
            };
        const forPatient = body.patient_phone === undefined;
        id = await retryOnDeadlock(() =>
          write(row, userId, body.hold_id, now, profile, forPatient, home),
        ).catch(async (err) => {
          // The patient's own hold of this time, committed while we booked (the form's hold of a
          // newly chosen time still in flight, another tab), is no rival: once it is visible the
          // booking clears it like any other hold of the patient's.
          if (!(err instanceof TimeTaken)) throw err;
          if (!(await repo.holdsOverlap({ ...row, userId }, { startsAt, endsAt }))) throw err;
          return write(row, userId, undefined, now, profile, forPatient, home);
        });
      } catch (err) {
        // The clinic made the day a day off, or changed the hours, while we booked (the cabinet).
        if (err instanceof ScheduleChangedMeanwhile)
          return refuse({ reason: 'slot_unavailable', target, day: spot.day });
        // Someone else got the time between our check and our insert, or this press booked it
        // already (refuse finds its appointment): the insert found their row. Or, racing them
        // twice over an expired hold both cleared, PostgreSQL ended our wait for each other.
        if (err instanceof TimeTaken || pgErrorCode(err) === PG_ERRORS.deadlockDetected)
          return refuse({ reason: 'slot_taken', target, day: spot.day });
        throw err;
      }
      const appointment: Appointment = {
        id,
        doctorId: row.doctorId,
        clinicId: row.clinicId,
        workplaceId: row.workplaceId,
        clinicServiceId: row.clinicServiceId,
        visitType: row.visitType,
        startsAt: startsAt.toISOString(),
        endsAt: endsAt.toISOString(),
        status: 'active',
        patientName: row.patientName,
        patientPhone: row.patientPhone,
        price: row.price,
        prepaid: null,
        cancelToken: row.cancelToken,
        userId,
        cancelCutoffMinutes: target.cancelCutoffMinutes,
        clinicCancelReason: null,
        sequence: 0,
        confirmedAt: null,
        confirmedBy: null,
      };
      await announceVisit(bus, appointment, { change: 'booked', appointmentId: id });
      return { appointment: publicAppointment(appointment), created: true };
    },
  };

  /**
   * The appointment and its messages (confirmation, reminder) commit together. The patient's
   * live hold of this time becomes the appointment; without one, expired holds in the way (and
   * the patient's other holds) go first.
   */
  function write(
    row: NewAppointment,
    userId: number,
    held: number | undefined,
    now: Date,
    profile: PatientDetails | null,
    forPatient: boolean,
    home: HomePlacement | null,
  ): Promise<number> {
    const { startsAt, endsAt, doctorId, clinicServiceId } = row;
    return db.transaction(async (tx) => {
      // The patient's turn, and no clash with their own coming visits (nor a third with the
      // doctor, an eleventh in all): the desk's booking for them too.
      await guardVisitCaps(
        tx,
        repo,
        userId,
        { doctorId, clinicId: row.clinicId, startsAt, endsAt },
        now,
        forPatient,
      );
      let booked: number | null = null;
      if (!held) {
        // The usual booking (no hold of this time): one statement clears the way and inserts.
        booked = await repo.bookAtOnce(tx, row, now);
      } else {
        if (await repo.confirmHold(tx, held, row, now)) booked = held;
        if (booked === null) {
          await repo.clearHolds(tx, { doctorId, clinicServiceId, userId }, { startsAt, endsAt }, now);
          booked = await repo.insert({ ...row, remindFrom: now }, tx);
        }
      }
      // A day off or new weekly hours saved while this booking was being made: its insert waited
      // on the cabinet's lock of the workplace row (the foreign key's), so this later statement
      // sees them.
      if (
        row.workplaceId !== null &&
        (await repo.scheduleGone(tx, {
          workplaceId: row.workplaceId,
          visitType: row.visitType,
          startsAt,
          endsAt,
        }))
      )
        throw new ScheduleChangedMeanwhile();
      await jobs.enqueue(tx, bookingJobs(booked, now));
      if (home) await homeVisits.keepHomeAddress(tx, booked, home.address, home.windowMinutes);
      await settleWaitlist(tx, userId, doctorId, now);
      if (profile) await repo.keepDetails(tx, userId, profile);
      else if (forPatient) await markForOther(tx, booked);
      return booked;
    });
  }
}

/** Rolls a booking back: its day became a day off, or left the hours, while it was being made. */
class ScheduleChangedMeanwhile extends Error {}
