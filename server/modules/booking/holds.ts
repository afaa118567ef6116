import type { Held, HoldBody, Released } from '../../../core/booking/contracts';
import { PG_ERRORS, pgErrorCode, retryOnDeadlock } from '../../db/errors';
import type { SessionViewer } from '../auth/viewer';
import { requirePatient } from './patient';
import { TimeTaken } from './repo';
import { isUnplaced, kindOf, ownerOf, type PlacingDeps } from './spots';
import { guardVisitCaps } from './visit-caps';

/** How long a time stays kept for a patient filling the booking form. */
export const HOLD_MS = 10 * 60_000;

/**
 * Holding a time while the patient fills the form: others see it taken and cannot book it; the
 * patient's booking with the hold's id turns it into the appointment. A patient holds one time
 * at a time (their holds take turns: server/modules/booking/visit-caps.ts), never one that clashes
 * with their own coming visits; an expired hold is cleared by whoever needs the time.
 */
export function createHolds({ db, clock, repo, spots }: PlacingDeps) {
  return {
    /** Keeps the time for HOLD_MS; refused (409) like a booking when it is not free. */
    async hold(viewer: SessionViewer, ask: HoldBody): Promise<Held> {
      return holdFor({ db, clock, repo, spots }, requirePatient(viewer), viewer.userPhone, ask);
    },

    /** The patient left the form: the held time is free again at once. */
    async release(viewer: SessionViewer, holdId: number): Promise<Released> {
      const userId = requirePatient(viewer);
      return { released: await repo.releaseHold(holdId, userId) };
    },
  };
}

/**
 * Keeps a time for a patient for HOLD_MS (their other holds and expired ones in the way go);
 * refused (409) like a booking when it is not free. The hold call's, and an SMS link's of the
 * waitlist (server/modules/booking/waitlist.ts).
 */
export async function holdFor(
  { db, clock, repo, spots }: PlacingDeps,
  userId: number,
  phone: string,
  ask: HoldBody,
): Promise<Held> {
  const spot = await spots.place(userId, ask);
  if (isUnplaced(spot)) throw await spots.refusal(spot, ask.type, userId, kindOf(ask));
  const { target, startsAt, endsAt } = spot;
  const owner = ownerOf(target);
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + HOLD_MS);
  try {
    const id = await retryOnDeadlock(() =>
      db.transaction(async (tx) => {
        // The patient's turn first: their other holds at once wait, then see this one to clear.
        await guardVisitCaps(
          tx,
          repo,
          userId,
          { doctorId: owner.doctorId, clinicId: target.clinicId, startsAt, endsAt },
          now,
        );
        await repo.clearHolds(tx, { ...owner, userId }, { startsAt, endsAt }, now);
        return repo.insert(
          {
            ...owner,
            clinicId: target.clinicId,
            userId,
            visitType: ask.type,
            startsAt,
            endsAt,
            patientName: '',
            patientPhone: phone,
            patientBirthDate: null,
            source: null,
            price: target.price,
            requestKey: null,
            cancelToken: null,
            holdExpiresAt: expiresAt,
          },
          tx,
        );
      }),
    );
    return { hold_id: id, expires_at: expiresAt.toISOString() };
  } catch (err) {
    if (err instanceof TimeTaken || pgErrorCode(err) === PG_ERRORS.deadlockDetected)
      throw await spots.refusal({ reason: 'slot_taken', target, day: spot.day }, ask.type, userId);
    throw err;
  }
}
