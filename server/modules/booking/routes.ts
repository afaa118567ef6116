import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CallbackSchema, MIN_HOURS_TO_CALL } from '../../../core/booking/callback';
import {
  BOOKING_ERRORS,
  BOOKING_TITLES,
  bookingSchema,
  fieldErrors,
  HoldSchema,
} from '../../../core/booking/form';
import { icsFile } from '../../../core/booking/ics';
import { formatVisitTime } from '../../../core/booking/visit';
import { zonedDay } from '../../../core/dates/zoned';
import type { Clock } from '../../clock';
import type { AppointmentRow } from './repo';
import type { BookingService } from './service';

/** The easternmost Russian zone: a birth date 'today' there is not in the future anywhere in Russia. */
const LATEST_ZONE = 'Asia/Kamchatka';

/** The page of a booked appointment; the token lets a patient in from the SMS or the .ics file. */
export function appointmentPageUrl(a: Pick<AppointmentRow, 'id' | 'cancelToken'>): string {
  return `/appointment/${a.id}/?token=${encodeURIComponent(a.cancelToken ?? '')}`;
}

export function appointmentIcsUrl(a: Pick<AppointmentRow, 'id' | 'cancelToken'>): string {
  return `/appointment/${a.id}/ics/?token=${encodeURIComponent(a.cancelToken ?? '')}`;
}

function publicAppointment(a: AppointmentRow) {
  return {
    id: a.id,
    status: a.status,
    doctor_id: a.doctorId,
    lpu_id: a.clinicId,
    type: a.visitType,
    starts_at: a.startsAt,
    ends_at: a.endsAt,
    price: a.price,
    url: appointmentPageUrl(a),
    ics_url: appointmentIcsUrl(a),
  };
}

const IdParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const TokenQuery = z.object({ token: z.string().max(64).optional() });

/**
 * Booking calls (the spec shows the booking pages and their outcomes, not this call's path):
 * POST /ajax/appointment/create/ → 201 {appointment} (200 when the same request_key booked
 * already), 409 {title, reason, detail, alternatives} when the time is gone, 400 {detail, errors};
 * POST /ajax/appointment/hold/ {doctor_id, lpu_id, slot, type} → 201 {hold_id, expires_at} (the time
 * kept while the form is filled; 409 like a booking), POST /ajax/appointment/hold/{id}/release/;
 * POST /ajax/appointment/callback/ {doctor_id, lpu_id, date, times} → 201 when no slot suits;
 * POST /ajax/appointment/{id}/cancel/ {token?}; GET /appointment/{id}/ics/?token= (text/calendar).
 */
export async function bookingRoutes(
  app: FastifyInstance,
  { booking, clock }: { booking: BookingService; clock: Clock },
) {
  app.post('/ajax/appointment/create/', async (request, reply) => {
    const parsed = bookingSchema(zonedDay(clock.now(), LATEST_ZONE).date).safeParse(request.body ?? {});
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      const first = Object.values(errors)[0] ?? BOOKING_ERRORS.badRequest;
      return reply.status(400).send({ detail: first, errors });
    }
    const viewer = await request.viewer();
    const result = await booking.book(viewer, parsed.data);
    reply.header('cache-control', 'private, no-store');
    if (!result.ok) {
      return reply.status(409).send({
        title: BOOKING_TITLES.failure,
        reason: result.reason,
        detail: result.detail,
        alternatives: result.alternatives,
      });
    }
    return reply
      .status(result.created ? 201 : 200)
      .send({ appointment: publicAppointment(result.appointment) });
  });

  app.post('/ajax/appointment/callback/', async (request, reply) => {
    const parsed = CallbackSchema.safeParse(request.body ?? {});
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      return reply
        .status(400)
        .send({ detail: Object.values(errors)[0] ?? BOOKING_ERRORS.badRequest, errors });
    }
    const saved = await booking.requestCallback(await request.viewer(), parsed.data);
    return reply.status(201).send({ ...saved, min_hours_to_call: MIN_HOURS_TO_CALL });
  });

  app.post('/ajax/appointment/hold/', async (request, reply) => {
    const parsed = HoldSchema.safeParse(request.body ?? {});
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      return reply
        .status(400)
        .send({ detail: Object.values(errors)[0] ?? BOOKING_ERRORS.badRequest, errors });
    }
    const result = await booking.hold(await request.viewer(), parsed.data);
    reply.header('cache-control', 'private, no-store');
    if (!result.ok)
      return reply.status(409).send({
        title: BOOKING_TITLES.failure,
        reason: result.reason,
        detail: result.detail,
        alternatives: result.alternatives,
      });
    return reply.status(201).send({ hold_id: result.id, expires_at: result.expiresAt });
  });

  app.post<{ Params: { id: string } }>('/ajax/appointment/hold/:id/release/', async (request, reply) => {
    const params = IdParam.safeParse(request.params);
    if (!params.success) return reply.status(404).send({ detail: 'Не найдено' });
    return booking.release(await request.viewer(), params.data.id);
  });

  app.post<{ Params: { id: string } }>('/ajax/appointment/:id/cancel/', async (request, reply) => {
    const params = IdParam.safeParse(request.params);
    const body = TokenQuery.safeParse(request.body ?? {});
    if (!params.success || !body.success) return reply.status(404).send({ detail: 'Запись не найдена' });
    const viewer = await request.viewer();
    return booking.cancel(viewer, params.data.id, body.data.token ?? null);
  });

  app.get<{ Params: { id: string } }>('/appointment/:id/ics/', async (request, reply) => {
    const params = IdParam.safeParse(request.params);
    const query = TokenQuery.safeParse(request.query);
    if (!params.success || !query.success) return reply.status(404).send({ detail: 'Запись не найдена' });
    const seen = await booking.view(await request.viewer(), params.data.id, query.data.token ?? null);
    if (!seen?.subject) return reply.status(404).send({ detail: 'Запись не найдена' });
    const { appointment: a, subject: t } = seen;
    const origin = `${request.protocol}://${request.host}`;
    const body = icsFile({
      uid: `appointment-${a.id}@${request.hostname}`,
      startsAt: new Date(a.startsAt),
      endsAt: new Date(a.endsAt),
      summary: t.kind === 'doctor' ? `Приём: ${t.title}` : t.title,
      location: `${t.clinicName}, ${t.address}`,
      description: `${formatVisitTime(a.startsAt, t.tz)}. Запись и отмена: ${origin}${appointmentPageUrl(a)}`,
      stamp: clock.now(),
    });
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="appointment-${a.id}.ics"`)
      .header('cache-control', 'private, no-store')
      .send(body);
  });
}
