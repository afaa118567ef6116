/** The cabinet's callback requests page. */
export const CABINET_CALLBACKS_PATH = '/cabinet/callbacks/';

/** How the clinic answers a request to call back. */
export const CALLBACK_OUTCOMES = ['called', 'booked'] as const;
export type CallbackOutcome = (typeof CALLBACK_OUTCOMES)[number];

export const CALLBACK_TEXTS = {
  title: 'Обратные звонки',
  signIn: 'Заявки на звонок видят врачи и клиники',
  open: 'Новые заявки',
  done: 'Обработанные',
  none: 'Новых заявок нет',
  noneDone: 'Обработанных заявок пока нет',
  called: 'Позвонили',
  booked: 'Записали',
  answered: 'Заявка уже обработана',
  notFound: 'Заявка не найдена',
} as const;

export const CALLBACK_STATUS_LABELS: Record<string, string> = {
  new: 'Новая',
  called: 'Позвонили',
  booked: 'Записали на приём',
  canceled: 'Отозвана пациентом',
};
