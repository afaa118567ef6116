import type { ClashingVisit } from '../../../core/booking/contracts';
import { BOOKING_TITLES } from '../../../core/booking/form';
import { visitCapBreach, visitCapText, type WantedVisit } from '../../../core/booking/visit-caps';
import type { Db, DbTx } from '../../db/client';
import { DomainError } from '../../http/errors';
import type { BookingRepo } from './repo';

/**
 * The visit caps (core/booking/visit-caps.ts) inside the transaction that takes the time: takes
 * the patient's turn (so their holds and bookings at once run one by one, in any process) and
 * refuses (409, rolling the transaction back) a time that clashes with one of their own coming
 * visits, a third visit with the doctor or an eleventh in all. `forPatient`: the patient asks
 * for themselves (staff at a desk hear only the clashing visit's time).
 */
export async function guardVisitCaps(
  tx: Db | DbTx,
  repo: Pick<BookingRepo, 'lockAndReadComing'>,
  userId: number,
  wanted: WantedVisit,
  now: Date,
  forPatient = true,
): Promise<void> {
  const coming = await repo.lockAndReadComing(tx, userId, now);
  const breach = visitCapBreach(wanted, coming);
  if (!breach) return;
  const v = breach.visit;
  const clash: ClashingVisit | null = v
    ? {
        starts_at: v.startsAt.toISOString(),
        ends_at: v.endsAt.toISOString(),
        ...(forPatient
          ? { id: v.id, title: v.title, clinic_name: v.clinicName, url: `/appointment/${v.id}/` }
          : {}),
      }
    : null;
  throw new DomainError(breach.reason, visitCapText(breach, forPatient), 409, {
    title: BOOKING_TITLES.failure,
    reason: breach.reason,
    alternatives: [],
    clash,
  });
}
