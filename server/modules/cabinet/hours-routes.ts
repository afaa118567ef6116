import type { FastifyInstance } from 'fastify';
import {
  cabinetRemoveDatedHours,
  cabinetSetDatedHours,
  cabinetWithdrawHours,
} from '../../../core/cabinet/calls';
import {
  DatedHoursBodySchema,
  DatedHoursRemoveBodySchema,
  DatedHoursSavedSchema,
  HoursSavedSchema,
  HoursWithdrawBodySchema,
} from '../../../core/cabinet/contracts';
import { serve } from '../../http/route';
import type { CabinetService } from './service';

/**
 * The schedule's changes beyond the weekly hours (docs/product/cabinet.md): withdrawing a coming
 * change of the hours, and a date's own hours.
 */
export function hoursRoutes(app: FastifyInstance, cabinet: CabinetService) {
  serve(
    app,
    cabinetWithdrawHours,
    { body: HoursWithdrawBodySchema, reply: HoursSavedSchema },
    async (request) => cabinet.withdrawHours(await request.viewer(), request.body),
  );

  serve(
    app,
    cabinetSetDatedHours,
    { body: DatedHoursBodySchema, reply: DatedHoursSavedSchema },
    async (request) => cabinet.setDatedHours(await request.viewer(), request.body),
  );

  serve(
    app,
    cabinetRemoveDatedHours,
    { body: DatedHoursRemoveBodySchema, reply: DatedHoursSavedSchema },
    async (request) => cabinet.removeDatedHours(await request.viewer(), request.body),
  );
}
