/**
 * 'Сообщить об ошибке' (a popup with a form on doctor and clinic pages): the rules and
 * messages shared by the form and the server. Kept free of zod so the page's bundle stays
 * small; the server's schema (mistake-report-schema.ts) builds on these.
 */
export const MISTAKE_TEXT_MIN = 10;
export const MISTAKE_TEXT_MAX = 2000;
export const MISTAKE_CONTACT_MAX = 200;

export const MISTAKE_MESSAGES = {
  textRequired: 'Опишите, что не так',
  textTooShort: `Опишите ошибку подробнее: не меньше ${MISTAKE_TEXT_MIN} символов`,
  textTooLong: `Слишком длинное описание: не больше ${MISTAKE_TEXT_MAX} символов`,
  contactTooLong: `Контакт не длиннее ${MISTAKE_CONTACT_MAX} символов`,
  targetMissing: 'Не указан врач или клиника',
  success: 'Спасибо! Мы проверим информацию.',
} as const;

/** The text field's error, or null when it is fine. Counts characters after trimming. */
export function mistakeTextError(text: string): string | null {
  const length = [...text.trim()].length;
  if (length === 0) return MISTAKE_MESSAGES.textRequired;
  if (length < MISTAKE_TEXT_MIN) return MISTAKE_MESSAGES.textTooShort;
  if (length > MISTAKE_TEXT_MAX) return MISTAKE_MESSAGES.textTooLong;
  return null;
}

export function mistakeContactError(contact: string): string | null {
  return [...contact.trim()].length > MISTAKE_CONTACT_MAX ? MISTAKE_MESSAGES.contactTooLong : null;
}
