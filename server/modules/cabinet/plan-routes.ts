import type { FastifyInstance } from 'fastify';
import {
  cabinetPlan,
  cabinetPlanRequest,
  PlanRequestBodySchema,
  PlanSchema,
  StaffPlanRequestsSchema,
  StaffSetVersionBodySchema,
  StaffSetVersionReplySchema,
  staffPlanRequests,
  staffSetSoftwareVersion,
} from '../../../core/cabinet/plan';
import { serve } from '../../http/route';
import type { PlanService } from './plan';

/**
 * The plans (docs/product/cabinet.md, 'Тарифы'):
 *   GET  /cabinet/ajax/plan/            the page's version, what the next adds, an open request
 *   POST /cabinet/ajax/plan/request/    {version}: asks staff for a higher one (administrator, doctor)
 *   GET  /api/staff/plans/              staff: the latest requests
 *   POST /api/staff/plans/version/      staff: {kind, id, version|null}, audited
 */
export async function planRoutes(app: FastifyInstance, { plans }: { plans: PlanService }) {
  serve(app, cabinetPlan, { reply: PlanSchema }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return plans.plan(await request.viewer());
  });

  serve(app, cabinetPlanRequest, { body: PlanRequestBodySchema, reply: PlanSchema }, async (request) =>
    plans.request(await request.viewer(), request.body),
  );

  serve(app, staffPlanRequests, { reply: StaffPlanRequestsSchema }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return plans.requests(await request.viewer());
  });

  serve(
    app,
    staffSetSoftwareVersion,
    { body: StaffSetVersionBodySchema, reply: StaffSetVersionReplySchema },
    async (request) => plans.setVersion(await request.viewer(), request.body),
  );
}
