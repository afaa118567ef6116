import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  cabinetAddClinicHoliday,
  cabinetAddPromotion,
  cabinetClinicAbout,
  cabinetClinicHours,
  cabinetClinicPromotions,
  cabinetClinicRules,
  cabinetEndPromotion,
  cabinetRemoveClinicHoliday,
  cabinetSetClinicAbout,
  cabinetSetClinicHours,
  cabinetSetClinicRules,
  cabinetSetPromotion,
} from '../../../core/cabinet/calls';
import {
  ClinicAboutBodySchema,
  ClinicAboutSchema,
  ClinicHolidayBodySchema,
  ClinicHoursSchema,
  ClinicPromotionsSchema,
  ClinicRulesBodySchema,
  ClinicRulesSchema,
  ClinicWeekBodySchema,
  PromotionBodySchema,
} from '../../../core/cabinet/clinic-page-contracts';
import { CabinetIdParamsSchema } from '../../../core/cabinet/contracts';
import { CLINIC_PAGE_TEXTS as T } from '../../../core/clinic/page-editor';
import { serve } from '../../http/route';
import { clinicMediaRoutes } from './clinic-media-routes';
import type { ClinicPageEditor } from './clinic-page';

const privately = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');

/** The clinic page's cabinet calls beyond accessibility (docs/product/cabinet.md, 'The clinic page'). */
export function clinicPageRoutes(app: FastifyInstance, clinicPage: ClinicPageEditor) {
  const invalid = { body: { detail: T.bodyInvalid } };
  const holidayId = { params: { status: 404, detail: T.holidayNotFound } };
  const promotionId = { params: { status: 404, detail: T.promotionNotFound } };

  // The gallery, licences and equipment: a scope of their own, since two of their forms carry a file.
  app.register((scope) => clinicMediaRoutes(scope, clinicPage));

  serve(app, cabinetClinicAbout, { reply: ClinicAboutSchema }, async (request, reply) => {
    privately(reply);
    return clinicPage.about(await request.viewer());
  });
  serve(
    app,
    cabinetSetClinicAbout,
    { body: ClinicAboutBodySchema, reply: ClinicAboutSchema, invalid },
    async (request) => clinicPage.setAbout(await request.viewer(), request.body),
  );

  serve(app, cabinetClinicRules, { reply: ClinicRulesSchema }, async (request, reply) => {
    privately(reply);
    return clinicPage.rules(await request.viewer());
  });
  serve(
    app,
    cabinetSetClinicRules,
    { body: ClinicRulesBodySchema, reply: ClinicRulesSchema, invalid },
    async (request) => clinicPage.setRules(await request.viewer(), request.body.text),
  );

  serve(app, cabinetClinicHours, { reply: ClinicHoursSchema }, async (request, reply) => {
    privately(reply);
    return clinicPage.hours(await request.viewer());
  });
  serve(
    app,
    cabinetSetClinicHours,
    { body: ClinicWeekBodySchema, reply: ClinicHoursSchema, invalid },
    async (request) => clinicPage.setWeek(await request.viewer(), request.body.week),
  );
  serve(
    app,
    cabinetAddClinicHoliday,
    { body: ClinicHolidayBodySchema, reply: ClinicHoursSchema, invalid },
    async (request) => clinicPage.addHoliday(await request.viewer(), request.body),
  );
  serve(
    app,
    cabinetRemoveClinicHoliday,
    { params: CabinetIdParamsSchema, reply: ClinicHoursSchema, invalid: holidayId },
    async (request) => clinicPage.removeHoliday(await request.viewer(), request.params.id),
  );

  serve(app, cabinetClinicPromotions, { reply: ClinicPromotionsSchema }, async (request, reply) => {
    privately(reply);
    return clinicPage.promotions(await request.viewer());
  });
  serve(
    app,
    cabinetAddPromotion,
    { body: PromotionBodySchema, reply: ClinicPromotionsSchema, invalid },
    async (request) => clinicPage.addPromotion(await request.viewer(), request.body),
  );
  serve(
    app,
    cabinetSetPromotion,
    {
      params: CabinetIdParamsSchema,
      body: PromotionBodySchema,
      reply: ClinicPromotionsSchema,
      invalid: { ...invalid, ...promotionId },
    },
    async (request) => clinicPage.setPromotion(await request.viewer(), request.params.id, request.body),
  );
  serve(
    app,
    cabinetEndPromotion,
    { params: CabinetIdParamsSchema, reply: ClinicPromotionsSchema, invalid: promotionId },
    async (request) => clinicPage.endPromotion(await request.viewer(), request.params.id),
  );
}
