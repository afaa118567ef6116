import { describe, expect, it } from 'vitest';
import {
  FLOW_A_CONFIRM_ERRORS,
  FLOW_A_REQUEST_ERRORS,
  FLOW_B_ERRORS,
  flowBMessage,
  isFlowBError,
} from './errors';

describe('flow B texts, by code and method', () => {
  it.each([
    ['error_code', 'call', 'Неверные цифры'],
    ['error_code', 'sms', 'Неверный СМС код'],
    ['error_code', 'vk', 'Неверный код'],
    ['obsolete', 'call', 'Эти цифры устарели. Повторите запрос'],
    ['obsolete', 'sms', 'Этот код устарел, нужно получить новый'],
    ['obsolete', 'vk', 'Этот код устарел, нужно получить новый'],
    ['bad_code', 'sms', 'Неверный СМС код'],
    ['wrong_code', 'call', 'Неверный СМС код'],
    ['code_expired', 'sms', 'Лимит вводов превышен'],
    ['invalid', 'sms', 'Некорректный номер телефона'],
    ['error_fields', 'vk', 'Неверно заполненное поле'],
    ['attempts_out', 'call', 'Слишком много попыток. Повторите запрос'],
    ['deleting_in_progress', 'sms', 'С этого номера пока нельзя записаться на приём или оставить отзыв'],
    ['too_many_requests', 'sms', 'Подтвердить этот номер можно через сутки. Было слишком много попыток'],
    ['error_limit_total', 'sms', 'Отправить новый код можно через сутки'],
    ['user_has_phone', 'sms', 'Вы уже авторизованы. Пожалуйста, обновите страницу'],
  ] as const)('%s by %s → %s', (code, method, text) => {
    expect(flowBMessage(code, method)).toBe(text);
  });

  it('every flow B code has a text', () => {
    for (const code of FLOW_B_ERRORS) expect(flowBMessage(code, 'sms')).toMatch(/\S/);
    expect(isFlowBError('error_code')).toBe(true);
    expect(isFlowBError('nope')).toBe(false);
  });
});

describe('flow A texts', () => {
  it('request and confirm errors keep their texts', () => {
    expect(FLOW_A_REQUEST_ERRORS).toEqual({
      invalid: 'Некорректный номер телефона',
      error_limit: 'Достигнут лимит сообщений на заданный номер',
      error_limit_total: 'Достигнут лимит отправки сообщений',
    });
    expect(FLOW_A_CONFIRM_ERRORS).toEqual({
      invalid: 'Некорректный код',
      error_code: 'Неверный код',
      code_expired: 'Код устарел',
      user_has_phone: 'Вы уже авторизованы. Пожалуйста, обновите страницу',
    });
  });
});
