import type { FastifyInstance } from 'fastify';
import { getAwardYear, saveAwardYear } from '../../../core/promo/calls';
import { AwardYearBodySchema, AwardYearParamsSchema, AwardYearSchema } from '../../../core/promo/contracts';
import { serve } from '../../http/route';
import type { PromoService } from './service';

const invalidYear = { params: { status: 404, detail: 'Для этого года премия ещё не заведена' } };

/** The staff's calls for the annual award's years; pages read the banners through loaders. */
export async function promoRoutes(app: FastifyInstance, { promo }: { promo: PromoService }) {
  serve(
    app,
    getAwardYear,
    { params: AwardYearParamsSchema, reply: AwardYearSchema, invalid: invalidYear },
    async (request) => promo.awardYear(await request.viewer(), request.params.year),
  );
  serve(
    app,
    saveAwardYear,
    {
      params: AwardYearParamsSchema,
      body: AwardYearBodySchema,
      reply: AwardYearSchema,
      invalid: invalidYear,
    },
    async (request) => promo.saveAwardYear(await request.viewer(), request.params.year, request.body),
  );
}
