// @vitest-environment happy-dom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANONYMOUS, type Viewer } from '../../../core/auth/viewer';
import { Reconfirmation } from './reconfirmation';

const PATIENT: Viewer = {
  ...ANONYMOUS,
  isAnonymous: false,
  isRealPatient: true,
  userPhone: '79001234567',
  medtochkaUuid: 'uuid-a',
};

function renderFor(user: Viewer) {
  const router = createMemoryRouter([{ path: '*', element: <Reconfirmation user={user} /> }], {
    initialEntries: ['/moskva/vrach/'],
  });
  return render(<RouterProvider router={router} />);
}

function pullAnswers(user: Viewer) {
  const fetchMock = vi.fn(async () => Response.json({ user }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function comeBackToTab() {
  await act(async () => {
    document.dispatchEvent(new Event('visibilitychange'));
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Reconfirmation', () => {
  it('asks to confirm the phone again when the session now belongs to another patient', async () => {
    pullAnswers({ ...PATIENT, medtochkaUuid: 'uuid-b' });
    renderFor(PATIENT);
    await comeBackToTab();
    const dialog = await screen.findByRole('dialog', { name: 'Войдите, чтобы продолжить' });
    expect(within(dialog).getByLabelText('Номер телефона').tagName).toBe('INPUT');
  });

  it('stays quiet when the account is the same', async () => {
    const fetchMock = pullAnswers(PATIENT);
    renderFor(PATIENT);
    await comeBackToTab();
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/pull/', expect.anything());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('checks only real patients', async () => {
    const fetchMock = pullAnswers({ ...PATIENT, medtochkaUuid: 'uuid-b' });
    renderFor({ ...PATIENT, isRealPatient: false, isStaff: true });
    await comeBackToTab();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
