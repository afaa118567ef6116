import type { FastifyInstance } from 'fastify';
import { firstIssue, SlotsBulkSchema, SlotsBySpecialitiesSchema } from '../../../core/schedule/call-schemas';
import { OnlineSlotsSchema, TelemedSlotsSchema } from '../../../core/schedule/online-schemas';
import { ServicesScheduleSchema } from '../../../core/schedule/services-call';
import { createOnlineSlots } from './online';
import type { ScheduleService } from './service';

/** The slot calls of spec section 7 ('Directory and schedule'). */
export async function scheduleRoutes(app: FastifyInstance, { schedule }: { schedule: ScheduleService }) {
  const online = createOnlineSlots({ schedule });

  app.post('/ajax/schedule/slots_bulk/', async (request, reply) => {
    const parsed = SlotsBulkSchema.safeParse(request.body ?? {});
    if (!parsed.success) return reply.status(400).send({ detail: firstIssue(parsed.error) });
    reply.header('cache-control', 'private, no-store');
    return schedule.slotsBulk(parsed.data, parsed.data.type_schedule);
  });

  app.post('/ajax/schedule/slots_bulk/telemed/', async (request, reply) => {
    const parsed = TelemedSlotsSchema.safeParse(request.body ?? {});
    if (!parsed.success) return reply.status(400).send({ detail: firstIssue(parsed.error) });
    reply.header('cache-control', 'private, no-store');
    return online.telemed(parsed.data);
  });

  // The spec's 'Online doctors' request; its path is not shown there.
  app.post('/ajax/schedule/slots_bulk/online/', async (request, reply) => {
    const parsed = OnlineSlotsSchema.safeParse(request.body ?? {});
    if (!parsed.success) return reply.status(400).send({ detail: firstIssue(parsed.error) });
    reply.header('cache-control', 'private, no-store');
    return online.online(parsed.data);
  });

  app.post('/ajax/services/schedule/', async (request, reply) => {
    const parsed = ServicesScheduleSchema.safeParse(request.body ?? {});
    if (!parsed.success) return reply.status(400).send({ detail: firstIssue(parsed.error) });
    reply.header('cache-control', 'private, no-store');
    return schedule.servicesSchedule(parsed.data);
  });

  app.post('/ajax/schedule/slots_bulk_by_specialities/', async (request, reply) => {
    const parsed = SlotsBySpecialitiesSchema.safeParse(request.body ?? {});
    if (!parsed.success) return reply.status(400).send({ detail: firstIssue(parsed.error) });
    reply.header('cache-control', 'private, no-store');
    return schedule.slotsBySpecialities(parsed.data);
  });
}
