// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ANONYMOUS, type Viewer } from '../../../core/auth/viewer';
import { preloadModal } from '../../components/ui/modal';
import { AccountMenu, preloadAccountMenu } from './account-menu';
import { SignInModal } from './sign-in-modal';

// The modal's code is in before the tests open one, as the root's idle preload has it in a browser;
// the account menu's list as a pointer over its button has it.
beforeAll(() => Promise.all([preloadModal(), preloadAccountMenu()]));

const PATIENT: Viewer = {
  ...ANONYMOUS,
  isAnonymous: false,
  isRealPatient: true,
  userPhone: '79001234567',
  medtochkaUuid: 'u1',
};

function renderWithRoot(element: ReactNode, user?: Viewer, path = '/moskva/vrach/') {
  const router = createMemoryRouter([{ id: 'root', path: '*', element }], {
    initialEntries: [path],
    hydrationData: { loaderData: { root: user ? { user } : {} } },
  });
  return render(<RouterProvider router={router} />);
}

afterEach(() => {
  // The phone mask polls the caret with timers while its input has focus; a blur stops them,
  // so none fires after the test environment is gone.
  (document.activeElement as HTMLElement | null)?.blur();
  cleanup();
  vi.unstubAllGlobals();
});

describe('AccountMenu', () => {
  it('offers Войти with the way back when nobody is signed in (also without user data)', () => {
    renderWithRoot(<AccountMenu />, undefined, '/moskva/vrach/?page=2');
    const link = screen.getByRole('link', { name: 'Войти' });
    expect(link.getAttribute('href')).toBe('/login/?next=%2Fmoskva%2Fvrach%2F%3Fpage%3D2');
  });

  it('shows the masked phone, Мои записи and Избранное for a patient; Выйти posts logout and reloads', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const fetchStub = vi.fn(async () => new Response(JSON.stringify({ user: ANONYMOUS }), { status: 200 }));
    vi.stubGlobal('fetch', fetchStub);
    renderWithRoot(<AccountMenu />, PATIENT);
    const button = screen.getByRole('button', { name: 'Аккаунт +7 900 ***-**-67' });
    expect(screen.queryByRole('link', { name: 'Избранное' })).toBeNull();
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Избранное' }).getAttribute('href')).toBe('/favourites');
    expect(screen.getByRole('link', { name: 'Мои записи' }).getAttribute('href')).toBe(
      '/profile/appointments',
    );
    expect(screen.getByRole('link', { name: 'Профиль' }).getAttribute('href')).toBe('/profile/');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Выйти' }));
    });
    expect(fetchStub).toHaveBeenCalledWith('/api/auth/logout/', expect.objectContaining({ method: 'POST' }));
    expect(reload).toHaveBeenCalled();
  });

  it('has no Избранное or Мои записи for work accounts', () => {
    renderWithRoot(<AccountMenu />, { ...PATIENT, isRealPatient: false, isDoctor: true });
    fireEvent.click(screen.getByRole('button', { name: /Аккаунт/ }));
    expect(screen.queryByRole('link', { name: 'Избранное' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Мои записи' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Профиль' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Выйти' }).hasAttribute('disabled')).toBe(false);
  });
});

describe('SignInModal', () => {
  it('titles the sign-in form and links the consent documents', () => {
    renderWithRoot(<SignInModal open onOpenChange={() => {}} next="/x/" />);
    const dialog = screen.getByRole('dialog', { name: 'Войдите, чтобы продолжить' });
    expect(dialog.style.getPropertyValue('--modal-width')).toBe('360px');
    expect(screen.getByLabelText('Номер телефона').tagName).toBe('INPUT');
    expect(screen.getByRole('link', { name: 'политикой конфиденциальности' }).getAttribute('href')).toBe(
      '/privacy/',
    );
    expect(screen.getByRole('link', { name: 'пользовательским соглашением' }).getAttribute('href')).toBe(
      '/terms/',
    );
  });
});
