import { clubOffer, clubRules } from './club';
import type { LegalDocument, LegalOperator, LegalSlug } from './document';
import { privacyPolicy } from './privacy';
import { publishingPolicy } from './publishing';
import { termsOfUse } from './terms';

const BUILDERS: Record<LegalSlug, (op: LegalOperator) => LegalDocument> = {
  privacy: privacyPolicy,
  terms: termsOfUse,
  publishing: publishingPolicy,
  'club-rules': clubRules,
  'club-offer': clubOffer,
};

/** One legal document with the operator's details filled in. */
export function legalDocument(slug: LegalSlug, op: LegalOperator): LegalDocument {
  return BUILDERS[slug](op);
}

/** The documents shown as pages; the club's two are PDF files. */
export const LEGAL_PAGES = ['privacy', 'terms', 'publishing'] as const satisfies LegalSlug[];
export const LEGAL_PDFS = ['club-rules', 'club-offer'] as const satisfies LegalSlug[];
