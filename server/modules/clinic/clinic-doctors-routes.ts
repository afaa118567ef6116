import type { FastifyInstance } from 'fastify';
import { ClinicDoctorsQuerySchema, ClinicIdParamSchema } from '../../../core/clinic/call-schemas';
import type { ClinicDoctorsService } from './clinic-doctors-service';
import { isStaffViewer } from './staff-view';

/** The clinic doctors page's filtered list: GET /ajax/lpu/{id}/doctors/?speciality&staj&gender&na_dom&name&page. */
export async function clinicDoctorsRoutes(
  app: FastifyInstance,
  { clinicDoctors }: { clinicDoctors: ClinicDoctorsService },
) {
  app.get('/ajax/lpu/:id/doctors/', async (request, reply) => {
    const params = ClinicIdParamSchema.safeParse(request.params);
    if (!params.success) return reply.status(400).send({ detail: params.error.issues[0].message });
    const parsed = ClinicDoctorsQuerySchema.safeParse(request.query);
    if (!parsed.success) return reply.status(400).send({ detail: parsed.error.issues[0].message });
    const q = parsed.data;
    const result = await clinicDoctors.list(params.data.id, {
      speciality: q.speciality,
      staj: q.staj,
      gender: q.gender,
      naDom: q.na_dom,
      name: q.name,
      page: q.page,
      showAll: q.show_all && (await isStaffViewer(request)),
    });
    if (!result.ok) return reply.status(result.status).send({ detail: result.detail });
    return result.list;
  });
}
