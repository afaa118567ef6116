import type { FastifyInstance } from 'fastify';
import { CALLBACK_TEXTS } from '../../../core/cabinet/callbacks';
import {
  cabinetAccessibility,
  cabinetAddDaysOff,
  cabinetCallbackOutcome,
  cabinetCallbacks,
  cabinetDaysOff,
  cabinetHours,
  cabinetReception,
  cabinetRemoveDayOff,
  cabinetSetAccessibility,
  cabinetSetBooking,
  cabinetSetHours,
  cabinetSetSettings,
  cabinetSettings,
  cabinetVisitStatus,
} from '../../../core/cabinet/calls';
import { ClinicAccessibilitySchema } from '../../../core/cabinet/clinic-page-contracts';
import {
  BookingToggleBodySchema,
  BookingToggledSchema,
  CabinetCallbackSchema,
  CabinetCallbacksSchema,
  CabinetIdParamsSchema,
  CallbackOutcomeBodySchema,
  CallbacksQuerySchema,
  ClinicSettingsBodySchema,
  ClinicSettingsSchema,
  DayOffRemovedSchema,
  DaysOffAddedSchema,
  DaysOffBodySchema,
  DaysOffQuerySchema,
  DaysOffSchema,
  HoursBodySchema,
  HoursQuerySchema,
  HoursSavedSchema,
  HoursSchema,
  ReceptionQuerySchema,
  ReceptionSchema,
  ReceptionVisitSchema,
  VisitStatusBodySchema,
} from '../../../core/cabinet/contracts';
import { DAYS_OFF_TEXTS } from '../../../core/cabinet/days-off';
import {
  cabinetHomeVisits,
  cabinetSetHomeVisits,
  HomeVisitSettingsBodySchema,
  HomeVisitSettingsSchema,
} from '../../../core/cabinet/home-visits';
import {
  ClinicNotificationsBodySchema,
  ClinicNotificationsSchema,
} from '../../../core/cabinet/notification-contracts';
import { cabinetNotifications, cabinetSetNotifications } from '../../../core/cabinet/notifications';
import { STATUS_CHANGE_TEXTS } from '../../../core/cabinet/reception';
import { serve } from '../../http/route';
import { blocksRoutes } from './blocks-routes';
import { calendarRoutes } from './calendar-routes';
import type { ClinicPageEditor } from './clinic-page';
import { clinicPageRoutes } from './clinic-page-routes';
import { hoursRoutes } from './hours-routes';
import type { CabinetService } from './service';

/** The cabinet's calls (docs/product/cabinet.md): doctors and clinics only, their own data only. */
export async function cabinetRoutes(
  app: FastifyInstance,
  { cabinet, clinicPage }: { cabinet: CabinetService; clinicPage: ClinicPageEditor },
) {
  serve(app, cabinetAccessibility, { reply: ClinicAccessibilitySchema }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return clinicPage.accessibility(await request.viewer());
  });

  serve(
    app,
    cabinetSetAccessibility,
    { body: ClinicAccessibilitySchema, reply: ClinicAccessibilitySchema },
    async (request) => clinicPage.setAccessibility(await request.viewer(), request.body),
  );
  clinicPageRoutes(app, clinicPage);

  serve(
    app,
    cabinetReception,
    { query: ReceptionQuerySchema, reply: ReceptionSchema },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return cabinet.reception(await request.viewer(), request.query);
    },
  );

  serve(
    app,
    cabinetVisitStatus,
    {
      params: CabinetIdParamsSchema,
      body: VisitStatusBodySchema,
      reply: ReceptionVisitSchema,
      // A malformed id is a visit that is not there.
      invalid: { params: { status: 404, detail: STATUS_CHANGE_TEXTS.notFound } },
    },
    async (request) => cabinet.mark(await request.viewer(), request.params.id, request.body),
  );

  serve(app, cabinetSettings, { reply: ClinicSettingsSchema }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return cabinet.settings(await request.viewer());
  });

  serve(
    app,
    cabinetSetSettings,
    { body: ClinicSettingsBodySchema, reply: ClinicSettingsSchema },
    async (request) => cabinet.setSettings(await request.viewer(), request.body),
  );

  serve(app, cabinetHomeVisits, { reply: HomeVisitSettingsSchema }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return cabinet.homeVisitSettings(await request.viewer());
  });

  serve(
    app,
    cabinetSetHomeVisits,
    { body: HomeVisitSettingsBodySchema, reply: HomeVisitSettingsSchema },
    async (request) => cabinet.setHomeVisitSettings(await request.viewer(), request.body),
  );

  serve(app, cabinetNotifications, { reply: ClinicNotificationsSchema }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return cabinet.notifications(await request.viewer());
  });

  serve(
    app,
    cabinetSetNotifications,
    { body: ClinicNotificationsBodySchema, reply: ClinicNotificationsSchema },
    async (request) => cabinet.setNotifications(await request.viewer(), request.body),
  );

  serve(app, cabinetDaysOff, { query: DaysOffQuerySchema, reply: DaysOffSchema }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return cabinet.daysOff(await request.viewer(), request.query);
  });

  serve(
    app,
    cabinetAddDaysOff,
    { body: DaysOffBodySchema, reply: DaysOffAddedSchema },
    async (request, reply) => {
      const added = await cabinet.addDaysOff(await request.viewer(), request.body);
      reply.status(added.added > 0 ? 201 : 200);
      return added;
    },
  );

  serve(
    app,
    cabinetRemoveDayOff,
    {
      params: CabinetIdParamsSchema,
      reply: DayOffRemovedSchema,
      invalid: { params: { status: 404, detail: DAYS_OFF_TEXTS.notFound } },
    },
    async (request) => cabinet.removeDayOff(await request.viewer(), request.params.id),
  );

  serve(
    app,
    cabinetCallbacks,
    { query: CallbacksQuerySchema, reply: CabinetCallbacksSchema },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return cabinet.callbacks(await request.viewer(), request.query.status);
    },
  );

  serve(
    app,
    cabinetCallbackOutcome,
    {
      params: CabinetIdParamsSchema,
      body: CallbackOutcomeBodySchema,
      reply: CabinetCallbackSchema,
      invalid: { params: { status: 404, detail: CALLBACK_TEXTS.notFound } },
    },
    async (request) => cabinet.answerCallback(await request.viewer(), request.params.id, request.body.status),
  );

  serve(app, cabinetHours, { query: HoursQuerySchema, reply: HoursSchema }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return cabinet.hours(await request.viewer(), request.query);
  });

  serve(app, cabinetSetHours, { body: HoursBodySchema, reply: HoursSavedSchema }, async (request) =>
    cabinet.setHours(await request.viewer(), request.body),
  );

  serve(
    app,
    cabinetSetBooking,
    { body: BookingToggleBodySchema, reply: BookingToggledSchema },
    async (request) => cabinet.setBooking(await request.viewer(), request.body),
  );

  hoursRoutes(app, cabinet);
  blocksRoutes(app, cabinet);
  calendarRoutes(app, cabinet);
}
