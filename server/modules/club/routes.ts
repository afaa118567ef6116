import type { FastifyInstance } from 'fastify';
import {
  clubCardRequest,
  clubCardRequestStatus,
  clubCouponPay,
  clubCouponRequest,
  clubCouponStatus,
  clubJoin,
  clubUserData,
} from '../../../core/club/calls';
import {
  CardRequestBodySchema,
  CardRequestCreatedSchema,
  CardRequestParamsSchema,
  CardRequestStatusSchema,
  ClubJoinedSchema,
  ClubUserDataSchema,
  CouponPaymentSchema,
  CouponRequestCreatedSchema,
  CouponRequestSchema,
  couponRequestSchema,
} from '../../../core/club/contracts';
import { CLUB_TEXTS } from '../../../core/club/rules';
import { zonedDay } from '../../../core/dates/zoned';
import type { Clock } from '../../clock';
import { serve } from '../../http/route';
import type { CouponService } from './coupons';
import type { ClubService } from './service';

/** The easternmost Russian zone: a birth date 'today' there is not in the future anywhere in Russia. */
const LATEST_ZONE = 'Asia/Kamchatka';

/** The provider's payment notifications arrive here (set it as the HTTP notification URL). */
export const CLUB_NOTIFICATION_PATH = '/club/ajax/payments/notifications/';

const unknownRequest = { params: { status: 404, detail: CLUB_TEXTS.requestNotFound } };
const unknownCoupon = { params: { status: 404, detail: CLUB_TEXTS.couponNotFound } };
const invalidBody = { body: { detail: CLUB_TEXTS.badEmail } };

/** The card calls (core/club/calls.ts), in the API scope (CSRF on the POSTs). */
export async function clubRoutes(
  app: FastifyInstance,
  { club, coupons, clock }: { club: ClubService; coupons: CouponService; clock: Clock },
) {
  const CouponBodySchema = couponRequestSchema(() => zonedDay(clock.now(), LATEST_ZONE).date);
  // Its own scope: the join call has no body but may still say Content-Type: application/json.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      const text = String(body);
      if (text.trim() === '') return done(null, undefined);
      try {
        done(null, JSON.parse(text));
      } catch {
        done(Object.assign(new Error('Некорректный JSON'), { statusCode: 400 }), undefined);
      }
    });

    serve(scope, clubUserData, { reply: ClubUserDataSchema }, async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return club.userData(await request.viewer());
    });

    serve(scope, clubJoin, { reply: ClubJoinedSchema }, async (request, reply) => {
      const { card, created } = await club.join(await request.viewer());
      reply.status(created ? 201 : 200);
      return card;
    });

    serve(
      scope,
      clubCardRequest,
      { body: CardRequestBodySchema, reply: CardRequestCreatedSchema, invalid: invalidBody },
      async (request, reply) => {
        const created = await club.requestCard(await request.viewer(), request.body);
        reply.status(201);
        return created;
      },
    );

    serve(
      scope,
      clubCardRequestStatus,
      { params: CardRequestParamsSchema, reply: CardRequestStatusSchema, invalid: unknownRequest },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return club.requestStatus(await request.viewer(), request.params.id);
      },
    );

    serve(
      scope,
      clubCouponRequest,
      {
        body: CouponBodySchema,
        reply: CouponRequestCreatedSchema,
        invalid: { body: { detail: CLUB_TEXTS.badCoupon } },
      },
      async (request, reply) => {
        const created = await coupons.requestCoupon(await request.viewer(), request.body);
        reply.status(201);
        return created;
      },
    );

    serve(
      scope,
      clubCouponStatus,
      { params: CardRequestParamsSchema, reply: CouponRequestSchema, invalid: unknownCoupon },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return coupons.couponStatus(await request.viewer(), request.params.id);
      },
    );

    serve(
      scope,
      clubCouponPay,
      { params: CardRequestParamsSchema, reply: CouponPaymentSchema, invalid: unknownCoupon },
      async (request) => coupons.payCoupon(await request.viewer(), request.params.id),
    );
  });
}

/**
 * The payment provider's notifications: no session and no CSRF token (the provider is no
 * browser), so outside the API scope. Trusted only from the provider's addresses, and even
 * then only as "read this payment again". 200 acknowledges (the provider stops repeating);
 * a provider outage while re-reading answers 503 so that it repeats later.
 */
export async function clubNotificationRoutes(app: FastifyInstance, { club }: { club: ClubService }) {
  // Server to server: exempt from the Origin / Sec-Fetch-Site check (server/security/csrf.ts).
  const options = {
    bodyLimit: 64 * 1024,
    config: { serverToServer: "the payment provider's notifications" },
  };
  app.post(CLUB_NOTIFICATION_PATH, options, async (request, reply) => {
    const outcome = await club.notified(request.body, request.ip);
    if (outcome === 'refused')
      return reply.status(403).send({ detail: 'Уведомление не принято', code: 'forbidden' });
    if (outcome === 'unreadable')
      return reply.status(400).send({ detail: 'Уведомление не распознано', code: 'bad_request' });
    if (outcome === 'unavailable')
      return reply
        .status(503)
        .header('retry-after', '60')
        .send({ detail: 'Платёжный сервис недоступен', code: 'service_unavailable' });
    return reply.status(200).send({ ok: true });
  });
}
