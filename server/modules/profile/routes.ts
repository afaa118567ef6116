import type { FastifyInstance } from 'fastify';
import { zonedDay } from '../../../core/dates/zoned';
import {
  profileDelete,
  profileDeleteCancel,
  profileEmail,
  profileEmailConfirm,
  profileNotifications,
  relativeAdd,
  relativeEdit,
  relativeRemove,
  relativesList,
} from '../../../core/profile/calls';
import {
  EmailBodySchema,
  EmailConfirmSchema,
  NotificationsBodySchema,
  ProfileSchema,
  RelativeListSchema,
  RelativeParamsSchema,
  RelativeSchema,
  relativeSchema,
} from '../../../core/profile/contracts';
import { PROFILE_TEXTS } from '../../../core/profile/rules';
import type { Clock } from '../../clock';
import { serve } from '../../http/route';
import { hashToken, SESSION_COOKIE } from '../auth/sessions';
import type { ProfileService } from './service';

/** A malformed relative id meets the same 404 as another patient's. */
const unknownRelative = { params: { status: 404, detail: PROFILE_TEXTS.relativeNotFound } };

/**
 * The patient's profile calls (core/profile/calls.ts): relatives, the e-mail and its link, the
 * e-mail copies, deleting and cancelling the deletion. Behind the CSRF check like every call.
 */
export async function profileRoutes(
  app: FastifyInstance,
  { profile, clock }: { profile: ProfileService; clock: Clock },
) {
  // The birth date's latest day: Moscow's today, as the booking call's (the latest zone would
  // let a date a day ahead through; a day's difference never matters for a relative).
  const RelativeBodySchema = relativeSchema(() => zonedDay(clock.now(), 'Europe/Moscow').date);

  serve(app, relativesList, { reply: RelativeListSchema }, async (request) =>
    profile.relatives(await request.viewer()),
  );

  serve(app, relativeAdd, { body: RelativeBodySchema, reply: RelativeSchema }, async (request, reply) => {
    const added = await profile.addRelative(await request.viewer(), request.body);
    reply.status(201);
    return added;
  });

  serve(
    app,
    relativeEdit,
    {
      params: RelativeParamsSchema,
      body: RelativeBodySchema,
      reply: RelativeSchema,
      invalid: unknownRelative,
    },
    async (request) => profile.editRelative(await request.viewer(), request.params.id, request.body),
  );

  serve(app, relativeRemove, { params: RelativeParamsSchema, invalid: unknownRelative }, async (request) => {
    await profile.removeRelative(await request.viewer(), request.params.id);
    return { ok: true as const };
  });

  serve(app, profileEmail, { body: EmailBodySchema, reply: ProfileSchema }, async (request) =>
    profile.changeEmail(await request.viewer(), request.body.email),
  );

  serve(app, profileEmailConfirm, { body: EmailConfirmSchema, reply: ProfileSchema }, async (request) =>
    profile.confirmEmail(await request.viewer(), request.body.token),
  );

  serve(app, profileNotifications, { body: NotificationsBodySchema, reply: ProfileSchema }, async (request) =>
    profile.setNotifications(await request.viewer(), request.body.email),
  );

  serve(app, profileDelete, { reply: ProfileSchema }, async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    return profile.startDeletion(await request.viewer(), token ? hashToken(token) : null);
  });

  serve(app, profileDeleteCancel, { reply: ProfileSchema }, async (request) =>
    profile.cancelDeletion(await request.viewer()),
  );
}
