// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANONYMOUS } from '../../../core/auth/viewer';
import { DESK_TEXTS, DeskPatient } from './desk-patient';

beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the server's CSRF cookie, which the client reads
  document.cookie = 'csrftoken=tok123';
});

afterEach(() => {
  (document.activeElement as HTMLElement | null)?.blur();
  cleanup();
  vi.unstubAllGlobals();
});

describe('DeskPatient', () => {
  it('confirms the patient’s phone by SMS code, then shows the booking form for it; another patient starts again', async () => {
    const replies: Record<string, unknown> = {
      '/ajax/phone_confirmation/': 'success',
      '/ajax/phone/confirm/': { result: 'OK' },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => new Response(JSON.stringify(replies[url.split('?')[0]]), { status: 200 })),
    );
    const router = createMemoryRouter(
      [
        {
          id: 'root',
          path: '/',
          element: <DeskPatient form={(p) => <p data-testid="form">{`${p.phone} ${p.shown}`}</p>} />,
        },
      ],
      {
        hydrationData: {
          loaderData: {
            root: {
              user: { ...ANONYMOUS, isAnonymous: false, isStaff: true },
              auth: { vkEnabled: true, callInPhone: '', clientId: 'portal', doctorLoginHref: '/' },
            },
          },
        },
      },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByText(DESK_TEXTS.ask)).toBeTruthy();
    expect(screen.queryByTestId('form')).toBeNull();
    await act(async () => {
      fireEvent.input(screen.getByLabelText('Номер телефона'), { target: { value: '+7 900 123-45-67' } });
    });
    await act(async () => {
      fireEvent.submit(screen.getByLabelText('Номер телефона').closest('form') as HTMLFormElement);
    });
    const code = await screen.findByLabelText('Код из СМС');
    await act(async () => {
      fireEvent.change(code, { target: { value: '1234' } });
    });
    expect((await screen.findByTestId('form')).textContent).toBe('9001234567 +7 900 123 45 67');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: DESK_TEXTS.other }));
    });
    expect(screen.queryByTestId('form')).toBeNull();
    expect(screen.getByLabelText('Номер телефона')).toBeTruthy();
  });
});
