import { LEGAL_PAGES, legalDocument } from '../../core/legal/documents';
import { LEGAL_URLS } from '../../core/legal/urls';
import { LegalDocumentView } from '../features/legal/legal-document';
import { notFound, pageMeta } from '../lib/seo';
import { pageContextOf } from '../lib/services.server';
import type { ShellHandle } from '../lib/shell';
import type { Route } from './+types/legal';

/**
 * `/privacy/`, `/terms/` and `/publishing-policy/`: the legal documents, with the operator's
 * details from the settings. The club's rules and offer are PDF files from the same text
 * (server/modules/legal/).
 */
export function loader({ context: router, url }: Route.LoaderArgs) {
  const context = pageContextOf(router);
  const slug = LEGAL_PAGES.find((s) => LEGAL_URLS[s] === url.pathname);
  if (!slug) throw notFound();
  return {
    origin: context.origin,
    legal: legalDocument(slug, context.operator),
    demo: context.operator.demo,
  };
}

export const handle: ShellHandle = { width: '3xl' };

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? pageMeta({
        title: `${loaderData.legal.title} — ПроДокторов`,
        description: loaderData.legal.description,
        canonical: `${loaderData.origin}${loaderData.legal.url}`,
        jsonLd: { '@context': 'https://schema.org', '@type': 'WebPage', name: loaderData.legal.title },
      })
    : [];

export default function LegalPage({ loaderData }: Route.ComponentProps) {
  return <LegalDocumentView legal={loaderData.legal} demo={loaderData.demo} />;
}
