import { describe, expect, it } from 'vitest';
import {
  buttonLabel,
  type ConfirmationAction,
  type ConfirmationState,
  callInExpired,
  canRequest,
  chooseMethod,
  codeLabel,
  confirmationReducer,
  formatCountdown,
  initialConfirmation,
  needsReconfirmation,
  requestBody,
  secondsLeft,
  vkAlternativeLabel,
} from './confirmation';
import { ANONYMOUS, type Viewer } from './viewer';

const T0 = 1_000_000;

function run(state: ConfirmationState, ...actions: ConfirmationAction[]): ConfirmationState {
  return actions.reduce(confirmationReducer, state);
}

const phone = (vkEnabled = false) => initialConfirmation({ phone: '79001234567', vkEnabled });
const sent = (code: 'sms' | 'call' | 'vk' = 'sms', attempts_exceeded = false): ConfirmationAction => ({
  type: 'requestSucceeded',
  reply: { code, service_id: 'svc-1', attempts_exceeded },
  now: T0,
});
const failed = (status: number, code?: string, waitingTime?: number): ConfirmationAction => ({
  type: 'requestFailed',
  failure: { kind: 'http', status, code, waitingTime },
  now: T0,
});
const start: ConfirmationAction = { type: 'requestStarted', now: T0 };

describe('method choice', () => {
  it('is VK when enabled and not ignored', () => {
    expect(chooseMethod(phone(true))).toBe('vk');
    expect(requestBody(phone(true))).toEqual({ phone: '79001234567', confirmation_flow: 'vk' });
  });

  it('is SMS by default and call after the server said call', () => {
    expect(chooseMethod(phone())).toBe('sms');
    expect(requestBody(phone())).toEqual({ phone: '79001234567' });
    expect(chooseMethod(run(phone(), start, sent('call')))).toBe('call');
  });

  it('offers a call or an SMS beside VK from the first screen, which skips VK at once', () => {
    const first = phone(true);
    expect(buttonLabel(first)).toBe('Получить код ВКонтакте');
    expect(vkAlternativeLabel(first)).toBe('Подтвердить через звонок или СМС');
    expect(vkAlternativeLabel(phone(false))).toBeNull();
    const skipped = run(first, { type: 'vkSkipped', now: T0 });
    expect(skipped).toMatchObject({ isVkIgnored: true, isLoading: true, method: 'sms' });
    expect(requestBody(skipped)).toEqual({ phone: '79001234567' });
    expect(vkAlternativeLabel(skipped)).toBeNull();
    const called = run(skipped, sent('call'));
    expect(codeLabel(called.method)).toBe('Последние 4 цифры номера, с которого мы позвонили');
  });

  it('skips VK after a VK code once the resend wait is over, never during it or a request', () => {
    const vkSent = run(phone(true), start, sent('vk'));
    expect(vkAlternativeLabel(vkSent)).toBe('Подтвердить через звонок или СМС');
    expect(run(vkSent, { type: 'vkSkipped', now: T0 + 10_000 })).toBe(vkSent);
    expect(run(vkSent, { type: 'vkSkipped', now: T0 + 30_000 })).toMatchObject({
      isVkIgnored: true,
      isLoading: true,
      isRequested: false,
    });
    const loading = run(phone(true), start);
    expect(run(loading, { type: 'vkSkipped', now: T0 })).toBe(loading);
  });

  it('stops offering VK once it is ignored', () => {
    const s = run(phone(true), start, sent('vk', true), { type: 'vkDialogConfirmed' });
    expect(s.isVkIgnored).toBe(true);
    expect(chooseMethod(s)).toBe('sms');
    expect(requestBody(s)).toEqual({ phone: '79001234567' });
  });
});

describe('requesting a code', () => {
  it('stores the reply and starts the 30 s resend timer', () => {
    const s = run(phone(), start);
    expect(s.isLoading).toBe(true);
    expect(buttonLabel(s)).toBe('Пожалуйста, подождите');
    const done = run(s, sent('call'));
    expect(done).toMatchObject({ isLoading: false, isRequested: true, method: 'call', serviceId: 'svc-1' });
    expect(secondsLeft(done, T0)).toBe(30);
    expect(canRequest(done, T0 + 29_999)).toBe(false);
    expect(canRequest(done, T0 + 30_000)).toBe(true);
    expect(run(done, { type: 'requestStarted', now: T0 + 1000 }).isLoading).toBe(false);
  });

  it('frees the button when the timer ends and keeps the code step', () => {
    const s = run(phone(), start, sent(), { type: 'tick', now: T0 + 30_000 });
    expect(s.resendAt).toBeNull();
    expect(s.isRequested).toBe(true);
    expect(secondsLeft(s, T0 + 30_000)).toBe(0);
  });

  it('shows the VK dialog when VK attempts are used up, then resubmits without VK', () => {
    const s = run(phone(true), start, sent('vk', true));
    expect(s.dialog).toBe('vkAttemptsOut');
    expect(s.isRequested).toBe(false);
    const next = run(s, { type: 'vkDialogConfirmed' });
    expect(next).toMatchObject({ dialog: null, isLoading: true, isVkIgnored: true });
  });
});

describe('request errors', () => {
  it('error_limit with waiting_time blocks with a countdown, then clears the requested flag', () => {
    const s = run(phone(), start, failed(429, 'error_limit', 25));
    expect(s).toMatchObject({ isWaitingTime: true, isRequested: true, errorMessage: '' });
    expect(secondsLeft(s, T0)).toBe(25);
    expect(canRequest(s, T0 + 10_000)).toBe(false);
    expect(run(s, { type: 'tick', now: T0 + 24_000 })).toBe(s);
    const after = run(s, { type: 'tick', now: T0 + 25_000 });
    expect(after).toMatchObject({ isWaitingTime: false, isRequested: false, resendAt: null });
  });

  it('error_limit without waiting_time counts as success', () => {
    const s = run(phone(), start, failed(429, 'error_limit'));
    expect(s).toMatchObject({ isRequestExceeded: true, isRequested: true, dialog: null, errorMessage: '' });
  });

  it('error_limit without waiting_time opens the VK dialog while VK is active', () => {
    const s = run(phone(true), start, failed(429, 'error_limit'));
    expect(s).toMatchObject({ isRequestExceeded: true, isRequested: false, dialog: 'vkAttemptsOut' });
  });

  it('deleting_in_progress blocks the form', () => {
    const s = run(phone(), start, failed(403, 'deleting_in_progress'));
    expect(s.isDeletingInProgress).toBe(true);
    expect(s.errorMessage).toBe('С этого номера пока нельзя записаться на приём или оставить отзыв');
    expect(canRequest(s, T0 + 10 ** 9)).toBe(false);
    expect(run(s, { type: 'requestStarted', now: T0 + 10 ** 9 }).isLoading).toBe(false);
  });

  it('shows the exact texts of other codes under the phone', () => {
    expect(run(phone(), start, failed(429, 'error_limit_total')).errorMessage).toBe(
      'Отправить новый код можно через сутки',
    );
    expect(run(phone(), start, failed(429, 'too_many_requests')).errorMessage).toBe(
      'Подтвердить этот номер можно через сутки. Было слишком много попыток',
    );
    expect(run(phone(), start, failed(400, 'invalid')).errorMessage).toBe('Некорректный номер телефона');
    expect(run(phone(), start, failed(400, 'error_fields')).errorMessage).toBe('Неверно заполненное поле');
  });

  it('opens dialogs for no connection, user_has_phone and unknown errors', () => {
    const offline = run(phone(), start, { type: 'requestFailed', failure: { kind: 'network' }, now: T0 });
    expect(offline).toMatchObject({ dialog: 'offline', isLoading: false });
    expect(run(phone(), start, failed(400, 'user_has_phone')).dialog).toBe('alreadySignedIn');
    expect(run(phone(), start, failed(500)).dialog).toBe('generic');
    expect(run(offline, { type: 'dialogClosed' }).dialog).toBeNull();
  });
});

describe('editing the phone', () => {
  it('resets errors and the code step', () => {
    const s = run(phone(), start, failed(400, 'invalid'));
    const edited = run(s, { type: 'phoneChanged', phone: '79007654321' });
    expect(edited.errorMessage).toBe('');
    expect(edited.phone).toBe('79007654321');
    const requested = run(phone(), start, sent(), { type: 'phoneChanged', phone: '79007654321' });
    expect(requested).toMatchObject({ isRequested: false, serviceId: null, resendAt: null, code: '' });
  });

  it('clears the deleting block and keeps the VK choice', () => {
    const s = run(
      phone(true),
      start,
      sent('vk', true),
      { type: 'vkDialogConfirmed' },
      failed(403, 'deleting_in_progress'),
    );
    const edited = run(s, { type: 'phoneChanged', phone: '79007654321' });
    expect(edited.isDeletingInProgress).toBe(false);
    expect(edited.isVkIgnored).toBe(true);
  });

  it('does nothing when the number is the same', () => {
    const s = run(phone(), start, sent());
    expect(run(s, { type: 'phoneChanged', phone: '79001234567' })).toBe(s);
  });

  it('keeps a validation message until the phone changes', () => {
    const s = run(phone(), { type: 'phoneInvalid', message: 'Укажите номер телефона' });
    expect(s.errorMessage).toBe('Укажите номер телефона');
  });
});

describe('the code', () => {
  it('keeps only 4 digits and starts the check by itself at the 4th', () => {
    let s = run(phone(), start, sent(), { type: 'codeChanged', code: '12a' });
    expect(s).toMatchObject({ code: '12', isChecking: false });
    s = run(s, { type: 'codeChanged', code: '12345' });
    expect(s).toMatchObject({ code: '1234', isChecking: true });
    expect(canRequest(s, T0 + 60_000)).toBe(false);
  });

  it('does not check before a code was requested', () => {
    expect(run(phone(), { type: 'codeChanged', code: '1234' }).isChecking).toBe(false);
  });

  it('words a wrong code by method and clears it on typing', () => {
    const wrong = (method: 'sms' | 'call' | 'vk') =>
      run(
        phone(),
        start,
        sent(method),
        { type: 'codeChanged', code: '1111' },
        {
          type: 'confirmFailed',
          failure: { kind: 'http', status: 400, code: 'error_code' },
        },
      );
    expect(wrong('sms').codeError).toBe('Неверный СМС код');
    expect(wrong('call').codeError).toBe('Неверные цифры');
    expect(wrong('vk').codeError).toBe('Неверный код');
    expect(wrong('sms').isChecking).toBe(false);
    expect(run(wrong('sms'), { type: 'codeChanged', code: '111' }).codeError).toBe('');
  });

  it('treats 404 as obsolete and shows the limit texts', () => {
    const check = (failure: ConfirmationAction & { type: 'confirmFailed' }, method: 'sms' | 'call' = 'sms') =>
      run(phone(), start, sent(method), { type: 'codeChanged', code: '1111' }, failure);
    expect(check({ type: 'confirmFailed', failure: { kind: 'http', status: 404 } }).codeError).toBe(
      'Этот код устарел, нужно получить новый',
    );
    expect(
      check({ type: 'confirmFailed', failure: { kind: 'http', status: 404, code: 'obsolete' } }, 'call')
        .codeError,
    ).toBe('Эти цифры устарели. Повторите запрос');
    expect(
      check({ type: 'confirmFailed', failure: { kind: 'http', status: 429, code: 'attempts_out' } })
        .codeError,
    ).toBe('Слишком много попыток. Повторите запрос');
  });

  it('opens the dialogs of a failed check', () => {
    const check = (failure: Parameters<typeof confirmationReducer>[1]) =>
      run(phone(), start, sent(), { type: 'codeChanged', code: '1111' }, failure).dialog;
    expect(check({ type: 'confirmFailed', failure: { kind: 'http', status: 403 } })).toBe('confirmFailed');
    expect(check({ type: 'confirmFailed', failure: { kind: 'http', status: 500 } })).toBe('confirmFailed');
    expect(check({ type: 'confirmFailed', failure: { kind: 'network' } })).toBe('offline');
    expect(
      check({ type: 'confirmFailed', failure: { kind: 'http', status: 400, code: 'user_has_phone' } }),
    ).toBe('alreadySignedIn');
    expect(check({ type: 'confirmFailed', failure: { kind: 'http', status: 400, code: 'strange' } })).toBe(
      'generic',
    );
    expect(check({ type: 'loginFailed', failure: { kind: 'network' } })).toBe('loginOffline');
    expect(check({ type: 'loginFailed', failure: { kind: 'http', status: 400, code: 'obsolete' } })).toBe(
      'loginFailed',
    );
  });

  it('labels the code field by method', () => {
    expect(codeLabel('call')).toContain('4 цифры');
    expect(codeLabel('sms')).toBe('Код из СМС');
  });
});

describe('button labels', () => {
  it('covers every label', () => {
    const labels = new Set([
      buttonLabel(phone()),
      buttonLabel(phone(true)),
      buttonLabel(run(phone(true), start, sent('vk'))),
      buttonLabel(run(phone(), start, sent('call'))),
      buttonLabel(
        run(
          phone(true),
          start,
          sent('vk', true),
          { type: 'dialogClosed' },
          { type: 'vkDialogConfirmed' },
          sent('call', true),
        ),
      ),
      buttonLabel(
        run(phone(true), start, sent('vk', true), { type: 'vkDialogConfirmed' }, failed(400, 'invalid')),
      ),
      buttonLabel(run(phone(), start, sent('sms'))),
      buttonLabel(run(phone(), start, sent('sms', true))),
      buttonLabel(run(phone(), start)),
    ]);
    expect([...labels].sort()).toEqual(
      [
        'Подтвердить',
        'Получить код ВКонтакте',
        'Получить код ВКонтакте повторно',
        'Подтвердить через звонок',
        'Подтвердить через звонок или СМС',
        'Позвонить повторно',
        'Подтвердить через СМС',
        'Отправить СМС повторно',
        'Пожалуйста, подождите',
      ].sort(),
    );
  });
});

describe('formatCountdown', () => {
  it('formats minutes and hours', () => {
    expect(formatCountdown(27)).toBe('0:27');
    expect(formatCountdown(65)).toBe('1:05');
    expect(formatCountdown(3600)).toBe('1:00:00');
  });
});

describe('reset', () => {
  it('goes back to the phone step keeping the phone', () => {
    const s = run(phone(), start, sent('call'), { type: 'reset' });
    expect(s).toMatchObject({ phone: '79001234567', isRequested: false, resendAt: null, dialog: null });
  });
});

describe('call-in timing', () => {
  it('gives up after 15 minutes', () => {
    expect(callInExpired(T0, T0 + 899_999)).toBe(false);
    expect(callInExpired(T0, T0 + 900_000)).toBe(true);
  });

  it('opens a dialog on demand', () => {
    expect(run(phone(), { type: 'dialogOpened', dialog: 'offline' }).dialog).toBe('offline');
  });
});

describe('needsReconfirmation', () => {
  const patient: Viewer = {
    ...ANONYMOUS,
    isAnonymous: false,
    isRealPatient: true,
    userPhone: '79001234567',
    medtochkaUuid: 'u1',
  };

  it('asks a real patient again when the patient-app account changed', () => {
    expect(needsReconfirmation(patient, { ...patient, medtochkaUuid: 'u2' })).toBe(true);
    expect(needsReconfirmation(patient, { ...patient, medtochkaUuid: null })).toBe(true);
    expect(needsReconfirmation(patient, patient)).toBe(false);
  });

  it('checks only real patients', () => {
    const staff: Viewer = { ...patient, isRealPatient: false, isStaff: true };
    expect(needsReconfirmation(staff, { ...staff, medtochkaUuid: 'u2' })).toBe(false);
    expect(needsReconfirmation(ANONYMOUS, { ...ANONYMOUS, medtochkaUuid: 'u2' })).toBe(false);
  });
});
