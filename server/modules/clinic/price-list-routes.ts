import type { FastifyInstance } from 'fastify';
import { PriceListQuerySchema } from '../../../core/clinic/call-schemas';
import type { ClinicPriceListService } from './price-list-service';

/** Spec section 7: GET {apiUrl}?lpu_id&page&search_query|service_category_name&is_available_appointment_direct. */
export async function clinicPriceListRoutes(
  app: FastifyInstance,
  { priceList }: { priceList: ClinicPriceListService },
) {
  app.get('/ajax/lpu/services/', async (request, reply) => {
    const parsed = PriceListQuerySchema.safeParse(request.query);
    if (!parsed.success) return reply.status(400).send({ detail: parsed.error.issues[0].message });
    const q = parsed.data;
    const result = await priceList.page(
      {
        clinicId: q.lpu_id,
        text: q.search_query,
        category: q.service_category_name,
        onlineOnly: q.is_available_appointment_direct,
      },
      q.page,
    );
    if (!result.ok) return reply.status(result.status).send({ detail: result.detail });
    return result.list;
  });
}
