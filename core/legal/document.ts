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
 * (OPERATOR_* in the environment, server/config.ts, checked at start); a start without them shows
 * the demo operator, marked as such, and a production start (APP_ENV=production) refuses to run.
 */
export interface LegalOperator {
  name: string;
  /** 10 digits (an organisation) or 12 (an entrepreneur), with its check digits (requisites.ts). */
  inn: string;
  /** ОГРН, 13 digits, or an entrepreneur's ОГРНИП, 15. */
  ogrn: string;
  address: string;
  /** Where requests about personal data go. */
  email: string;
  /** A phone for requests, as written ('+7 495 000-00-00'); none when unset. */
  phone: string | null;
  /** The fictitious operator of a demo start: every document says so. */
  demo: boolean;
}

/**
 * The operator of a demo or development start (the embedded demo database, no OPERATOR_*
 * settings): obviously fictitious, its numbers of region 00, which does not exist, yet with valid
 * check digits so the same rules hold for it as for a real one.
 */
export const DEMO_OPERATOR: LegalOperator = {
  name: 'Демонстрационный оператор',
  inn: '0012345673',
  ogrn: '1020001234560',
  address: 'Демонстрационный адрес: сведения вымышлены',
  email: 'demo-operator@example.invalid',
  phone: null,
  demo: true,
};

/** The note every document of a demo start carries, above its text and beside the details. */
export const DEMO_OPERATOR_NOTE =
  'Это демонстрационная версия сайта: оператор и его реквизиты вымышлены, договоры с ним не заключаются, а запись к врачам не передаётся в клиники.';

export const p = (text: string): LegalBlock => ({ kind: 'p', text });
export const list = (...items: string[]): LegalBlock => ({ kind: 'list', items });

/** One detail of the operator, as the settings have it. */
export function operatorDetail(
  op: LegalOperator,
  key: 'name' | 'inn' | 'ogrn' | 'address' | 'email',
): string {
  return op[key];
}

/** The operator's details as one list block (with the demo note for the demo operator). */
export function operatorBlock(op: LegalOperator): LegalBlock {
  const items = [
    `Наименование: ${op.name}`,
    `${op.inn.length === 12 ? 'ИНН индивидуального предпринимателя' : 'ИНН'}: ${op.inn}`,
    `${op.ogrn.length === 15 ? 'ОГРНИП' : 'ОГРН'}: ${op.ogrn}`,
    `Адрес: ${op.address}`,
    `Электронная почта для обращений: ${op.email}`,
  ];
  if (op.phone) items.push(`Телефон для обращений: ${op.phone}`);
  if (op.demo) items.push(DEMO_OPERATOR_NOTE);
  return list(...items);
}
