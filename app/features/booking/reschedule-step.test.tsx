// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BookingViewer } from '../../../core/booking/contracts';
import { RESCHEDULE_ERRORS } from '../../../core/booking/form';
import { RescheduleStep } from './reschedule-step';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const VIEWER = {
  chosen: { slot: '26.11.2026 14:00', label: '26 ноября, 14:00' },
  staleSlot: false,
} as unknown as BookingViewer;

describe('RescheduleStep', () => {
  it('keeps the old time and offers the nearest free ones when the new time is gone', async () => {
    const fetchStub = vi.fn(async () =>
      Response.json(
        {
          detail: 'Это время уже заняли',
          title: '',
          reason: 'slot_taken',
          alternatives: [{ day: '2026-11-27', time: '09:00', duration: 30, slot: '27.11.2026 09:00' }],
        },
        { status: 409 },
      ),
    );
    vi.stubGlobal('fetch', fetchStub);
    const choose = vi.fn();
    render(
      <RescheduleStep
        appointmentId={42}
        token="tok"
        current="25 ноября, 10:00"
        viewer={VIEWER}
        days={[]}
        slots={{}}
        today="2026-11-20"
        choose={choose}
      />,
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Перенести запись' })));
    const [url, init] = fetchStub.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/ajax/appointment/42/reschedule/');
    expect(JSON.parse(String(init.body))).toEqual({ slot: '26.11.2026 14:00', token: 'tok' });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(RESCHEDULE_ERRORS.failure);
    expect(alert.textContent).toContain('Это время уже заняли');
    fireEvent.click(within(alert).getByRole('button'));
    expect(choose).toHaveBeenCalledWith('27.11.2026 09:00');
  });
});
