import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { renderArchive } from './archive-html';
import { renderLicenceSvg } from './licence-svg';
import type { ClinicPageService } from './service';

const ClinicId = z.coerce
  .number('Некорректный идентификатор клиники')
  .int('Некорректный идентификатор клиники')
  .positive('Некорректный идентификатор клиники')
  .max(2_147_483_647, 'Некорректный идентификатор клиники');

const ScheduleQuery = z.object({
  address: z.string('Не передан адрес').trim().min(1, 'Не передан адрес').max(300, 'Слишком длинный адрес'),
});

const ArchiveQuery = z.object({
  page: z.coerce
    .number('Некорректный номер страницы')
    .int('Некорректный номер страницы')
    .min(1, 'Некорректный номер страницы')
    .max(100_000, 'Некорректный номер страницы')
    .default(1),
});

const CLINIC_NOT_FOUND = 'Клиника не найдена';

export async function clinicPageRoutes(
  app: FastifyInstance,
  { clinicPage }: { clinicPage: ClinicPageService },
) {
  /** Spec section 7: the schedule of one clinic address, for the address tooltip and panel. */
  app.get<{ Params: { id: string } }>('/ajax/lpu/:id/schedule/', async (request, reply) => {
    const id = ClinicId.safeParse(request.params.id);
    if (!id.success) return reply.status(400).send({ detail: id.error.issues[0].message });
    const query = ScheduleQuery.safeParse(request.query);
    if (!query.success) return reply.status(400).send({ detail: query.error.issues[0].message });
    const schedule = await clinicPage.addressSchedule(id.data, query.data.address);
    if (!schedule) return reply.status(404).send({ detail: CLINIC_NOT_FOUND });
    if (schedule === 'unknown-address') {
      return reply.status(404).send({ detail: 'У клиники нет такого адреса' });
    }
    return schedule;
  });

  /** Spec section 7: the archived promotions popup body, an HTML fragment with page links. */
  app.get<{ Params: { id: string } }>('/ajax/lpu/:id/promotions/archive/', async (request, reply) => {
    const id = ClinicId.safeParse(request.params.id);
    if (!id.success) return reply.status(400).send({ detail: id.error.issues[0].message });
    const query = ArchiveQuery.safeParse(request.query);
    if (!query.success) return reply.status(400).send({ detail: query.error.issues[0].message });
    const { page } = query.data;
    const archive = await clinicPage.promotionsArchive(id.data, page);
    if (!archive) return reply.status(404).send({ detail: CLINIC_NOT_FOUND });
    if (page > archive.numPages) return reply.status(404).send({ detail: 'Такой страницы архива нет' });
    return reply
      .type('text/html; charset=utf-8')
      .send(renderArchive({ clinicId: id.data, page, numPages: archive.numPages, items: archive.items }));
  });

  /** The licence image of the gallery for licences without an uploaded scan. */
  app.get<{ Params: { file: string } }>('/media/licences/:file', async (request, reply) => {
    const match = /^(\d{1,9})\.svg$/.exec(request.params.file);
    const licence = match ? await clinicPage.licence(Number(match[1])) : null;
    if (!licence) return reply.status(404).send({ detail: 'Лицензия не найдена' });
    return reply
      .type('image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(renderLicenceSvg(licence));
  });
}
