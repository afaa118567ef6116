import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { ACTIVITY_SECTIONS } from '../../../core/directory/activities';
import { activitiesHtml, activityPageHtml } from './activities-html';
import type { DoctorPageService } from './service';

const doctorId = z
  .string()
  .regex(/^\d{1,9}$/, 'Некорректный идентификатор врача')
  .transform(Number)
  .refine((n) => n > 0, 'Некорректный идентификатор врача');

const ActivitiesParams = z.object({ id: doctorId });
const SectionParams = z.object({
  id: doctorId,
  section: z.enum(ACTIVITY_SECTIONS, 'Раздел не найден'),
});
const PageQuery = z.object({
  page: z
    .string('Некорректный номер страницы')
    .regex(/^\d{1,4}$/, 'Некорректный номер страницы')
    .transform(Number)
    .refine((n) => n >= 1, 'Некорректный номер страницы')
    .default(1),
});

function html(reply: FastifyReply, body: string) {
  return reply.type('text/html; charset=utf-8').send(body);
}

/** The doctor page's lazily loaded activities (spec section 7: both calls answer HTML). */
export async function doctorPageRoutes(
  app: FastifyInstance,
  { doctorPage }: { doctorPage: DoctorPageService },
) {
  app.get('/ajax/doctor/:id/activities/', async (request, reply) => {
    const params = ActivitiesParams.safeParse(request.params);
    if (!params.success) return reply.status(400).send({ detail: params.error.issues[0].message });
    const sections = await doctorPage.activities(params.data.id);
    if (!sections) return reply.status(404).send({ detail: 'Врач не найден' });
    return html(reply, activitiesHtml(sections));
  });

  app.get('/ajax/doctor/:id/activities/:section/', async (request, reply) => {
    const params = SectionParams.safeParse(request.params);
    if (!params.success) {
      const unknownSection = params.error.issues.every((i) => i.path[0] === 'section');
      return reply.status(unknownSection ? 404 : 400).send({ detail: params.error.issues[0].message });
    }
    const query = PageQuery.safeParse(request.query);
    if (!query.success) return reply.status(400).send({ detail: query.error.issues[0].message });
    const result = await doctorPage.activityPage(params.data.id, params.data.section, query.data.page);
    if (result === 'no-doctor') return reply.status(404).send({ detail: 'Врач не найден' });
    if (result === 'no-page') return reply.status(404).send({ detail: 'Страница не найдена' });
    return html(reply, activityPageHtml(result.items, result.remaining));
  });
}
