import type { FastifyInstance } from 'fastify';
import { CabinetIdParamsSchema } from '../../../core/cabinet/contracts';
import { DESK_TEXTS } from '../../../core/cabinet/desk';
import { cabinetDeskBook, cabinetDeskConfirm, cabinetDeskMove } from '../../../core/cabinet/desk-calls';
import {
  DeskBookedSchema,
  DeskBookingBodySchema,
  DeskMoveBodySchema,
  DeskVisitSchema,
} from '../../../core/cabinet/desk-contracts';
import { serve } from '../../http/route';
import type { BookingService } from './service';

const unknownVisit = { params: { status: 404, detail: DESK_TEXTS.notFound } };

/**
 * The front desk's calls on visits (core/cabinet/desk-calls.ts): they change appointments, so
 * they live with the booking rules (ADR 034); the cabinet's pages make them.
 */
export function deskRoutes(app: FastifyInstance, booking: BookingService) {
  serve(
    app,
    cabinetDeskBook,
    { body: DeskBookingBodySchema, reply: DeskBookedSchema },
    async (request, reply) => {
      const booked = await booking.deskBook(await request.viewer(), request.body);
      reply.status(201);
      return booked;
    },
  );

  serve(
    app,
    cabinetDeskMove,
    {
      params: CabinetIdParamsSchema,
      body: DeskMoveBodySchema,
      reply: DeskVisitSchema,
      invalid: unknownVisit,
    },
    async (request) => booking.deskMove(await request.viewer(), request.params.id, request.body),
  );

  serve(
    app,
    cabinetDeskConfirm,
    { params: CabinetIdParamsSchema, reply: DeskVisitSchema, invalid: unknownVisit },
    async (request) => booking.deskConfirm(await request.viewer(), request.params.id),
  );
}
