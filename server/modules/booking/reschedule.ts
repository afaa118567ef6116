import type { RescheduleRequest } from '../../../core/booking/contracts';
import { RESCHEDULE_ERRORS } from '../../../core/booking/form';
import { parseSlotParam } from '../../../core/booking/urls';
import { zonedInstant } from '../../../core/schedule/free-slots';
import { PG_ERRORS, pgErrorCode } from '../../db/errors';
import { conflict, notFound } from '../../http/errors';
import type { JobSender } from '../../jobs/queue';
import type { EventBus } from '../../realtime/bus';
import { announceVisit } from '../../realtime/visits';
import type { SessionViewer } from '../auth/viewer';
import type { Appointments } from './appointments';
import { CANCEL_ERRORS } from './cancel';
import { type Booked, publicAppointment } from './create';
import { movedJobs } from './messages';
import { isUnplaced, type PlacingDeps } from './spots';
import { guardVisitCaps } from './visit-caps';
import { offerVisitTime, settleWaitlist } from './waitlist';

/** Rolls a move back: its new day became a day off, or left the hours, while it was being made. */
class ScheduleChangedMeanwhile extends Error {}

/**
 * Moving a visit to another free time of the same doctor at the same clinic, by its patient or
 * the link's holder, until the clinic's cancel cut-off. One UPDATE of the appointment's time: the
 * database's exclusion constraint refuses a taken time and the visit keeps its old one; nothing
 * is cancelled first. The patient gets an SMS of the new time and a reminder for it, the clinic's
 * open list is told, and the .ics file's SEQUENCE goes up.
 */
export function createReschedule({
  db,
  clock,
  repo,
  spots,
  appointments,
  jobs,
  bus,
}: PlacingDeps & { appointments: Appointments; jobs: JobSender; bus: EventBus }) {
  return {
    async reschedule(viewer: SessionViewer, id: number, body: RescheduleRequest): Promise<Booked> {
      const seen = await appointments.view(viewer, id, body.token ?? null);
      if (!seen) throw notFound(CANCEL_ERRORS.notFound);
      const a = seen.appointment;
      if (a.status !== 'active') throw conflict('already_canceled', CANCEL_ERRORS.already);
      if (!seen.canCancel) throw conflict('reschedule_too_late', RESCHEDULE_ERRORS.tooLate);
      if (a.doctorId === null || a.workplaceId === null)
        throw conflict('service_visit', RESCHEDULE_ERRORS.service);
      // The visit's own time would read as taken: say what it is.
      const asked = parseSlotParam(body.slot);
      if (
        asked &&
        seen.subject &&
        zonedInstant(asked.day, asked.time, seen.subject.tz).getTime() === new Date(a.startsAt).getTime()
      )
        throw conflict('same_time', RESCHEDULE_ERRORS.sameTime);
      const holdsOf = a.userId ?? 0;
      const ask = { doctor_id: a.doctorId, lpu_id: a.clinicId, slot: body.slot, type: a.visitType };
      const spot = await spots.place(holdsOf, ask);
      if (isUnplaced(spot)) throw await spots.refusal(spot, a.visitType, holdsOf, 'doctor');
      const { target, startsAt, endsAt } = spot;
      const now = clock.now();
      let moved: { startsAt: string; endsAt: string } | null;
      try {
        moved = await db.transaction(async (tx) => {
          // The patient's turn, and no clash of the new time with their other coming visits
          // (the visit itself is none); then their own holds (another tab) and expired ones in
          // the way go.
          if (a.userId !== null) {
            await guardVisitCaps(
              tx,
              repo,
              a.userId,
              { doctorId: a.doctorId, clinicId: a.clinicId, startsAt, endsAt, moving: id },
              now,
              viewer.userId === a.userId,
            );
            await repo.clearHolds(
              tx,
              { doctorId: a.doctorId, clinicServiceId: null, userId: a.userId },
              { startsAt, endsAt },
              now,
            );
          }
          const row = await repo.move(tx, id, { startsAt, endsAt }, now);
          if (!row) return null;
          if (
            await repo.scheduleGone(tx, {
              workplaceId: a.workplaceId as number,
              visitType: a.visitType,
              startsAt,
              endsAt,
            })
          )
            throw new ScheduleChangedMeanwhile();
          await jobs.enqueue(tx, movedJobs(id, now));
          await offerVisitTime(tx, jobs, id, now, {
            startsAt: new Date(a.startsAt),
            endsAt: new Date(a.endsAt),
          });
          if (a.userId !== null) await settleWaitlist(tx, a.userId, a.doctorId, now);
          return row;
        });
      } catch (err) {
        if (err instanceof ScheduleChangedMeanwhile)
          throw await spots.refusal(
            { reason: 'slot_unavailable', target, day: spot.day },
            a.visitType,
            holdsOf,
            'doctor',
          );
        const code = pgErrorCode(err);
        if (code === PG_ERRORS.exclusionViolation || code === PG_ERRORS.deadlockDetected)
          throw await spots.refusal(
            { reason: 'slot_taken', target, day: spot.day },
            a.visitType,
            holdsOf,
            'doctor',
          );
        throw err;
      }
      // Cancelled by someone else between our read and the move.
      if (!moved) throw conflict('already_canceled', CANCEL_ERRORS.already);
      await announceVisit(bus, a, { change: 'moved', appointmentId: id });
      return {
        appointment: publicAppointment({ ...a, startsAt: moved.startsAt, endsAt: moved.endsAt }),
        created: false,
      };
    },
  };
}
