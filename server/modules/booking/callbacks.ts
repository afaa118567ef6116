import { callbackProblem, MIN_HOURS_TO_CALL } from '../../../core/booking/callback';
import type { CallbackBody, CallbackSaved } from '../../../core/booking/contracts';
import { BOOKING_FAILURES } from '../../../core/booking/form';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../http/errors';
import type { JobSender } from '../../jobs/queue';
import type { SessionViewer } from '../auth/viewer';
import { tellClinicOfCallback } from './clinic-messages';
import { requirePatient } from './patient';
import type { BookingRepo } from './repo';

/** Callback requests: no free time suits, and the clinic calls the patient back. */
export function createCallbacks({
  db,
  clock,
  repo,
  jobs,
}: {
  db: Db;
  clock: Clock;
  repo: BookingRepo;
  /** The clinic's notice of the request (clinic-messages.ts), queued with it. */
  jobs: JobSender;
}) {
  return {
    /**
     * The patient asks the clinic to call back on a day (also when the clinic takes no online
     * booking of the doctor: then the call is the way to book), in parts of it that still leave the
     * clinic MIN_HOURS_TO_CALL hours (on the clinic's clock). A patient's open request for the
     * same doctor and clinic is changed rather than repeated; the clinic hears of it once (its
     * contact and switch 'Заявка на звонок', clinic-messages.ts).
     */
    async requestCallback(viewer: SessionViewer, body: CallbackBody): Promise<CallbackSaved> {
      const userId = requirePatient(viewer);
      const target = await repo.target(body.doctor_id, body.lpu_id, 'clinic');
      if (!target) throw notFound(BOOKING_FAILURES.not_found);
      const now = clock.now();
      const problem = callbackProblem(body, now, target.tz);
      if (problem) throw badRequest(problem, { errors: { times: problem } });
      const times = [...new Set(body.times)];
      const id = await db.transaction(async (tx) => {
        const saved = await repo.upsertCallback(
          {
            doctorId: target.doctorId,
            clinicId: target.clinicId,
            userId,
            phone: viewer.userPhone,
            date: body.date,
            times,
            at: now,
          },
          tx,
        );
        await tellClinicOfCallback(tx, jobs, saved, now);
        return saved;
      });
      return { id, date: body.date, times, min_hours_to_call: MIN_HOURS_TO_CALL };
    },
  };
}
