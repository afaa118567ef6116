import type { FastifyInstance } from 'fastify';
import { MISTAKE_MESSAGES } from '../../../core/directory/mistake-report';
import { MistakeReportSchema } from '../../../core/directory/mistake-report-schema';
import type { MistakeReportService } from './service';

/** POST /ajax/mistake_reports/: JSON or a form, CSRF-checked like every state change. */
export async function mistakeReportRoutes(
  app: FastifyInstance,
  { mistakeReports }: { mistakeReports: MistakeReportService },
) {
  app.post('/ajax/mistake_reports/', async (request, reply) => {
    const parsed = MistakeReportSchema.safeParse(request.body ?? {});
    if (!parsed.success) return reply.status(400).send({ detail: parsed.error.issues[0].message });
    const result = await mistakeReports.report(parsed.data);
    if (result === 'unknown-target') {
      return reply
        .status(404)
        .send({ detail: parsed.data.doctor_id !== undefined ? 'Врач не найден' : 'Клиника не найдена' });
    }
    return reply.status(201).send({ id: result.id, detail: MISTAKE_MESSAGES.success });
  });
}
