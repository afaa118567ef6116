// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANONYMOUS, type Viewer } from '../../../core/auth/viewer';
import type { ClubUserData } from '../../../core/club/contracts';
import { CLUB_OPEN_EVENT } from './club-events';

const PATIENT: Viewer = { ...ANONYMOUS, isAnonymous: false, isRealPatient: true };
const DAY = 86_400_000;

/** A fresh module each time: the club data is one request per page, kept in the module. */
async function renderWith(data: ClubUserData) {
  vi.resetModules();
  const { ClubCardPanel } = await import('./club-card-panel');
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(data), { status: 200, headers: { 'content-type': 'application/json' } }),
    ),
  );
  const router = createMemoryRouter([{ id: 'root', path: '/', element: <ClubCardPanel /> }], {
    hydrationData: { loaderData: { root: { user: PATIENT } } },
  });
  return render(<RouterProvider router={router} />);
}

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
const base: ClubUserData = {
  is_in_club: false,
  club_card: null,
  next_club_card_price: 99,
  email: null,
  last_card_end: null,
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the club card in the profile', () => {
  it('tells a member whose card ends within two weeks how many days are left', async () => {
    const end = new Date(Date.now() + 3 * DAY - 60_000).toISOString();
    await renderWith({
      ...base,
      is_in_club: true,
      club_card: {
        dt_start: new Date(Date.now() - 170 * DAY).toISOString(),
        dt_end: end,
        mt_link: '/club/card/x/',
      },
    });
    await settle();
    expect(screen.getByRole('status').textContent).toContain('Карта закончится через 3 дня.');
    expect(screen.getByRole('link', { name: 'Открыть клубную карту' }).getAttribute('href')).toBe(
      '/club/card/x/',
    );
  });

  it('says nothing of the end while it is far off', async () => {
    await renderWith({
      ...base,
      is_in_club: true,
      club_card: {
        dt_start: new Date().toISOString(),
        dt_end: new Date(Date.now() + 90 * DAY).toISOString(),
        mt_link: '/club/card/x/',
      },
    });
    await settle();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('tells a former member when the card ended and offers to renew it', async () => {
    const opened = vi.fn();
    window.addEventListener(CLUB_OPEN_EVENT, (e) => opened((e as CustomEvent).detail));
    await renderWith({ ...base, last_card_end: '2026-05-25T09:00:00.000Z' });
    await settle();
    expect(screen.getByTestId('club-card-panel').textContent).toMatch(
      /Клубная карта закончилась 25 мая 2026/,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Продлить карту' }));
    expect(opened).toHaveBeenCalledWith({ viaBanner: true });
  });

  it('offers a newcomer the club', async () => {
    await renderWith({ ...base, next_club_card_price: null });
    await settle();
    expect(screen.getByTestId('club-card-panel').textContent).toContain('Вы не в клубе');
    expect(screen.getByRole('button', { name: 'Получить клубную цену' })).toBeTruthy();
  });
});
