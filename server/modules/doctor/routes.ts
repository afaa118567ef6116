import type { FastifyInstance } from 'fastify';
import { doctorActivities, doctorActivityPage } from '../../../core/doctor/calls';
import {
  ActivityPageParamsSchema,
  ActivityPageQuerySchema,
  DoctorIdParamsSchema,
} from '../../../core/doctor/contracts';
import { serve } from '../../http/route';
import { activitiesHtml, activityPageHtml } from './activities-html';
import type { DoctorService } from './service';

/** The doctor page's lazily loaded activities: both calls answer HTML fragments. */
export async function doctorRoutes(app: FastifyInstance, { doctors }: { doctors: DoctorService }) {
  serve(app, doctorActivities, { params: DoctorIdParamsSchema }, async (request, reply) =>
    reply.type('text/html; charset=utf-8').send(activitiesHtml(await doctors.activities(request.params.id))),
  );

  serve(
    app,
    doctorActivityPage,
    { params: ActivityPageParamsSchema, query: ActivityPageQuerySchema },
    async (request, reply) => {
      const { id, section } = request.params;
      const { items, remaining } = await doctors.activityPage(id, section, request.query.page);
      return reply.type('text/html; charset=utf-8').send(activityPageHtml(items, remaining));
    },
  );
}
