// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffProfiles } from '../../../core/doctor/profile-contracts';
import { PROFILE_TEXTS } from '../../../core/doctor/profile-edit';
import { ProfileModerationQueue } from './profile-moderation';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const QUEUE: StaffProfiles = {
  items: [
    {
      id: 31,
      status: 'pending',
      createdAt: '2026-11-28T03:50:00Z',
      decidedAt: null,
      reason: null,
      changes: [{ field: 'about', label: 'О враче', before: 'Старый текст', after: 'Новый текст' }],
      photoUrl: null,
      doctor: { id: 4, name: 'Петров П. П.', url: '/moskva/vrach/4-petrov/' },
      authorRole: 'doctor',
      currentPhotoUrl: null,
    },
  ],
  hasNext: false,
  pendingCount: 1,
} as StaffProfiles;

function renderQueue() {
  const router = createMemoryRouter(
    [
      {
        path: '/staff/profiles/',
        element: <ProfileModerationQueue tab="pending" page={1} queue={QUEUE} />,
        loader: () => null,
      },
    ],
    { initialEntries: ['/staff/profiles/'] },
  );
  render(<RouterProvider router={router} />);
}

describe('ProfileModerationQueue', () => {
  it('rejects a change with its reason, showing the refusal first, then the decision', async () => {
    const answers = [
      Response.json(
        { detail: PROFILE_TEXTS.reasonNeeded, errors: { reason: PROFILE_TEXTS.reasonNeeded } },
        { status: 400 },
      ),
      Response.json({}),
    ];
    const fetchStub = vi.fn(async () => answers.shift());
    vi.stubGlobal('fetch', fetchStub);
    renderQueue();
    fireEvent.click(await screen.findByRole('button', { name: PROFILE_TEXTS.reject }));
    const reject = screen.getByRole('button', { name: 'Отклонить с этой причиной' });
    await act(async () => fireEvent.click(reject));
    expect(screen.getByRole('alert').textContent).toBe(PROFILE_TEXTS.reasonNeeded);
    fireEvent.change(screen.getByLabelText('Причина отказа'), { target: { value: 'На фото не видно лица' } });
    await act(async () => fireEvent.click(reject));
    const [url, init] = fetchStub.mock.calls[1] as unknown as [string, RequestInit];
    expect(url).toBe('/api/staff/profiles/31/decision/');
    expect(JSON.parse(String(init.body))).toEqual({ decision: 'reject', reason: 'На фото не видно лица' });
    expect(screen.getByRole('status').textContent).toBe('Изменения врача Петров П. П. отклонены');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
