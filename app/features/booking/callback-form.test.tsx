// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CALLBACK_TEXTS } from '../../../core/booking/callback';
import { CallbackForm } from './callback-form';

const CHOICES = [
  { date: '2026-11-22', label: '22 ноября, воскресенье', times: ['evening' as const] },
  {
    date: '2026-11-23',
    label: '23 ноября, понедельник',
    times: ['morning' as const, 'afternoon' as const, 'evening' as const],
  },
];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CallbackForm', () => {
  it('offers only the open parts of the chosen day and sends the choice', async () => {
    const fetchStub = vi.fn(async () =>
      Response.json(
        { id: 1, date: '2026-11-23', times: ['morning', 'evening'], min_hours_to_call: 2 },
        { status: 201 },
      ),
    );
    vi.stubGlobal('fetch', fetchStub);
    render(<CallbackForm doctorId={5} lpuId={9} choices={CHOICES} />);
    // Today only the evening is still open.
    expect((screen.getByLabelText('Утро, 6–11') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('23 ноября, понедельник'));
    expect((screen.getByLabelText('Утро, 6–11') as HTMLInputElement).disabled).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Перезвоните мне' }));
    expect(screen.getByRole('alert').textContent).toBe(CALLBACK_TEXTS.times);
    expect(fetchStub).not.toHaveBeenCalled();

    fireEvent.click(screen.getByLabelText('Утро, 6–11'));
    fireEvent.click(screen.getByLabelText('Вечер, 17–24'));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Перезвоните мне' }));
    });
    const [url, init] = fetchStub.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/ajax/appointment/callback/');
    expect(JSON.parse(String(init.body))).toEqual({
      doctor_id: 5,
      lpu_id: 9,
      date: '2026-11-23',
      times: ['morning', 'evening'],
    });
    expect(screen.getByRole('status').textContent).toBe(CALLBACK_TEXTS.done);
  });

  it('shows the server’s reason when the time is gone meanwhile', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ detail: CALLBACK_TEXTS.late, code: 'bad_request' }, { status: 400 })),
    );
    render(<CallbackForm doctorId={5} lpuId={9} choices={CHOICES} />);
    fireEvent.click(screen.getByLabelText('Вечер, 17–24'));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Перезвоните мне' }));
    });
    expect(screen.getByRole('alert').textContent).toBe(CALLBACK_TEXTS.late);
  });
});
