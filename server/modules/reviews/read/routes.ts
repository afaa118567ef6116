import type { FastifyInstance } from 'fastify';
import { clinicReviews, doctorReviews, patientProfile, rateMetrics } from '../../../../core/reviews/calls';
import {
  PatientProfileQuerySchema,
  PatientProfileSchema,
  RatesSeenBodySchema,
  ReviewsPageSchema,
  ReviewsParamsSchema,
  ReviewsQuerySchema,
} from '../../../../core/reviews/contracts';
import { notFound } from '../../../http/errors';
import { serve } from '../../../http/route';
import type { PatientProfileService, ReviewsService } from './service';

/**
 * The reviews call, `/ajax/doctor/{id}/reviews/` and `/ajax/lpu/{id}/reviews/` with
 * ?page&ratetype: the page's cards (HTML) and next_page_number; `tag` (a tag's translit) narrows
 * it to the reviews that mention the tag, `page_size` 20 serves phones. Also the rate-metrics
 * beacon and the authors' trust profiles.
 */
export async function readRoutes(
  app: FastifyInstance,
  { reviews, patientProfiles }: { reviews: ReviewsService; patientProfiles: PatientProfileService },
) {
  for (const [kind, call] of [
    ['doctor', doctorReviews],
    ['lpu', clinicReviews],
  ] as const) {
    serve(
      app,
      call,
      { params: ReviewsParamsSchema, query: ReviewsQuerySchema, reply: ReviewsPageSchema },
      async (request) => {
        const { ratetype, page, page_size, tag } = request.query;
        return reviews.page({ kind, id: request.params.id }, ratetype, page, page_size, tag ?? null);
      },
    );
  }

  // The rate-metrics beacon: the form field rates_id = JSON {lpu_rates_id, doctor_rates_id}, the
  // reviews seen for 2 s, sent by navigator.sendBeacon when the page hides.
  serve(app, rateMetrics, { body: RatesSeenBodySchema }, async (request, reply) => {
    const { lpu_rates_id, doctor_rates_id } = request.body.rates_id;
    await reviews.countViews({ doctor: doctor_rates_id, lpu: lpu_rates_id });
    return reply.status(204).send();
  });

  // The author's trust profile: ?patient_id or ?patient_mobile_id.
  serve(
    app,
    patientProfile,
    { query: PatientProfileQuerySchema, reply: PatientProfileSchema },
    async (request) => {
      const profile = await patientProfiles.profile(request.query.userId);
      if (!profile) throw notFound('Пациент не найден');
      return profile;
    },
  );
}
