// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANONYMOUS, type Viewer } from '../../../core/auth/viewer';
import { formatTollFree } from './call-in';
import { inputMaskOf, insertedPhoneText, nationalDigitsOf } from './phone-field';
import { SignInForm } from './sign-in-form';

type Reply = { status: number; body: unknown } | 'network';

/** A scripted server: each call to a path takes the next reply queued for it. */
function stubServer(script: Record<string, Reply[]>) {
  const calls: { path: string; body: unknown; headers: Record<string, string> }[] = [];
  const fetchStub = vi.fn(async (url: string, init: RequestInit) => {
    const path = url.split('?')[0];
    calls.push({
      path,
      body: JSON.parse(String(init.body)),
      headers: init.headers as Record<string, string>,
    });
    const reply = script[path]?.shift();
    if (!reply) throw new Error(`unexpected call ${url}`);
    if (reply === 'network') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}

function renderForm({ vkEnabled = false, next = '/favourites' } = {}) {
  const router = createMemoryRouter(
    [{ id: 'root', path: '/', element: <SignInForm next={next} countries={['ru', 'kz']} /> }],
    {
      hydrationData: {
        loaderData: {
          root: {
            user: ANONYMOUS,
            auth: {
              vkEnabled,
              callInPhone: '88005553535',
              clientId: 'portal',
              doctorLoginHref: '/login/doctor/',
            },
          },
        },
      },
    },
  );
  return render(<RouterProvider router={router} />);
}

const assign = vi.fn();

beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the server's CSRF cookie, which the client reads
  document.cookie = 'csrftoken=tok123';
  vi.stubGlobal('location', { ...window.location, assign, reload: vi.fn() });
});

afterEach(() => {
  // The phone mask polls the caret with timers while its input has focus; a blur stops them,
  // so none fires after the test environment is gone.
  (document.activeElement as HTMLElement | null)?.blur();
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  assign.mockReset();
});

async function typePhone(value: string) {
  const input = screen.getByLabelText('Номер телефона') as HTMLInputElement;
  // An input event, as typing or pasting makes: the mask reads it and formats the field.
  await act(async () => {
    fireEvent.input(input, { target: { value } });
  });
  return input;
}

async function submit() {
  await act(async () => {
    fireEvent.submit(screen.getByLabelText('Номер телефона').closest('form') as HTMLFormElement);
  });
}

describe('SignInForm', () => {
  it('requests a code, checks it at the 4th digit, logs in and goes to next', async () => {
    const calls = stubServer({
      '/services/sso/confirmation/request/': [
        { status: 200, body: { code: 'sms', service_id: 's1', attempts_exceeded: false } },
      ],
      '/services/sso/confirmation/confirm/': [{ status: 200, body: { authorization_code: 'auth-1' } }],
      '/api/auth/login/': [{ status: 200, body: { user: { ...ANONYMOUS, isAnonymous: false } } }],
    });
    renderForm();
    await typePhone('+7 900 123-45-67');
    await submit();
    const code = await screen.findByLabelText('Код из СМС');
    expect(document.activeElement).toBe(code);
    expect(screen.getByRole('button', { name: 'Отправить СМС повторно' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('timer').textContent).toBe('Запросить код повторно можно через 0:30');

    await act(async () => {
      fireEvent.change(code, { target: { value: '123' } });
    });
    expect(calls.map((c) => c.path)).toEqual(['/services/sso/confirmation/request/']);
    await act(async () => {
      fireEvent.change(code, { target: { value: '1234' } });
    });
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/favourites'));
    expect(calls.map((c) => c.body)).toEqual([
      { phone: '79001234567' },
      { phone: '79001234567', code: '1234', service_id: 's1', mobile_app: false },
      { authorization_code: 'auth-1', client_id: 'portal' },
    ]);
    expect(calls.every((c) => c.headers['X-CSRFToken'] === 'tok123')).toBe(true);
  });

  /** Signs in through the form given `next`, as `user`; where the browser was sent. */
  async function landingOf(next: string, user: Partial<Viewer> = {}): Promise<unknown> {
    stubServer({
      '/services/sso/confirmation/request/': [
        { status: 200, body: { code: 'sms', service_id: 's1', attempts_exceeded: false } },
      ],
      '/services/sso/confirmation/confirm/': [{ status: 200, body: { authorization_code: 'auth-1' } }],
      '/api/auth/login/': [{ status: 200, body: { user: { ...ANONYMOUS, isAnonymous: false, ...user } } }],
    });
    renderForm({ next });
    await typePhone('+7 900 123-45-67');
    await submit();
    const code = await screen.findByLabelText('Код из СМС');
    await act(async () => {
      fireEvent.change(code, { target: { value: '1234' } });
    });
    await vi.waitFor(() => expect(assign).toHaveBeenCalledOnce());
    const [landing] = assign.mock.calls[0];
    (document.activeElement as HTMLElement | null)?.blur();
    cleanup();
    assign.mockReset();
    return landing;
  }

  it('never leaves the site after signing in, whatever next it was given', async () => {
    for (const next of ['/..//evil.example', '/%2e%2e//evil.example', '/moskva/../..//evil.example'])
      expect(await landingOf(next), next).toBe('/');
  });

  it('takes a work account sent nowhere in particular to its cabinet, and keeps a page asked for', async () => {
    expect(await landingOf('/', { isLpu: true })).toBe('/cabinet/appointments/');
    expect(await landingOf('/', { isDoctor: true })).toBe('/cabinet/appointments/');
    expect(await landingOf('/', { isStaff: true })).toBe('/staff/reviews/');
    expect(await landingOf('/cabinet/prices/', { isLpu: true })).toBe('/cabinet/prices/');
    expect(await landingOf('/')).toBe('/');
  });

  it('validates the phone before any request', async () => {
    const calls = stubServer({});
    renderForm();
    await submit();
    const input = screen.getByLabelText('Номер телефона');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Укажите номер телефона',
    );
    await typePhone('+7 495 123-45-67');
    await submit();
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Укажите номер в формате +7 9## ###-##-##',
    );
    expect(calls).toEqual([]);
  });

  it('shows the wrong-code text by method', async () => {
    stubServer({
      '/services/sso/confirmation/request/': [
        { status: 200, body: { code: 'call', service_id: 's1', attempts_exceeded: false } },
      ],
      '/services/sso/confirmation/confirm/': [
        { status: 400, body: { code: 'error_code', detail: 'Неверные цифры' } },
      ],
    });
    renderForm();
    await typePhone('+7 900 123-45-67');
    await submit();
    const code = await screen.findByLabelText('Последние 4 цифры номера, с которого мы позвонили');
    await act(async () => {
      fireEvent.change(code, { target: { value: '0000' } });
    });
    await screen.findByText('Неверные цифры');
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(code.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Неверные цифры',
    );
  });

  it('offers call or SMS when VK attempts ran out, then resubmits without VK', async () => {
    const calls = stubServer({
      '/services/sso/confirmation/request/': [
        { status: 200, body: { code: 'vk', service_id: 's1', attempts_exceeded: true } },
        { status: 200, body: { code: 'sms', service_id: 's2', attempts_exceeded: false } },
      ],
    });
    renderForm({ vkEnabled: true });
    await typePhone('+7 900 123-45-67');
    expect(screen.getByRole('button', { name: 'Получить код ВКонтакте' }).getAttribute('type')).toBe(
      'submit',
    );
    await submit();
    const dialog = await screen.findByRole('dialog', {
      name: 'Не получается подтвердить телефон через ВКонтакте',
    });
    expect(dialog.textContent).toContain('Закончились попытки. Можно подтвердить через звонок или СМС.');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Подтвердить' }));
    });
    expect((await screen.findByLabelText('Код из СМС')).getAttribute('aria-invalid')).toBe('false');
    expect(calls.map((c) => c.body)).toEqual([
      { phone: '79001234567', confirmation_flow: 'vk' },
      { phone: '79001234567' },
    ]);
  });

  it('offers a call or an SMS beside VK on the first screen, without asking VK first', async () => {
    const calls = stubServer({
      '/services/sso/confirmation/request/': [
        { status: 200, body: { code: 'call', service_id: 's1', attempts_exceeded: false } },
      ],
    });
    renderForm({ vkEnabled: true });
    await typePhone('+7 900 123-45-67');
    expect(screen.getByRole('button', { name: 'Получить код ВКонтакте' })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Подтвердить через звонок или СМС' }));
    });
    expect(await screen.findByLabelText('Последние 4 цифры номера, с которого мы позвонили')).toBeTruthy();
    expect(calls.map((c) => c.body)).toEqual([{ phone: '79001234567' }]);
    // VK is not offered again on this form.
    expect(screen.queryByRole('button', { name: /ВКонтакте/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Подтвердить через звонок или СМС' })).toBeNull();
  });

  it('checks the phone before skipping VK, and no VK alternative without VK', async () => {
    const calls = stubServer({ '/services/sso/confirmation/request/': [] });
    renderForm({ vkEnabled: true });
    await typePhone('+7 900 12');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Подтвердить через звонок или СМС' }));
    });
    expect(await screen.findByText(/Укажите номер в формате/)).toBeTruthy();
    expect(calls).toEqual([]);
    cleanup();
    renderForm({ vkEnabled: false });
    expect(screen.queryByRole('button', { name: 'Подтвердить через звонок или СМС' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Подтвердить' })).toBeTruthy();
  });

  it('blocks with a countdown on error_limit with waiting_time', async () => {
    stubServer({
      '/services/sso/confirmation/request/': [
        { status: 429, body: { code: 'error_limit', detail: 'x', waiting_time: 95 } },
      ],
    });
    renderForm();
    await typePhone('+7 900 123-45-67');
    await submit();
    expect((await screen.findByRole('timer')).textContent).toBe('Запросить код повторно можно через 1:35');
  });

  it('opens the offline dialog when the network fails', async () => {
    stubServer({ '/services/sso/confirmation/request/': ['network'] });
    renderForm();
    await typePhone('+7 900 123-45-67');
    await submit();
    const dialog = await screen.findByRole('dialog', { name: 'Нет соединения с интернетом' });
    expect(dialog.textContent).toContain('Проверьте соединение и попробуйте снова.');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Понятно' }));
    });
    expect(screen.queryByText('Нет соединения с интернетом')).toBeNull();
  });

  it('blocks the form while the old profile is being deleted', async () => {
    stubServer({
      '/services/sso/confirmation/request/': [
        { status: 403, body: { code: 'deleting_in_progress', detail: 'x' } },
      ],
    });
    renderForm();
    await typePhone('+7 900 123-45-67');
    await submit();
    const input = screen.getByLabelText('Номер телефона');
    await screen.findByText('С этого номера пока нельзя записаться на приём или оставить отзыв');
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      // The reply's own detail ('x') is the longer second line.
      'С этого номера пока нельзя записаться на приём или оставить отзывx',
    );
    expect(screen.getByRole('button', { name: 'Подтвердить' })).toHaveProperty('disabled', true);
  });

  it('offers a country select when several countries are offered', async () => {
    stubServer({});
    renderForm();
    const select = screen.getByLabelText('Страна') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['Россия +7', 'Казахстан +7']);
    expect(select.value).toBe('ru');
  });
});

describe('phone field helpers', () => {
  it('builds typing masks with every national digit free', () => {
    expect(inputMaskOf('ru')).toBe('+7 ### ###-##-##');
    expect(inputMaskOf('ee')).toBe('+372 ####-####');
  });

  it('reads national digits from the shown value', () => {
    expect(nationalDigitsOf('+7 900 123-45-67', 'ru')).toBe('9001234567');
    expect(nationalDigitsOf('+994 40 123', 'az')).toBe('40123');
    expect(nationalDigitsOf('', 'ru')).toBe('');
  });

  it('reads a pasted or autofilled number into the national part, and drops a dialled prefix', () => {
    expect(insertedPhoneText('ru', '+7 (900) 123-45-67', '')).toBe('9001234567');
    expect(insertedPhoneText('ru', '79001234567', '')).toBe('9001234567');
    expect(insertedPhoneText('ru', '8 900 123 45 67', '')).toBe('9001234567');
    expect(insertedPhoneText('ru', '9001234567', '')).toBe('9001234567');
    expect(insertedPhoneText('ee', '+37251234567', '')).toBe('51234567');
    // A 7 or 8 typed first is the habit of dialling a prefix; later it is a digit of the number.
    expect(insertedPhoneText('ru', '8', '')).toBe('');
    expect(insertedPhoneText('ru', '7', '+')).toBe('');
    expect(insertedPhoneText('ru', '8', '+7 9')).toBe('8');
    expect(insertedPhoneText('ru', '9', '')).toBe('9');
  });

  it('formats what is pasted into the field by the mask', async () => {
    stubServer({});
    renderForm();
    const input = await typePhone('8 (900) 123-45-67');
    expect(input.value).toBe('+7 900 123-45-67');
  });

  it('formats the toll-free number', () => {
    expect(formatTollFree('88005553535')).toBe('8 800 555-35-35');
  });
});
