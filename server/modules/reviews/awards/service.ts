import { REVIEW_DISCOUNT_RUB } from '../../../../core/reviews/award';
import type { AppointmentAward, AwardApplied, ReviewAward } from '../../../../core/reviews/contracts';
import type { Clock } from '../../../clock';
import type { Db, DbTx } from '../../../db/client';
import { PG_ERRORS, pgErrorCode } from '../../../db/errors';
import { conflict, notFound, unauthorized } from '../../../http/errors';
import type { SessionViewer } from '../../auth/viewer';
import type { BookingService } from '../../booking/service';
import { createAwardsRepo } from './repo';

export const AWARD_ERRORS = {
  signIn: 'Войдите, чтобы применить скидку за отзыв',
  notFound: 'Запись не найдена',
  notActive: 'Скидку можно применить только к предстоящей записи',
  none: 'Свободной скидки за отзыв нет',
  already: 'К этой записи скидка уже применена',
} as const;

/**
 * The review award programme ('Получите 300 рублей за отзыв.', the rules in
 * /docs/review-award-programme.pdf): moderation gives the author of a published review of a
 * visit booked through the portal a 300 ₽ discount and takes it back if the review is deleted
 * before the discount is used; the patient applies it to one upcoming booking of theirs, and a
 * cancelled booking frees it again.
 */
export function createReviewAwardsService({
  db,
  clock,
  booking,
}: {
  db: Db;
  clock: Clock;
  booking: BookingService;
}) {
  const repo = createAwardsRepo(db);

  /** The viewer's own visit that is still to come, or the refusal. */
  async function ownUpcoming(viewer: SessionViewer, appointmentId: number) {
    if (viewer.userId === null) throw unauthorized(AWARD_ERRORS.signIn);
    const seen = await booking.view(viewer, appointmentId, null);
    if (!seen) throw notFound(AWARD_ERRORS.notFound);
    const upcoming =
      seen.appointment.status === 'active' &&
      new Date(seen.appointment.startsAt).getTime() > clock.now().getTime();
    return { seen, upcoming, userId: viewer.userId };
  }

  return {
    /** In moderation's transaction: what a review's new state means for its award. */
    async onModeration(
      tx: DbTx,
      review: { id: number; userId: number | null; viaPortal: boolean },
      to: string,
      now: Date,
    ) {
      if (to === 'published' && review.viaPortal && review.userId !== null)
        await repo.grant(tx, {
          userId: review.userId,
          reviewId: review.id,
          amount: REVIEW_DISCOUNT_RUB,
          now,
        });
      else if (to === 'deleted') await repo.revoke(tx, review.id, now);
    },

    /** 'Мои записи': the patient's discounts, free ones first. */
    async mine(viewer: SessionViewer): Promise<ReviewAward[]> {
      if (viewer.userId === null || !viewer.isRealPatient) return [];
      const rows = await repo.ofUser(viewer.userId);
      return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt).toISOString() }));
    },

    /** The appointment page: the discount applied to it, or the one the patient could apply. */
    async forAppointment(viewer: SessionViewer, appointmentId: number): Promise<AppointmentAward> {
      if (viewer.userId === null) return { applied: null, available: null };
      const applied = await repo.ofAppointment(appointmentId);
      return {
        applied: applied?.amount ?? null,
        available: applied ? null : await repo.free(viewer.userId),
      };
    },

    /** Applies a free discount to the viewer's upcoming appointment. */
    async apply(viewer: SessionViewer, appointmentId: number): Promise<AwardApplied> {
      const { upcoming, userId } = await ownUpcoming(viewer, appointmentId);
      if (!upcoming) throw conflict('visit_not_upcoming', AWARD_ERRORS.notActive);
      if (await repo.ofAppointment(appointmentId)) throw alreadyApplied();
      try {
        const applied = await repo.apply(userId, appointmentId, clock.now());
        if (!applied) throw conflict('no_free_award', AWARD_ERRORS.none);
        return { amount: applied.amount };
      } catch (err) {
        if (pgErrorCode(err) === PG_ERRORS.uniqueViolation) throw alreadyApplied();
        throw err;
      }
    },
  };
}

const alreadyApplied = () => conflict('award_already_applied', AWARD_ERRORS.already);

export type ReviewAwardsService = ReturnType<typeof createReviewAwardsService>;
