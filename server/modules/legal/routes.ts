import type { FastifyInstance } from 'fastify';
import type { LegalOperator } from '../../../core/legal/document';
import { LEGAL_PDFS, legalDocument } from '../../../core/legal/documents';
import { renderLegalPdf } from './pdf';

/**
 * The club's rules and the club card offer as PDF files, drawn from the same text as the legal
 * pages when first asked for and kept for the life of the process (the text only changes with
 * a release or the operator's settings, which are read at start).
 */
export async function legalRoutes(app: FastifyInstance, deps: { operator: LegalOperator }) {
  const files = new Map<string, Promise<Buffer>>();
  for (const slug of LEGAL_PDFS) {
    const legal = legalDocument(slug, deps.operator);
    app.get(legal.url, { config: { csrfCookie: false } }, async (_request, reply) => {
      let file = files.get(slug);
      if (!file) {
        file = renderLegalPdf(legal);
        files.set(slug, file);
        file.catch(() => files.delete(slug));
      }
      return reply
        .type('application/pdf')
        .header('cache-control', 'public, max-age=3600')
        .header('content-disposition', `inline; filename="${slug}.pdf"`)
        .send(await file);
    });
  }
}
