import type { FastifyInstance } from 'fastify';
import {
  addressSchedule,
  clinicDoctors,
  covidRules,
  priceList,
  promotionsArchive,
} from '../../../core/clinic/calls';
import {
  AddressScheduleQuerySchema,
  AddressScheduleSchema,
  ClinicDoctorsListSchema,
  ClinicDoctorsParamsSchema,
  ClinicDoctorsQuerySchema,
  ClinicIdParamsSchema,
  CovidRulesSchema,
  PriceListPageSchema,
  PriceListQuerySchema,
  PromotionsArchiveQuerySchema,
} from '../../../core/clinic/contracts';
import { serve } from '../../http/route';
import { renderArchive } from './archive-html';
import type { ClinicDoctorsService } from './doctors-service';
import { renderLicenceSvg } from './licence-svg';
import type { ClinicPriceListService } from './price-list-service';
import type { ClinicService } from './service';

/** The clinic page's calls: its price list, its doctors, address schedules, rules and archive. */
export async function clinicRoutes(
  app: FastifyInstance,
  {
    clinics,
    clinicDoctors: doctors,
    priceList: prices,
  }: { clinics: ClinicService; clinicDoctors: ClinicDoctorsService; priceList: ClinicPriceListService },
) {
  serve(app, priceList, { query: PriceListQuerySchema, reply: PriceListPageSchema }, async (request) => {
    const q = request.query;
    return prices.page(
      {
        clinicId: q.lpu_id,
        text: q.search_query,
        category: q.service_category_name,
        onlineOnly: q.is_available_appointment_direct,
      },
      q.page,
    );
  });

  serve(
    app,
    clinicDoctors,
    { params: ClinicDoctorsParamsSchema, query: ClinicDoctorsQuerySchema, reply: ClinicDoctorsListSchema },
    async (request) => {
      const q = request.query;
      return doctors.list(request.params.id, {
        speciality: q.speciality,
        staj: q.staj,
        gender: q.gender,
        naDom: q.na_dom,
        name: q.name,
        page: q.page,
        // Staff see every matching card without paging; `show_all` from anyone else is ignored.
        showAll: q.show_all && (await request.viewer()).isStaff,
      });
    },
  );

  serve(
    app,
    addressSchedule,
    { params: ClinicIdParamsSchema, query: AddressScheduleQuerySchema, reply: AddressScheduleSchema },
    async (request) => clinics.addressSchedule(request.params.id, request.query.address),
  );

  serve(
    app,
    covidRules,
    {
      params: ClinicIdParamsSchema,
      reply: CovidRulesSchema,
      invalid: { params: { status: 404, detail: 'Клиника не найдена' } },
    },
    async (request) => clinics.covidRules(request.params.id),
  );

  serve(
    app,
    promotionsArchive,
    { params: ClinicIdParamsSchema, query: PromotionsArchiveQuerySchema },
    async (request, reply) => {
      const { page } = request.query;
      const archive = await clinics.promotionsArchive(request.params.id, page);
      return reply.type('text/html; charset=utf-8').send(
        renderArchive({
          clinicId: request.params.id,
          page,
          numPages: archive.numPages,
          items: archive.items,
        }),
      );
    },
  );

  /** The licence image of the gallery for licences without an uploaded scan. */
  app.get<{ Params: { file: string } }>('/media/licences/:file', async (request, reply) => {
    const match = /^(\d{1,9})\.svg$/.exec(request.params.file);
    const licence = await clinics.licence(match ? Number(match[1]) : null);
    return reply
      .type('image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(renderLicenceSvg(licence));
  });
}
