import type { FastifyInstance } from 'fastify';
import { applyAwardToVisit, myReviewAwards } from '../../../../core/reviews/calls';
import {
  AppointmentParamsSchema,
  AwardAppliedSchema,
  ReviewAwardsSchema,
} from '../../../../core/reviews/contracts';
import { serve } from '../../../http/route';
import type { ReviewAwardsService } from './service';

/** The review award programme: the patient's 300 ₽ discounts, and applying one to a booking. */
export async function awardRoutes(app: FastifyInstance, { awards }: { awards: ReviewAwardsService }) {
  serve(app, myReviewAwards, { reply: ReviewAwardsSchema }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return { awards: await awards.mine(await request.viewer()) };
  });

  serve(
    app,
    applyAwardToVisit,
    { params: AppointmentParamsSchema, reply: AwardAppliedSchema },
    async (request) => awards.apply(await request.viewer(), request.params.id),
  );
}
