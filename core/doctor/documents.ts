/**
 * The documents-verified modal (docs/product/directory.md): which title,
 * which rows and which button a doctor's confirmed documents give on a given day.
 */
import type { DoctorDocuments } from './contracts';

export type DocumentTone = 'ok' | 'warning' | 'expired';

export interface DocumentRow {
  kind: 'education' | 'category' | 'science';
  title: string;
  note: string | null;
  tone: DocumentTone;
}

export interface DocumentsView {
  title: string;
  licenseNumber: string | null;
  rows: DocumentRow[];
  /**
   * 'Посмотреть документы' belongs where a public link to the scans exists; the scans doctors
   * send (core/doctor/document-scans.ts) are private, so the modal closes with 'Хорошо'.
   */
  closeLabel: string;
}

/** A category certificate ending within this many days is flagged as expiring soon. */
export const CATEGORY_EXPIRING_DAYS = 90;

export const EXPIRED_DOCUMENT_TEXT = 'Документ уже недействителен';

const SCIENCE_TITLES: Record<number, string> = {
  1: 'Кандидат медицинских наук',
  2: 'Доктор медицинских наук',
  3: 'Профессор',
};

/** Whether any document is confirmed at all (the modal has something to say). */
export function hasVerifiedDocuments(docs: DoctorDocuments): boolean {
  return (
    Boolean(docs.licenseNumber) ||
    docs.isEducationConfirmed ||
    docs.isCategoryConfirmed ||
    (docs.isScienceConfirmed && docs.scienceDocumentType !== null)
  );
}

/**
 * Whether the page shows the 'Документы проверены' badge on `today`: only when something is
 * confirmed and every row its modal would show is still valid. The badge and the modal both
 * come from `documentsView`, so the badge never promises what the modal then calls
 * 'Документ уже недействителен'.
 */
export function showsVerifiedBadge(docs: DoctorDocuments, today: string): boolean {
  if (!hasVerifiedDocuments(docs)) return false;
  return documentsView(docs, today).rows.every((row) => row.tone !== 'expired');
}

/**
 * The modal's content. `today` is the town's 'yyyy-MM-dd' (the caller's clock, so the
 * server render and the browser agree); `categoryName` is 'Высшая категория' or similar.
 */
export function documentsView(
  docs: DoctorDocuments,
  today: string,
  categoryName: string | null = null,
): DocumentsView {
  const rows: DocumentRow[] = [];
  if (docs.isEducationConfirmed) {
    rows.push({ kind: 'education', title: 'Диплом о базовом образовании', note: null, tone: 'ok' });
  }
  if (docs.isCategoryConfirmed) rows.push(categoryRow(docs.categoryExpiresDate, today, categoryName));
  const science = docs.scienceDocumentType === null ? undefined : SCIENCE_TITLES[docs.scienceDocumentType];
  if (docs.isScienceConfirmed && science) {
    rows.push({
      kind: 'science',
      title: docs.scienceDocumentType === 3 ? 'Учёное звание' : 'Учёная степень',
      note: science,
      tone: 'ok',
    });
  }
  return {
    title: docs.licenseNumber ? 'Лицензия проверена' : 'Документы проверены',
    licenseNumber: docs.licenseNumber || null,
    rows,
    closeLabel: 'Хорошо',
  };
}

function categoryRow(expires: string | null, today: string, name: string | null): DocumentRow {
  const title = name ? `Сертификат: ${name.toLowerCase()}` : 'Сертификат о квалификационной категории';
  if (!expires) return { kind: 'category', title, note: null, tone: 'ok' };
  if (expires < today) return { kind: 'category', title, note: EXPIRED_DOCUMENT_TEXT, tone: 'expired' };
  const soon = daysBetween(today, expires) <= CATEGORY_EXPIRING_DAYS;
  return {
    kind: 'category',
    title,
    note: `Действителен до ${dottedDate(expires)}${soon ? ', скоро истекает' : ''}`,
    tone: soon ? 'warning' : 'ok',
  };
}

/** Whole days from one 'yyyy-MM-dd' to another (calendar days, no time zone involved). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** '2027-03-12' → '12.03.2027'. */
function dottedDate(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}.${m}.${y}`;
}
