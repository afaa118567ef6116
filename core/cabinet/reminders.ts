/**
 * The clinic's reminders to its patients (docs/product/cabinet.md, 'Reminders'): an SMS 24 hours
 * and 2 hours before the visit, each with the visit's page to confirm or cancel it.
 */
export const REMINDER_TEXTS = {
  title: 'Напоминания пациентам',
  lead: 'СМС со ссылкой, где пациент подтверждает или отменяет запись. Отменённое время сразу получают пациенты из листа ожидания.',
  dayBefore: 'За сутки до приёма',
  hoursBefore: 'За 2 часа до приёма',
  saved: 'Сохранено',
  clinicOnly: 'Напоминания настраивает клиника',
  confirmed: 'Подтверждена',
  notConfirmed: 'Не подтверждена',
} as const;
