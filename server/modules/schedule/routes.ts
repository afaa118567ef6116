import type { FastifyInstance } from 'fastify';
import { firstIssue, SlotsBulkSchema, SlotsBySpecialitiesSchema } from '../../../core/schedule/call-schemas';
import type { ScheduleService } from './service';

/** The slot calls of spec section 7 ('Directory and schedule'). */
export async function scheduleRoutes(app: FastifyInstance, { schedule }: { schedule: ScheduleService }) {
  app.post('/ajax/schedule/slots_bulk/', async (request, reply) => {
    const parsed = SlotsBulkSchema.safeParse(request.body ?? {});
    if (!parsed.success) return reply.status(400).send({ detail: firstIssue(parsed.error) });
    reply.header('cache-control', 'private, no-store');
    return schedule.slotsBulk(parsed.data);
  });

  app.post('/ajax/schedule/slots_bulk_by_specialities/', async (request, reply) => {
    const parsed = SlotsBySpecialitiesSchema.safeParse(request.body ?? {});
    if (!parsed.success) return reply.status(400).send({ detail: firstIssue(parsed.error) });
    reply.header('cache-control', 'private, no-store');
    return schedule.slotsBySpecialities(parsed.data);
  });
}
