/**
 * The clinic's settings in its cabinet (docs/product/cabinet.md, 'Reminders and booking rules'):
 * the reminders to its patients (an SMS 24 hours and 2 hours before the visit, each with the
 * visit's page to confirm or cancel it) and its booking rules (minimum notice, buffer).
 */
export const SETTINGS_TEXTS = {
  title: 'Напоминания пациентам',
  lead: 'СМС со ссылкой, где пациент подтверждает или отменяет запись. Отменённое время сразу получают пациенты из листа ожидания.',
  dayBefore: 'За сутки до приёма',
  hoursBefore: 'За 2 часа до приёма',
  rulesTitle: 'Правила онлайн-записи',
  minNotice: 'Записывать не позже чем за',
  buffer: 'Свободное время между приёмами',
  saved: 'Сохранено',
  clinicOnly: 'Настройки записи меняет клиника',
  confirmed: 'Подтверждена',
  notConfirmed: 'Не подтверждена',
} as const;

/** The minimum notices offered, in minutes, with their labels. */
export const MIN_NOTICE_CHOICES: readonly [number, string][] = [
  [0, 'в любое время'],
  [60, '1 час'],
  [120, '2 часа'],
  [180, '3 часа'],
  [360, '6 часов'],
  [720, '12 часов'],
  [1440, 'сутки'],
];

/** The buffers offered, in minutes. */
export const BUFFER_CHOICES: readonly [number, string][] = [
  [0, 'не нужно'],
  [5, '5 минут'],
  [10, '10 минут'],
  [15, '15 минут'],
  [30, '30 минут'],
];
