// @vitest-environment happy-dom
/**
 * The SMS-only flows of the phone form (docs/product/sign-in.md, 'Sign-in flows'): staff
 * confirming a patient's phone at the desk, and a no-registration visitor; and VK, which staff
 * are never offered.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONFIRMATION_FLOWS, type ConfirmationFlow } from '../../../core/auth/confirmation';
import { ANONYMOUS, type Viewer } from '../../../core/auth/viewer';
import { SignInForm } from './sign-in-form';

type Reply = { status: number; body: unknown };

function stubServer(script: Record<string, Reply[]>) {
  const calls: { path: string; body: unknown; headers: Record<string, string> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = url.split('?')[0];
      calls.push({
        path,
        body: JSON.parse(String(init.body)),
        headers: init.headers as Record<string, string>,
      });
      const reply = script[path]?.shift();
      if (!reply) throw new Error(`unexpected call ${url}`);
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

const STAFF: Viewer = { ...ANONYMOUS, isAnonymous: false, isStaff: true, userPhone: '79990000001' };

function renderForm(flow: ConfirmationFlow, user: Viewer, onConfirmed = vi.fn()) {
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '/',
        element: <SignInForm next="/appointment/new/?doctor=1" flow={flow} onConfirmed={onConfirmed} />,
      },
    ],
    {
      hydrationData: {
        loaderData: {
          root: {
            user,
            auth: { vkEnabled: true, callInPhone: '88005553535', clientId: 'portal', doctorLoginHref: '/' },
          },
        },
      },
    },
  );
  render(<RouterProvider router={router} />);
  return onConfirmed;
}

const assign = vi.fn();

beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the server's CSRF cookie, which the client reads
  document.cookie = 'csrftoken=tok123';
  vi.stubGlobal('location', { ...window.location, assign, reload: vi.fn() });
});

afterEach(() => {
  (document.activeElement as HTMLElement | null)?.blur();
  cleanup();
  vi.unstubAllGlobals();
  assign.mockReset();
});

async function typePhone(value: string) {
  await act(async () => {
    fireEvent.input(screen.getByLabelText('Номер телефона'), { target: { value } });
  });
}

async function submit() {
  await act(async () => {
    fireEvent.submit(screen.getByLabelText('Номер телефона').closest('form') as HTMLFormElement);
  });
}

async function typeCode(value: string) {
  await act(async () => {
    fireEvent.change(screen.getByLabelText('Код из СМС'), { target: { value } });
  });
}

describe('the staff flow', () => {
  it('confirms the patient’s phone by SMS through the staff calls, 10 digits, with the CSRF header', async () => {
    const calls = stubServer({
      '/ajax/phone_confirmation/': [{ status: 200, body: 'success' }],
      '/ajax/phone/confirm/': [
        {
          status: 400,
          body: { code: 'error_code', detail: 'Неверный код', secret_code: { code: 'error_code' } },
        },
        { status: 200, body: { result: 'OK' } },
      ],
    });
    const onConfirmed = renderForm('staff', STAFF);
    // SMS only: no country choice, no VK, no call-in.
    expect(screen.queryByLabelText('Страна')).toBeNull();
    expect(screen.queryByText(/ВКонтакте|звонку/)).toBeNull();
    await typePhone('+7 900 123-45-67');
    await submit();
    expect(await screen.findByLabelText('Код из СМС')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Отправить СМС повторно' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('timer').textContent).toBe('Запросить код повторно можно через 0:30');

    await typeCode('0000');
    expect(await screen.findByText('Неверный код')).toBeTruthy();
    expect(onConfirmed).not.toHaveBeenCalled();
    await typeCode('1234');
    await vi.waitFor(() => expect(onConfirmed).toHaveBeenCalledWith('79001234567'));
    expect(calls.map((c) => [c.path, c.body])).toEqual([
      ['/ajax/phone_confirmation/', { phone: '9001234567' }],
      ['/ajax/phone/confirm/', { phone: '9001234567', code: '0000' }],
      ['/ajax/phone/confirm/', { phone: '9001234567', code: '1234' }],
    ]);
    expect(calls.every((c) => c.headers['X-CSRFToken'] === 'tok123')).toBe(true);
    // Nobody signs in: the desk stays on its page.
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows the site forms’ texts: limits under the phone, an old code under the code', async () => {
    stubServer({
      '/ajax/phone_confirmation/': [
        {
          status: 429,
          body: {
            code: 'error_limit_total',
            detail: 'Достигнут лимит отправки сообщений',
            phone: { code: 'error_limit_total' },
          },
        },
        { status: 200, body: 'success' },
      ],
      '/ajax/phone/confirm/': [
        {
          status: 400,
          body: { code: 'code_expired', detail: 'Код устарел', secret_code: { code: 'code_expired' } },
        },
      ],
    });
    renderForm('staff', STAFF);
    await typePhone('+7 900 123-45-67');
    await submit();
    expect(await screen.findByText('Достигнут лимит отправки сообщений')).toBeTruthy();
    await submit();
    await screen.findByLabelText('Код из СМС');
    await typeCode('1234');
    expect(await screen.findByText('Код устарел')).toBeTruthy();
  });
});

describe('the no-registration flow', () => {
  it('asks phone_login for an SMS (10 digits), checks the code, signs in and goes on to the booking', async () => {
    const calls = stubServer({
      '/services/sso/phone_login/': [
        { status: 200, body: { code: 'sms', service_id: 's1', attempts_exceeded: false } },
      ],
      '/services/sso/confirmation/confirm/': [
        { status: 400, body: { code: 'error_code', detail: 'Неверный СМС код' } },
        { status: 200, body: { authorization_code: 'auth-1' } },
      ],
      '/api/auth/login/': [{ status: 200, body: { user: { ...ANONYMOUS, isAnonymous: false } } }],
    });
    renderForm('noRegistration', ANONYMOUS);
    expect(screen.getByRole('button', { name: 'Подтвердить' })).toBeTruthy();
    expect(screen.queryByText(/ВКонтакте|звонку/)).toBeNull();
    await typePhone('+7 900 123-45-67');
    await submit();
    await screen.findByLabelText('Код из СМС');
    await typeCode('0000');
    expect(await screen.findByText('Неверный СМС код')).toBeTruthy();
    await typeCode('1234');
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/appointment/new/?doctor=1'));
    expect(calls.map((c) => [c.path, c.body])).toEqual([
      ['/services/sso/phone_login/', { phone: '9001234567' }],
      [
        '/services/sso/confirmation/confirm/',
        { phone: '79001234567', code: '0000', service_id: 's1', mobile_app: false },
      ],
      [
        '/services/sso/confirmation/confirm/',
        { phone: '79001234567', code: '1234', service_id: 's1', mobile_app: false },
      ],
      ['/api/auth/login/', { authorization_code: 'auth-1', client_id: 'portal' }],
    ]);
  });
});

describe('VK', () => {
  it('is offered to an ordinary patient’s sign-in when the site enables it', () => {
    stubServer({});
    renderForm('patient', ANONYMOUS);
    expect(screen.getByRole('button', { name: 'Получить код ВКонтакте' })).toBeTruthy();
  });

  it.each(CONFIRMATION_FLOWS)(
    'is never offered to staff (%s form), though the site enables it',
    async (flow) => {
      const calls = stubServer({
        '/services/sso/confirmation/request/': [
          { status: 200, body: { code: 'sms', service_id: 's1', attempts_exceeded: false } },
        ],
        '/services/sso/phone_login/': [
          { status: 200, body: { code: 'sms', service_id: 's1', attempts_exceeded: false } },
        ],
        '/ajax/phone_confirmation/': [{ status: 200, body: 'success' }],
      });
      renderForm(flow, STAFF);
      expect(document.body.textContent).not.toMatch(/ВКонтакте/);
      await typePhone('+7 900 123-45-67');
      await submit();
      await screen.findByLabelText('Код из СМС');
      expect(document.body.textContent).not.toMatch(/ВКонтакте/);
      expect(calls).toHaveLength(1);
      expect(calls[0].body).not.toHaveProperty('confirmation_flow');
    },
  );

  it('is not offered on the work accounts’ sign-in', () => {
    stubServer({});
    renderForm('work', ANONYMOUS);
    expect(screen.getByRole('button', { name: 'Подтвердить' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/ВКонтакте/);
  });
});
