// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CALLBACK_STATUS_LABELS, CALLBACK_TEXTS as T } from '../../../core/cabinet/callbacks';
import type { CabinetCallback } from '../../../core/cabinet/contracts';
import { CallbacksInbox } from './callbacks-inbox';
import { json, stubFetch } from './fetch-stub';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const callback: CabinetCallback = {
  id: 7,
  status: 'new',
  phone: '79135551234',
  patientName: 'Анна',
  doctor: { id: 3, name: 'Иванов Иван Иванович' },
  clinicName: 'Клиника',
  date: '2025-03-03',
  times: ['morning'],
  createdAt: '2025-03-01T09:00:00Z',
};

describe('CallbacksInbox', () => {
  it('answers a request and shows its new state', async () => {
    const stub = stubFetch(json({ ...callback, status: 'called' }));
    render(<CallbacksInbox inbox={{ status: 'open', callbacks: [callback] }} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: T.called })));
    expect(stub.sent()).toMatchObject({
      url: '/cabinet/ajax/callbacks/7/status/',
      body: { status: 'called' },
    });
    expect(screen.getByRole('status').textContent).toBe(CALLBACK_STATUS_LABELS.called);
  });

  it('says why an answer was refused', async () => {
    stubFetch(json({ detail: T.answered }, 409));
    render(<CallbacksInbox inbox={{ status: 'open', callbacks: [callback] }} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: T.booked })));
    expect(screen.getByRole('alert').textContent).toBe(T.answered);
    expect(screen.getByRole('button', { name: T.booked })).toBeTruthy();
  });
});
