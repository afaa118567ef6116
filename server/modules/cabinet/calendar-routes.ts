import type { FastifyInstance } from 'fastify';
import {
  cabinetCalendar,
  cabinetPatientCard,
  cabinetPatientNote,
} from '../../../core/cabinet/calendar-calls';
import {
  CalendarQuerySchema,
  CalendarSchema,
  PatientCardSchema,
  PatientNoteBodySchema,
  PatientNoteSchema,
  PatientParamsSchema,
} from '../../../core/cabinet/calendar-contracts';
import { PATIENT_TEXTS } from '../../../core/cabinet/patient-card';
import { serve } from '../../http/route';
import type { CabinetService } from './service';

/** The calendar and the patient card at the desk (calendar.ts). */
export function calendarRoutes(app: FastifyInstance, cabinet: CabinetService) {
  serve(
    app,
    cabinetCalendar,
    { query: CalendarQuerySchema, reply: CalendarSchema },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return cabinet.calendar(await request.viewer(), request.query);
    },
  );

  serve(
    app,
    cabinetPatientCard,
    {
      params: PatientParamsSchema,
      reply: PatientCardSchema,
      // A malformed id is a visit that is not there.
      invalid: { params: { status: 404, detail: PATIENT_TEXTS.notFound } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return cabinet.patientCard(await request.viewer(), request.params.id);
    },
  );

  serve(
    app,
    cabinetPatientNote,
    {
      params: PatientParamsSchema,
      body: PatientNoteBodySchema,
      reply: PatientNoteSchema,
      invalid: { params: { status: 404, detail: PATIENT_TEXTS.notFound } },
    },
    async (request) => cabinet.savePatientNote(await request.viewer(), request.params.id, request.body.text),
  );
}
