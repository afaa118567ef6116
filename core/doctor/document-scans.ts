/**
 * Scans a doctor (or his clinic) sends for the 'Документы проверены' marks (docs/product/cabinet.md,
 * 'The doctor's profile'): a diploma, a category certificate, a science degree. Staff accepting
 * one sets the doctor's matching mark; the files are never public.
 */

export const DOCUMENT_KINDS = ['education', 'category', 'science'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const DOCUMENT_STATUSES = ['pending', 'accepted', 'rejected', 'withdrawn'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = {
  education: 'Диплом о базовом образовании',
  category: 'Сертификат категории',
  science: 'Диплом о научной степени',
};

/** The doctor's mark (a column of `doctors`) that an accepted scan of each kind sets. */
export const DOCUMENT_MARKS = {
  education: 'educationConfirmed',
  category: 'categoryConfirmed',
  science: 'scienceConfirmed',
} as const satisfies Record<DocumentKind, string>;
export type DocumentMark = (typeof DOCUMENT_MARKS)[DocumentKind];

export const DOCUMENT_LIMITS = {
  /** The file as uploaded (the multipart limit: 413 beyond it). */
  bytes: 10 * 1024 * 1024,
  /** A picture is fitted into this square (never enlarged): small print stays readable. */
  imageSide: 2000,
} as const;

export const DOCUMENT_TEXTS = {
  title: 'Документы',
  lead: 'Скан или фотография документа: редакция сверит его со сведениями профиля и отметит на вашей странице «Документы проверены». Файл видят только вы, ваша клиника и модераторы.',
  hint: 'PDF, JPEG, PNG или WebP до 10 МБ.',
  upload: 'Загрузить скан',
  replace: 'Загрузить новый скан',
  uploaded: 'Документ отправлен на проверку',
  withdraw: 'Отозвать',
  withdrawn: 'Документ отозван',
  open: 'Открыть файл',
  none: 'Не загружен',
  confirmedBefore: 'Проверен редакцией',
  type: 'Загрузите скан в формате PDF, JPEG, PNG или WebP',
  size: 'Файл больше 10 МБ: уменьшите его и загрузите снова',
  missing: 'Выберите файл со сканом документа',
  kind: 'Выберите вид документа',
  notFound: 'Документ не найден',
  alreadyDecided: 'Этот документ уже рассмотрен',
  notPending: 'Документ уже не на проверке',
  staffTitle: 'Документы',
  accept: 'Принять',
  reject: 'Отклонить',
  queueEmpty: 'Очередь пуста: все документы проверены.',
  historyEmpty: 'Решений пока нет.',
} as const;

/** What the doctor reads about a scan: 'На проверке', 'Принят', 'Отклонён: {reason}', 'Отозван'. */
export function documentStatusText(status: DocumentStatus, reason: string | null): string {
  switch (status) {
    case 'pending':
      return 'На проверке';
    case 'accepted':
      return 'Принят';
    case 'rejected':
      return reason ? `Отклонён: ${reason}` : 'Отклонён';
    case 'withdrawn':
      return 'Отозван';
  }
}

/** A stored scan's name: the first 32 hex digits of the SHA-256 of its bytes, and its type. */
export const DOCUMENT_FILE = /^[0-9a-f]{32}\.(webp|pdf)$/;

/** The type a stored scan is served with (null: not a name the store gives). */
export function documentContentType(file: string): 'application/pdf' | 'image/webp' | null {
  const ext = DOCUMENT_FILE.exec(file)?.[1];
  if (ext === 'pdf') return 'application/pdf';
  if (ext === 'webp') return 'image/webp';
  return null;
}

/** Whether the bytes are a PDF: it begins with '%PDF-' (the name and the browser's type are not trusted). */
export function isPdf(data: Uint8Array): boolean {
  const head = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
  return data.length >= head.length && head.every((byte, i) => data[i] === byte);
}
