// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WORK_ACCOUNT_TEXTS, WorkAccountNotice } from './work-account-notice';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('WorkAccountNotice', () => {
  it('says why a work account cannot book and what to do; the button signs out and opens the patient sign-in', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, origin: 'http://localhost', assign });
    const fetchStub = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchStub);
    render(
      <WorkAccountNotice
        title="Недоступно для рабочих аккаунтов"
        loginHref="/login/?next=%2Fappointment%2Fnew%2F%3Fdoctor%3D1%26lpu%3D2"
      />,
    );
    expect(screen.getByText('Недоступно для рабочих аккаунтов')).toBeTruthy();
    expect(screen.getByText(new RegExp(WORK_ACCOUNT_TEXTS.what))).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: WORK_ACCOUNT_TEXTS.button }));
    });
    expect(fetchStub).toHaveBeenCalledWith('/api/auth/logout/', expect.objectContaining({ method: 'POST' }));
    expect(assign).toHaveBeenCalledWith(
      '/login/?next=%2Fappointment%2Fnew%2F%3Fdoctor%3D1%26lpu%3D2&kind=patient',
    );
  });

  it('stays, with the reason, when signing out fails', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('offline');
      }),
    );
    render(<WorkAccountNotice title="Недоступно для рабочих аккаунтов" loginHref="/login/" />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: WORK_ACCOUNT_TEXTS.button }));
    });
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe(WORK_ACCOUNT_TEXTS.failed);
  });
});
