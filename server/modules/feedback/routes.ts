import type { FastifyInstance } from 'fastify';
import { sendMistakeReport } from '../../../core/feedback/calls';
import { MistakeReportSchema, MistakeReportSentSchema } from '../../../core/feedback/contracts';
import { MISTAKE_MESSAGES } from '../../../core/feedback/mistake-report';
import { serve } from '../../http/route';
import type { MistakeReportService } from './service';

/** A mistake report: JSON or a form, CSRF-checked like every state change. */
export async function feedbackRoutes(
  app: FastifyInstance,
  { mistakeReports }: { mistakeReports: MistakeReportService },
) {
  serve(
    app,
    sendMistakeReport,
    { body: MistakeReportSchema, reply: MistakeReportSentSchema },
    async (request, reply) => {
      const { id } = await mistakeReports.report(request.body);
      return reply.status(201).send({ id, detail: MISTAKE_MESSAGES.success });
    },
  );
}
