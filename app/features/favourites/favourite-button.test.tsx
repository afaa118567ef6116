// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANONYMOUS, type Viewer } from '../../../core/auth/viewer';
import { hideSnackbar, SnackbarHost } from '../../components/ui/snackbar';
import { FavouriteButton } from './favourite-button';
import { resetFavouritesStore } from './favourites-store';

const PATIENT: Viewer = { ...ANONYMOUS, isAnonymous: false, isRealPatient: true, userPhone: '79011234567' };
const STAFF: Viewer = { ...ANONYMOUS, isAnonymous: false, isStaff: true, userPhone: '79990000001' };

type Call = { method: string; url: string; body: unknown };
let calls: Call[];
let saved: Set<string>;
let failNext = false;

function fakeServer() {
  return vi.fn(async (url: string, init: RequestInit) => {
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method: init.method ?? 'GET', url, body });
    if (failNext) {
      failNext = false;
      return new Response('{"detail":"Произошла ошибка"}', { status: 500 });
    }
    const m = /^\/api\/patient\/favourites\/(doctors|lpu)\/(?:(\d+)\/)?$/.exec(url);
    if (!m) return new Response('{}', { status: 404 });
    const [, type, id] = m;
    if (!id) {
      const states = (body as number[]).map((i) => ({
        id: i,
        in_user_favourites: saved.has(`${type}:${i}`),
      }));
      return Response.json(states);
    }
    if (init.method === 'POST') saved.add(`${type}:${id}`);
    else saved.delete(`${type}:${id}`);
    return Response.json({ id: Number(id), in_user_favourites: init.method === 'POST' });
  });
}

function renderPage(
  user: Viewer,
  hearts: { type: 'doctors' | 'lpu'; id: number }[],
  path = '/moskva/vrach/',
) {
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '/',
        loader: () => ({ user }),
        children: [
          {
            path: 'moskva/vrach/',
            element: (
              <>
                {hearts.map((h) => (
                  <FavouriteButton key={`${h.type}${h.id}`} type={h.type} id={h.id} />
                ))}
                <SnackbarHost />
              </>
            ),
          },
          { path: 'favourites/', element: <h1>Избранное</h1> },
        ],
      },
    ],
    { initialEntries: [path], hydrationData: { loaderData: { root: { user } } } },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** Lets the batched state call (queued for the next tick) and its answer run. */
async function settle() {
  await act(async () => {
    await new Promise((r) => setTimeout(r, 5));
  });
}

beforeEach(() => {
  calls = [];
  saved = new Set();
  failNext = false;
  vi.stubGlobal('fetch', fakeServer());
});

afterEach(() => {
  cleanup();
  hideSnackbar();
  resetFavouritesStore();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('FavouriteButton for a patient', () => {
  it('asks the state of all hearts with one call per type', async () => {
    saved.add('doctors:2');
    renderPage(PATIENT, [
      { type: 'doctors', id: 1 },
      { type: 'doctors', id: 2 },
      { type: 'lpu', id: 7 },
    ]);
    await settle();
    expect(calls).toEqual([
      { method: 'POST', url: '/api/patient/favourites/doctors/', body: [1, 2] },
      { method: 'POST', url: '/api/patient/favourites/lpu/', body: [7] },
    ]);
    const [first, second] = screen.getAllByRole('button', { name: /избранное|избранного/ });
    expect(first.getAttribute('aria-pressed')).toBe('false');
    expect(second.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Удалить из избранного' })).toBe(second);
  });

  it('adds with a toast, removes with an undo that restores it', async () => {
    renderPage(PATIENT, [{ type: 'doctors', id: 1 }]);
    await settle();
    const heart = screen.getByRole('button', { name: 'Добавить в избранное' });
    await act(async () => fireEvent.click(heart));
    await settle();
    expect(screen.getByRole('status').textContent).toContain('Добавлено в избранное');
    expect(screen.getByRole('button', { name: 'Перейти' }).getAttribute('type')).toBe('button');
    expect(heart.getAttribute('aria-pressed')).toBe('true');

    await act(async () => fireEvent.click(heart));
    await settle();
    expect(screen.getByRole('status').textContent).toContain('Удалено из избранного');
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Отменить' })));
    await settle();
    expect(screen.getByRole('status').textContent).toContain('Восстановлено');
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    expect(calls.map((c) => `${c.method} ${c.url}`).slice(1)).toEqual([
      'POST /api/patient/favourites/doctors/1/',
      'DELETE /api/patient/favourites/doctors/1/',
      'POST /api/patient/favourites/doctors/1/',
    ]);
  });

  it('ignores clicks while a change is on its way', async () => {
    renderPage(PATIENT, [{ type: 'doctors', id: 1 }]);
    await settle();
    const heart = screen.getByRole('button', { name: 'Добавить в избранное' });
    await act(async () => {
      fireEvent.click(heart);
      fireEvent.click(heart);
      fireEvent.click(heart);
    });
    await settle();
    expect(calls.filter((c) => c.url.endsWith('/1/'))).toHaveLength(1);
  });

  it('shows the generic error toast when the server fails', async () => {
    renderPage(PATIENT, [{ type: 'doctors', id: 1 }]);
    await settle();
    failNext = true;
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const heart = screen.getByRole('button', { name: 'Добавить в избранное' });
    await act(async () => fireEvent.click(heart));
    await settle();
    expect(screen.getByRole('status').textContent).toContain('Произошла ошибка');
    expect(heart.getAttribute('aria-pressed')).toBe('false');
  });

  it('adds the favourite the sign-in return asks for once, and cleans the address', async () => {
    window.history.replaceState(null, '', '/moskva/vrach/?page=2&addToFavourites=5');
    renderPage(PATIENT, [
      { type: 'doctors', id: 5 },
      { type: 'lpu', id: 5 },
    ]);
    await settle();
    await settle();
    expect(saved).toEqual(new Set(['doctors:5']));
    expect(window.location.search).toBe('?page=2');
    expect(screen.getByRole('status').textContent).toContain('Добавлено в избранное');
  });

  it('does not add again what is already saved', async () => {
    saved.add('lpu:5');
    window.history.replaceState(null, '', '/moskva/vrach/?addToFavourites=5&favouriteType=lpu');
    renderPage(PATIENT, [{ type: 'lpu', id: 5 }]);
    await settle();
    await settle();
    expect(calls.filter((c) => c.url === '/api/patient/favourites/lpu/5/')).toHaveLength(0);
    expect(window.location.search).toBe('');
  });
});

describe('FavouriteButton for others', () => {
  it('asks an anonymous visitor to sign in, with the way back in the link', async () => {
    window.history.replaceState(null, '', '/moskva/vrach/?page=2');
    renderPage(ANONYMOUS, [{ type: 'lpu', id: 9 }]);
    await settle();
    expect(calls).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Добавить в избранное' }));
    const dialog = await screen.findByRole('dialog', { name: 'Необходимо войти в личный кабинет' });
    expect(dialog.textContent).toContain('Не сейчас');
    const link = screen.getByRole('link', { name: 'Войти' });
    const next = new URL(link.getAttribute('href') ?? '', 'http://x').searchParams.get('next');
    expect(next).toBe('/moskva/vrach/?page=2&addToFavourites=9&favouriteType=lpu');
  });

  it('tells a work account it cannot, without asking the server', async () => {
    renderPage(STAFF, [{ type: 'doctors', id: 3 }]);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Добавить в избранное' }));
    const dialog = await screen.findByRole('dialog', { name: 'Недоступно для рабочих аккаунтов' });
    expect(dialog.textContent).toContain('Чтобы пользоваться избранным, войдите как пациент.');
    expect(calls).toEqual([]);
  });
});
