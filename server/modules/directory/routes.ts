import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TownService } from '../towns/service';
import type { DirectoryService } from './service';

const DoctorListQuery = z.object({
  town: z.string().regex(/^[a-z-]{2,40}$/, 'Неизвестный город'),
  speciality: z
    .string()
    .regex(/^[a-z0-9-]{2,60}$/)
    .optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

/**
 * JSON view of the doctor list, the same data the list page renders; used by the booking and
 * search widgets of later issues and by the API tests.
 */
const ClinicIds = z.object({
  lpus: z
    .array(
      z.coerce
        .number('Некорректный идентификатор клиники')
        .int('Некорректный идентификатор клиники')
        .positive('Некорректный идентификатор клиники'),
      'Не передан список клиник',
    )
    .min(1, 'Не передан список клиник')
    .max(100, 'Не больше 100 клиник за запрос'),
});

export async function directoryRoutes(
  app: FastifyInstance,
  { directory, towns }: { directory: DirectoryService; towns: TownService },
) {
  app.get('/api/doctors/', async (request, reply) => {
    const parsed = DoctorListQuery.safeParse(request.query);
    if (!parsed.success) return reply.status(400).send({ detail: parsed.error.issues[0].message });
    const q = parsed.data;
    const town = await towns.bySlug(q.town);
    if (!town) return reply.status(404).send({ detail: 'Город не найден' });
    const speciality = q.speciality ? await directory.specialityBySlug(q.speciality) : null;
    if (q.speciality && !speciality) return reply.status(404).send({ detail: 'Специальность не найдена' });
    const list = await directory.doctorList(town, { specialityId: speciality?.id, page: q.page });
    return { total: list.total, num_pages: list.numPages, current_page: q.page, data: list.doctors };
  });

  app.post('/ajax/lpus/specialities/', async (request, reply) => {
    const parsed = ClinicIds.safeParse(request.body);
    if (!parsed.success) return reply.status(400).send({ detail: parsed.error.issues[0].message });
    const ids = [...new Set(parsed.data.lpus)];
    return { specialities_by_lpu: await directory.specialitiesByClinic(ids) };
  });

  app.get<{ Params: { id: string } }>('/ajax/lpu/:id/covid_rules/', async (request, reply) => {
    const id = Number(request.params.id);
    const rules = Number.isInteger(id) && id > 0 ? await directory.covidRules(id) : null;
    if (!rules) return reply.status(404).send({ detail: 'Клиника не найдена' });
    return rules;
  });
}
