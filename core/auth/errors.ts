/**
 * The catalogue of phone-confirmation refusals (docs/product/sign-in.md), once, for the server's
 * replies and the browser's messages. Flow A is the site's own forms (staff confirmation and
 * the profile): its errors sit under a field, `phone.code` or `secret_code.code`. Flow B is the
 * sign-in service (`/services/sso/...`): one `code` per reply, worded by confirmation method.
 */

export const CONFIRMATION_METHODS = ['sms', 'call', 'vk'] as const;
export type ConfirmationMethod = (typeof CONFIRMATION_METHODS)[number];

/** Flow A, requesting a code (field `phone`). */
export const FLOW_A_REQUEST_ERRORS = {
  invalid: 'Некорректный номер телефона',
  error_limit: 'Достигнут лимит сообщений на заданный номер',
  error_limit_total: 'Достигнут лимит отправки сообщений',
} as const;
export type FlowARequestError = keyof typeof FLOW_A_REQUEST_ERRORS;

/** Flow A, checking a code (field `secret_code`). */
export const FLOW_A_CONFIRM_ERRORS = {
  invalid: 'Некорректный код',
  error_code: 'Неверный код',
  code_expired: 'Код устарел',
  user_has_phone: 'Вы уже авторизованы. Пожалуйста, обновите страницу',
} as const;
export type FlowAConfirmError = keyof typeof FLOW_A_CONFIRM_ERRORS;

/** Flow B codes the sign-in service answers with. */
export const FLOW_B_ERRORS = [
  'error_code',
  'obsolete',
  'bad_code',
  'wrong_code',
  'code_expired',
  'invalid',
  'error_fields',
  'attempts_out',
  'deleting_in_progress',
  'too_many_requests',
  'error_limit',
  'error_limit_total',
  'user_has_phone',
  'sms_only',
] as const;
export type FlowBError = (typeof FLOW_B_ERRORS)[number];

const FLOW_B_FIXED: Record<Exclude<FlowBError, 'error_code' | 'obsolete' | 'error_limit'>, string> = {
  bad_code: 'Неверный СМС код',
  wrong_code: 'Неверный СМС код',
  code_expired: 'Лимит вводов превышен',
  invalid: 'Некорректный номер телефона',
  error_fields: 'Неверно заполненное поле',
  attempts_out: 'Слишком много попыток. Повторите запрос',
  deleting_in_progress: 'С этого номера пока нельзя записаться на приём или оставить отзыв',
  too_many_requests: 'Подтвердить этот номер можно через сутки. Было слишком много попыток',
  error_limit_total: 'Отправить новый код можно через сутки',
  user_has_phone: 'Вы уже авторизованы. Пожалуйста, обновите страницу',
  /** A staff account's phone: no call, no VK (docs/product/sign-in.md). */
  sms_only: 'Сотрудники входят только по коду из СМС',
};

/** The longer text of `deleting_in_progress`: the old profile is being deleted. */
export const DELETING_IN_PROGRESS_DETAILS =
  'Старый профиль, связанный с этим номером, удаляется. Это может занять до 30 дней.';

/** The text of a flow B code for the method in use ('Неверные цифры' for a call…). */
export function flowBMessage(code: FlowBError, method: ConfirmationMethod = 'sms'): string {
  switch (code) {
    case 'error_code':
      return method === 'call' ? 'Неверные цифры' : method === 'vk' ? 'Неверный код' : 'Неверный СМС код';
    case 'obsolete':
      return method === 'call'
        ? 'Эти цифры устарели. Повторите запрос'
        : 'Этот код устарел, нужно получить новый';
    case 'error_limit':
      return 'Достигнут лимит сообщений на заданный номер';
    default:
      return FLOW_B_FIXED[code];
  }
}

export function isFlowBError(value: unknown): value is FlowBError {
  return typeof value === 'string' && (FLOW_B_ERRORS as readonly string[]).includes(value);
}

/** The sign-in form's dialogs (title / text / buttons). */
export const AUTH_DIALOGS = {
  vkAttemptsOut: {
    title: 'Не получается подтвердить телефон через ВКонтакте',
    text: 'Закончились попытки. Можно подтвердить через звонок или СМС.',
    confirm: 'Подтвердить',
  },
  alreadySignedIn: { title: 'Вы уже авторизованы. Пожалуйста, обновите страницу', confirm: 'Обновить' },
  confirmFailed: {
    title: 'Не получилось подтвердить номер',
    text: 'Обновите страницу и попробуйте ещё раз.',
    close: 'Закрыть',
    confirm: 'Обновить',
  },
  offline: {
    title: 'Нет соединения с интернетом',
    text: 'Проверьте соединение и попробуйте снова.',
    confirm: 'Понятно',
  },
  loginOffline: {
    title: 'Нет интернета',
    text: 'Проверьте соединение и обновите страницу.',
    confirm: 'Обновить',
  },
  loginFailed: {
    title: 'Что-то пошло не так',
    text: 'Попробуйте немного подождать и обновите страницу.',
    confirm: 'Обновить',
  },
  generic: { title: 'Произошла ошибка', text: 'Обновите страницу и попробуйте еще раз.' },
} as const;
