import { randomBytes } from 'node:crypto';
import { fullPatientName } from '../../../core/booking/form';
import { parseSlotParam } from '../../../core/booking/urls';
import { canOverbook, canRunDesk, DESK_DEFAULT_MINUTES, DESK_TEXTS } from '../../../core/cabinet/desk';
import type {
  DeskBooked,
  DeskBookingBody,
  DeskMoveBody,
  DeskVisit,
} from '../../../core/cabinet/desk-contracts';
import { isoWeekday, zonedInstant } from '../../../core/schedule/free-slots';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { PG_ERRORS, pgErrorCode, retryOnDeadlock } from '../../db/errors';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../http/errors';
import type { JobSender } from '../../jobs/queue';
import type { EventBus } from '../../realtime/bus';
import { announceVisit } from '../../realtime/visits';
import type { DeskPatients } from '../auth/desk';
import type { SessionViewer } from '../auth/viewer';
import { createDeskRepo, type DeskPlace } from './desk-repo';
import { BOOKING_JOBS, bookingJobs, movedJobs } from './messages';
import { type BookingRepo, type NewAppointment, TimeTaken } from './repo';
import { guardVisitCaps } from './visit-caps';
import { offerFreedTime, settleWaitlist } from './waitlist';

/** The time lies in a block of the clinic's (seen after the visit's row was written): rolls back. */
class TimeBlocked extends Error {}
/** The visit stopped being active between the read and the change. */
class NoLongerActive extends Error {}

const refusedAs = (code: 'slot_taken' | 'time_blocked' | 'slot_past', detail: string) =>
  conflict(code, detail, { reason: code, clash: null });

/**
 * The clinic's front desk (docs/product/front-desk.md): a booking made in the cabinet for a
 * caller or a walk-in, moving a visit and confirming it. The desk may take any time of the
 * doctor's in the future, inside the clinic's notice or past its horizon, on a day off or outside
 * the hours: only the database's guarantee (no two visits of a doctor overlap: the exclusion
 * constraints), the clinic's own blocks and the patient's caps refuse it. The patient gets the
 * usual SMS and sees the visit on their pages.
 */
export function createDesk({
  db,
  clock,
  repo,
  patients,
  jobs,
  bus,
}: {
  db: Db;
  clock: Clock;
  repo: BookingRepo;
  patients: DeskPatients;
  jobs: JobSender;
  bus: EventBus;
}) {
  const desk = createDeskRepo(db);

  /** The clinic whose desk this is, and the account that acts; 401 anonymous, 403 anyone else. */
  function deskOf(viewer: SessionViewer): { clinicId: number; userId: number } {
    if (viewer.userId === null) throw unauthorized(DESK_TEXTS.signIn);
    const clinicId = canRunDesk(viewer);
    if (clinicId === null) throw forbidden(DESK_TEXTS.signIn);
    return { clinicId, userId: viewer.userId };
  }

  /** The doctor's place at the clinic and the asked time's span there (a slot of his hours, else his usual length). */
  async function spanOf(
    doctorId: number,
    clinicId: number,
    visitType: string,
    slot: string,
  ): Promise<{ place: DeskPlace; startsAt: Date; endsAt: Date }> {
    const at = parseSlotParam(slot);
    if (!at) throw badRequest(DESK_TEXTS.badTime, { errors: { slot: DESK_TEXTS.badTime } });
    const place = await desk.place({ doctorId, clinicId, visitType, ...at, weekday: isoWeekday(at.day) });
    if (!place) throw forbidden(DESK_TEXTS.notOurDoctor);
    const startsAt = zonedInstant(at.day, at.time, place.tz);
    const minutes = place.slotMinutes ?? place.usualMinutes ?? DESK_DEFAULT_MINUTES;
    const endsAt = new Date(startsAt.getTime() + minutes * 60_000);
    // A walk-in may take the slot under way; a time over is gone.
    if (endsAt.getTime() <= clock.now().getTime()) throw refusedAs('slot_past', DESK_TEXTS.past);
    return { place, startsAt, endsAt };
  }

  async function reply(id: number, clinicId: number): Promise<DeskVisit> {
    const found = await desk.visit(id, clinicId);
    if (!found) throw notFound(DESK_TEXTS.notFound);
    return found.visit;
  }

  return {
    /**
     * Books the time for the phone's patient (found, or created as a patient account). With
     * `overbook` (a clinic administrator's, with a reason) the visit may overlap another: the
     * exclusion constraints leave such a row out (ADR 038), and the audit keeps the reason.
     */
    async deskBook(viewer: SessionViewer, body: DeskBookingBody): Promise<DeskBooked> {
      const { clinicId, userId: actor } = deskOf(viewer);
      if (body.lpu_id !== clinicId) throw forbidden(DESK_TEXTS.notOurDoctor);
      if (body.overbook && !canOverbook(viewer)) throw forbidden(DESK_TEXTS.overbookForbidden);
      const { place, startsAt, endsAt } = await spanOf(body.doctor_id, clinicId, body.type, body.slot);
      const patient = await patients.forClinic(actor, `7${body.patient_phone}`, {
        workAccount: DESK_TEXTS.workAccount,
        deleting: DESK_TEXTS.deleting,
      });
      const row: NewAppointment = {
        workplaceId: place.workplaceId,
        clinicServiceId: null,
        doctorId: place.doctorId,
        clinicId,
        userId: patient.userId,
        visitType: body.type,
        startsAt,
        endsAt,
        patientName: fullPatientName(body),
        patientPhone: patient.phone,
        patientBirthDate: body.birth_date,
        source: 'desk',
        price: place.price,
        requestKey: null,
        cancelToken: randomBytes(18).toString('base64url'),
      };
      const now = clock.now();
      let id: number;
      try {
        id = await retryOnDeadlock(() =>
          db.transaction(async (tx) => {
            // The patient's turn and caps, as for their own bookings (staff hear the clash's time only).
            await guardVisitCaps(
              tx,
              repo,
              patient.userId,
              { doctorId: place.doctorId, clinicId, startsAt, endsAt },
              now,
              false,
            );
            const booked = await desk.insert(tx, row, now, body.overbook);
            if (await desk.blocked(tx, place.workplaceId, { startsAt, endsAt })) throw new TimeBlocked();
            await jobs.enqueue(tx, bookingJobs(booked, now));
            await settleWaitlist(tx, patient.userId, place.doctorId, now);
            // A new account takes the desk's details; a patient's own stay theirs.
            if (patient.isNew)
              await repo.keepDetails(tx, patient.userId, {
                lastName: body.last_name,
                firstName: body.first_name,
                patronymic: body.patronymic || null,
                birthDate: body.birth_date,
              });
            await desk.audit(tx, {
              userId: actor,
              action: body.overbook ? 'visit.overbooked' : 'visit.desk_booked',
              targetId: booked,
              before: null,
              after: {
                doctorId: place.doctorId,
                startsAt: startsAt.toISOString(),
                endsAt: endsAt.toISOString(),
                patientId: patient.userId,
                ...(body.overbook ? { reason: body.overbook_reason } : {}),
              },
              at: now,
            });
            return booked;
          }),
        );
      } catch (err) {
        if (err instanceof TimeBlocked) throw refusedAs('time_blocked', DESK_TEXTS.blocked);
        if (err instanceof TimeTaken || pgErrorCode(err) === PG_ERRORS.deadlockDetected)
          throw refusedAs('slot_taken', DESK_TEXTS.taken);
        throw err;
      }
      await announceVisit(
        bus,
        { clinicId, doctorId: place.doctorId },
        { change: 'booked', appointmentId: id },
      );
      // Everything the reply names is known here: no query to read the row back.
      return {
        visit: {
          id,
          status: 'active',
          starts_at: startsAt.toISOString(),
          ends_at: endsAt.toISOString(),
          tz: place.tz,
          overbooked: body.overbook,
          confirmed: false,
          doctor: { id: place.doctorId, name: place.doctorName },
          patient: { id: patient.userId, name: row.patientName, phone: patient.phone },
        },
      };
    },

    /**
     * Moves one of the clinic's active visits to another time of the same doctor or another of
     * the clinic's, as the desk books (any future time but a taken or blocked one). The visit
     * keeps its price; it is no longer confirmed; the patient gets the SMS of the new time; the
     * old time goes to the waitlist.
     */
    async deskMove(viewer: SessionViewer, id: number, body: DeskMoveBody): Promise<DeskVisit> {
      const { clinicId, userId: actor } = deskOf(viewer);
      const found = await desk.visit(id, clinicId);
      if (!found) throw notFound(DESK_TEXTS.notFound);
      const v = found.visit;
      if (v.status !== 'active') throw conflict('not_active', DESK_TEXTS.notActive);
      if (new Date(v.starts_at).getTime() <= clock.now().getTime()) throw conflict('begun', DESK_TEXTS.begun);
      const doctorId = body.doctor_id ?? v.doctor.id;
      const { place, startsAt, endsAt } = await spanOf(doctorId, clinicId, found.visitType, body.slot);
      if (doctorId === v.doctor.id && startsAt.toISOString() === v.starts_at)
        throw conflict('same_time', DESK_TEXTS.sameTime);
      const now = clock.now();
      const was = { startsAt: new Date(v.starts_at), endsAt: new Date(v.ends_at) };
      try {
        await db.transaction(async (tx) => {
          if (found.userId !== null) {
            await guardVisitCaps(
              tx,
              repo,
              found.userId,
              { doctorId, clinicId, startsAt, endsAt, moving: id },
              now,
              false,
            );
            await repo.clearHolds(
              tx,
              { doctorId, clinicServiceId: null, userId: found.userId },
              { startsAt, endsAt },
              now,
            );
          }
          const to = { startsAt, endsAt, doctorId, workplaceId: place.workplaceId };
          if (!(await desk.move(tx, id, to, now))) throw new NoLongerActive();
          if (await desk.blocked(tx, place.workplaceId, { startsAt, endsAt })) throw new TimeBlocked();
          await jobs.enqueue(tx, movedJobs(id, now));
          if (found.workplaceId !== null)
            await offerFreedTime(
              tx,
              jobs,
              { workplaceId: found.workplaceId, visitType: found.visitType, freedBy: found.userId, ...was },
              now,
            );
          await desk.audit(tx, {
            userId: actor,
            action: 'visit.moved',
            targetId: id,
            before: { doctorId: v.doctor.id, startsAt: v.starts_at, endsAt: v.ends_at },
            after: { doctorId, startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString() },
            at: now,
          });
        });
      } catch (err) {
        if (err instanceof NoLongerActive) throw conflict('not_active', DESK_TEXTS.notActive);
        if (err instanceof TimeBlocked) throw refusedAs('time_blocked', DESK_TEXTS.blocked);
        const code = pgErrorCode(err);
        if (code === PG_ERRORS.exclusionViolation || code === PG_ERRORS.deadlockDetected)
          throw refusedAs('slot_taken', DESK_TEXTS.taken);
        throw err;
      }
      await announceVisit(bus, { clinicId, doctorId }, { change: 'moved', appointmentId: id });
      if (doctorId !== v.doctor.id)
        await announceVisit(bus, { clinicId, doctorId: v.doctor.id }, { change: 'moved', appointmentId: id });
      return reply(id, clinicId);
    },

    /**
     * The clinic confirms a visit after calling the patient: the visit reads as confirmed on both
     * sides (the patient's 'Подтвердить запись' sets the same mark), and the patient gets one SMS.
     * Confirming it again changes nothing and sends nothing.
     */
    async deskConfirm(viewer: SessionViewer, id: number): Promise<DeskVisit> {
      const { clinicId, userId: actor } = deskOf(viewer);
      const found = await desk.visit(id, clinicId);
      if (!found) throw notFound(DESK_TEXTS.notFound);
      if (found.visit.status !== 'active') throw conflict('not_active', DESK_TEXTS.notActive);
      if (new Date(found.visit.starts_at).getTime() <= clock.now().getTime())
        throw conflict('begun', DESK_TEXTS.begun);
      const now = clock.now();
      const changed = await db.transaction(async (tx) => {
        if (!(await desk.confirm(tx, id, now))) return false;
        await jobs.enqueue(tx, [
          { kind: BOOKING_JOBS.confirmedByClinic, runAt: now, payload: { appointmentId: id } },
        ]);
        await desk.audit(tx, {
          userId: actor,
          action: 'visit.confirmed',
          targetId: id,
          before: { confirmed: false },
          after: { confirmed: true },
          at: now,
        });
        return true;
      });
      if (changed)
        await announceVisit(
          bus,
          { clinicId, doctorId: found.visit.doctor.id },
          { change: 'confirmed', appointmentId: id },
        );
      return reply(id, clinicId);
    },
  };
}
