import type { FastifyInstance } from 'fastify';
import { clinicSpecialities, doctorList } from '../../../core/directory/calls';
import {
  ClinicSpecialitiesBodySchema,
  ClinicSpecialitiesSchema,
  DoctorListQuerySchema,
  DoctorListReplySchema,
} from '../../../core/directory/contracts';
import { notFound } from '../../http/errors';
import { serve } from '../../http/route';
import type { TownService } from '../towns/service';
import type { DirectoryService } from './service';

export async function directoryRoutes(
  app: FastifyInstance,
  { directory, towns }: { directory: DirectoryService; towns: TownService },
) {
  /** The JSON view of the doctor list, the same data the list page renders. */
  serve(app, doctorList, { query: DoctorListQuerySchema, reply: DoctorListReplySchema }, async (request) => {
    const q = request.query;
    const town = await towns.bySlug(q.town);
    if (!town) throw notFound('Город не найден');
    const speciality = q.speciality ? await directory.specialityBySlug(q.speciality) : null;
    if (q.speciality && !speciality) throw notFound('Специальность не найдена');
    const list = await directory.doctorList(town, { specialityId: speciality?.id, page: q.page });
    return { total: list.total, num_pages: list.numPages, current_page: q.page, data: list.doctors };
  });

  serve(
    app,
    clinicSpecialities,
    { body: ClinicSpecialitiesBodySchema, reply: ClinicSpecialitiesSchema },
    async (request) => ({
      specialities_by_lpu: await directory.specialitiesByClinic([...new Set(request.body.lpus)]),
    }),
  );
}
