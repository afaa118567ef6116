/**
 * The site's legal documents as data: one text source for the HTML pages and the PDF files.
 * A document is sections with stable anchors; a section is paragraphs and bulleted lists.
 */

export type LegalBlock = { kind: 'p'; text: string } | { kind: 'list'; items: string[] };

export interface LegalSection {
  /** The anchor (`#id`) of the section's heading. */
  id: string;
  title: string;
  blocks: LegalBlock[];
}

export interface LegalDocument {
  slug: LegalSlug;
  /** Where the document is served: a page path (`/privacy/`) or a PDF file (`/docs/….pdf`). */
  url: string;
  title: string;
  /** One sentence for the page's meta description. */
  description: string;
  /** The edition's date, 'ДД.ММ.ГГГГ'. */
  edition: string;
  sections: LegalSection[];
}

export type LegalSlug = 'privacy' | 'terms' | 'publishing' | 'club-rules' | 'club-offer';

/**
 * The operator of personal data: the legal entity that runs the site. Its details are settings
 * (OPERATOR_* in the environment) filled in by the site's staff; a missing one is shown as a
 * bracketed placeholder, never invented.
 */
export interface LegalOperator {
  name?: string;
  inn?: string;
  ogrn?: string;
  address?: string;
  email?: string;
}

export const p = (text: string): LegalBlock => ({ kind: 'p', text });
export const list = (...items: string[]): LegalBlock => ({ kind: 'list', items });

const PLACEHOLDERS: Record<keyof LegalOperator, string> = {
  name: '[полное наименование оператора — заполняется администрацией сайта]',
  inn: '[ИНН — заполняется администрацией сайта]',
  ogrn: '[ОГРН — заполняется администрацией сайта]',
  address: '[адрес места нахождения — заполняется администрацией сайта]',
  email: '[адрес электронной почты — заполняется администрацией сайта]',
};

/** One detail of the operator, or its marked placeholder. */
export function operatorDetail(op: LegalOperator, key: keyof LegalOperator): string {
  const value = op[key]?.trim();
  return value ? value : PLACEHOLDERS[key];
}

/** The operator's details as one list block. */
export function operatorBlock(op: LegalOperator): LegalBlock {
  return list(
    `Наименование: ${operatorDetail(op, 'name')}`,
    `ИНН: ${operatorDetail(op, 'inn')}`,
    `ОГРН: ${operatorDetail(op, 'ogrn')}`,
    `Адрес: ${operatorDetail(op, 'address')}`,
    `Электронная почта для обращений: ${operatorDetail(op, 'email')}`,
  );
}
