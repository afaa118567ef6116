import type { FastifyInstance } from 'fastify';
import {
  appointmentIcs,
  cancelAppointment,
  claimWaitlistOffer,
  confirmAppointment,
  createAppointment,
  holdSlot,
  joinWaitlist,
  releaseHold,
  requestCallback,
  rescheduleAppointment,
  stopWaitlist,
} from '../../../core/booking/calls';
import {
  AppointmentParamsSchema,
  AppointmentTokenSchema,
  BookingCreatedSchema,
  bookingSchema,
  CallbackSavedSchema,
  CallbackSchema,
  CanceledSchema,
  ConfirmedSchema,
  HeldSchema,
  HoldSchema,
  OfferClaimedSchema,
  OfferTokenSchema,
  ReleasedSchema,
  RescheduleSchema,
  WaitlistSavedSchema,
  WaitlistSchema,
  WaitlistStoppedSchema,
  WaitlistStopSchema,
} from '../../../core/booking/contracts';
import { BOOKING_ERRORS } from '../../../core/booking/form';
import { formatVisitWhen } from '../../../core/booking/home-visit';
import { icsFile } from '../../../core/booking/ics';
import { appointmentPageUrl } from '../../../core/booking/urls';
import { WAITLIST_TEXTS } from '../../../core/booking/waitlist';
import { zonedDay } from '../../../core/dates/zoned';
import { onlineRoomIcs } from '../../../core/online/room';
import type { Clock } from '../../clock';
import { notFound } from '../../http/errors';
import { serve } from '../../http/route';
import { CANCEL_ERRORS } from './cancel';
import { deskRoutes } from './desk-routes';
import type { BookingService } from './service';

/** The easternmost Russian zone: a birth date 'today' there is not in the future anywhere in Russia. */
const LATEST_ZONE = 'Asia/Kamchatka';

/** A body that is not even an object: the form's general message. */
const invalidBody = { body: { detail: BOOKING_ERRORS.badRequest } };
const unknownAppointment = { status: 404, detail: CANCEL_ERRORS.notFound };

/**
 * The booking calls (core/booking/calls.ts). A refusal is the service's DomainError: 409 with
 * the title, the reason, the text and the nearest free times when the time is gone; 400 with the
 * form's messages by field (`errors`) when the body is wrong.
 */
export async function bookingRoutes(
  app: FastifyInstance,
  {
    booking,
    clock,
    publicOrigin,
  }: {
    booking: BookingService;
    clock: Clock;
    /** The site's public origin (PUBLIC_URL): the calendar file links back to it. */
    publicOrigin: string;
  },
) {
  const BookingBodySchema = bookingSchema(() => zonedDay(clock.now(), LATEST_ZONE).date);

  serve(
    app,
    createAppointment,
    { body: BookingBodySchema, reply: BookingCreatedSchema, invalid: invalidBody },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const { appointment, created } = await booking.book(await request.viewer(), request.body);
      reply.status(created ? 201 : 200);
      return { appointment };
    },
  );

  serve(
    app,
    requestCallback,
    { body: CallbackSchema, reply: CallbackSavedSchema, invalid: invalidBody },
    async (request, reply) => {
      const saved = await booking.requestCallback(await request.viewer(), request.body);
      reply.status(201);
      return saved;
    },
  );

  serve(
    app,
    holdSlot,
    { body: HoldSchema, reply: HeldSchema, invalid: invalidBody },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const held = await booking.hold(await request.viewer(), request.body);
      reply.status(201);
      return held;
    },
  );

  serve(
    app,
    releaseHold,
    {
      params: AppointmentParamsSchema,
      reply: ReleasedSchema,
      invalid: { params: { status: 404, detail: 'Не найдено' } },
    },
    async (request) => booking.release(await request.viewer(), request.params.id),
  );

  serve(
    app,
    cancelAppointment,
    {
      params: AppointmentParamsSchema,
      body: AppointmentTokenSchema,
      reply: CanceledSchema,
      invalid: { params: unknownAppointment, body: unknownAppointment },
    },
    async (request) => booking.cancel(await request.viewer(), request.params.id, request.body.token ?? null),
  );

  serve(
    app,
    confirmAppointment,
    {
      params: AppointmentParamsSchema,
      body: AppointmentTokenSchema,
      reply: ConfirmedSchema,
      invalid: { params: unknownAppointment, body: unknownAppointment },
    },
    async (request) => booking.confirm(await request.viewer(), request.params.id, request.body.token ?? null),
  );

  serve(
    app,
    rescheduleAppointment,
    {
      params: AppointmentParamsSchema,
      body: RescheduleSchema,
      reply: BookingCreatedSchema,
      invalid: { params: unknownAppointment },
    },
    async (request) => booking.reschedule(await request.viewer(), request.params.id, request.body),
  );

  serve(
    app,
    joinWaitlist,
    { body: WaitlistSchema, reply: WaitlistSavedSchema, invalid: invalidBody },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const saved = await booking.joinWaitlist(await request.viewer(), request.body);
      reply.status(201);
      return saved;
    },
  );

  const unknownOffer = { status: 404, detail: WAITLIST_TEXTS.offerUnknown };
  serve(
    app,
    stopWaitlist,
    {
      params: AppointmentParamsSchema,
      body: WaitlistStopSchema,
      reply: WaitlistStoppedSchema,
      invalid: { params: unknownOffer, body: unknownOffer },
    },
    async (request) =>
      booking.stopWaitlist(await request.viewer(), request.params.id, request.body.token ?? null),
  );

  serve(
    app,
    claimWaitlistOffer,
    { body: OfferTokenSchema, reply: OfferClaimedSchema, invalid: { body: unknownOffer } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const claimed = await booking.claimOffer(request.body.token);
      reply.status(201);
      return claimed;
    },
  );

  serve(
    app,
    appointmentIcs,
    {
      params: AppointmentParamsSchema,
      query: AppointmentTokenSchema,
      invalid: { params: unknownAppointment, query: unknownAppointment },
    },
    async (request, reply) => {
      const seen = await booking.view(await request.viewer(), request.params.id, request.query.token ?? null);
      if (!seen?.subject) throw notFound(CANCEL_ERRORS.notFound);
      const { appointment: a, subject: t } = seen;
      // A home visit: the doctor comes to the patient's address, within the clinic's window if it has one.
      const window = t.home?.windowMinutes ?? null;
      const body = icsFile({
        uid: `appointment-${a.id}@${new URL(publicOrigin).hostname}`,
        startsAt: new Date(a.startsAt),
        endsAt: window ? new Date(new Date(a.startsAt).getTime() + window * 60_000) : new Date(a.endsAt),
        summary: t.home
          ? `Вызов врача на дом: ${t.title}`
          : t.kind === 'doctor'
            ? `Приём: ${t.title}`
            : t.title,
        location: t.home ? t.home.address.line : `${t.clinicName}, ${t.address}`,
        description: `${formatVisitWhen(a.startsAt, t.tz, window)}. Запись и отмена: ${publicOrigin}${appointmentPageUrl(a)}`,
        stamp: clock.now(),
        canceled: a.status === 'canceled',
        sequence: a.sequence,
        // An online visit takes place in its room: the calendar's place and link are the room's.
        ...(a.visitType === 'telemed' ? onlineRoomIcs(publicOrigin, a.id) : {}),
      });
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="appointment-${a.id}.ics"`)
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );

  deskRoutes(app, booking);
}
