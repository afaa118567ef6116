/** '5 мая 2026 г.': the day of a submission or a decision, as the cabinet shows it (Moscow time). */
export const dateText = (iso: string) =>
  new Date(iso).toLocaleDateString('ru-RU', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Moscow',
  });
