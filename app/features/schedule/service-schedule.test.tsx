// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServiceSlots } from '../../../core/schedule/contracts';
import { PRELIMINARY_TEXTS } from './preliminary-sheet';
import { serviceScheduleOf } from './service-schedule';
import { createServicesBatcher, type ServiceAsk, type ServicesWindow } from './services-slots-api';

// 09:00 in Moscow on Monday 4 May 2026.
const NOW = new Date('2026-05-04T06:00:00Z');

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const answer = (over: Partial<ServiceSlots> = {}): ServiceSlots => ({
  lpu_id: 70,
  service_id: '99',
  synonym_id: 99,
  appointment_on: true,
  has_intervals: true,
  is_available_appointment_direct: true,
  requires_primary_consultation: false,
  slots: { '2026-05-05': [{ time: '09:00', duration: 45 }] },
  ...over,
});

async function renderSchedule(reply: ServiceSlots | null) {
  const request = vi.fn(async (_ask: ServiceAsk, _span: ServicesWindow) => reply);
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  render(
    await serviceScheduleOf(
      { lpuId: 70, serviceId: 99, tz: 'Europe/Moscow', search: '', source: 'services_list' },
      request,
      NOW,
    ),
  );
  return { request, assign };
}

const slot = () => screen.getByRole('button', { name: '09:00' });
const bookingUrl = '/uslugi/appointment/new/?lpu=70&service=99&slot=05.05.2026+09%3A00&source=services_list';

describe('ServiceSchedule', () => {
  it('asks for a month from today in the town zone and books a slot at once', async () => {
    const { request, assign } = await renderSchedule(answer());
    expect(request).toHaveBeenCalledWith(
      { lpu_id: 70, service_id: 99 },
      { days: 30, dayStart: '2026-05-04', townTimedelta: 3 },
    );
    fireEvent.click(slot());
    expect(assign).toHaveBeenCalledWith(bookingUrl);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the preliminary-consultation notice first; only its confirm leads on', async () => {
    const { assign } = await renderSchedule(answer({ requires_primary_consultation: true }));
    fireEvent.click(slot());
    const dialog = await screen.findByRole('dialog', { name: PRELIMINARY_TEXTS.title });
    expect(dialog.textContent).toContain(PRELIMINARY_TEXTS.text);
    fireEvent.click(screen.getByRole('button', { name: PRELIMINARY_TEXTS.cancel }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(assign).not.toHaveBeenCalled();
    fireEvent.click(slot());
    fireEvent.click(await screen.findByRole('button', { name: PRELIMINARY_TEXTS.confirm }));
    expect(assign).toHaveBeenCalledWith(bookingUrl);
  });

  it('is the stub when the call failed', async () => {
    await renderSchedule(null);
    expect(screen.getByText('Расписание недоступно').textContent).toBe('Расписание недоступно');
  });

  it('is the placeholder calendar «Запись недоступна» with no free day', async () => {
    await renderSchedule(answer({ slots: {} }));
    expect(screen.getByText('Запись недоступна').textContent).toBe('Запись недоступна');
    expect(screen.queryByText('Расписание недоступно')).toBeNull();
  });
});

describe('createServicesBatcher', () => {
  const span = { days: 30, dayStart: '2026-05-04', townTimedelta: 3 };

  it('asks for the cards of one tick in one call and gives each its answer by position', async () => {
    const fetchSchedule = vi.fn(async (body: { services: ServiceAsk[] }) =>
      body.services.map((s) => answer({ lpu_id: s.lpu_id, service_id: String(s.service_id) })),
    );
    const request = createServicesBatcher(fetchSchedule);
    const [a, b] = await Promise.all([
      request({ lpu_id: 1, service_id: 99 }, span),
      request({ lpu_id: 2, service_id: 99 }, span),
    ]);
    expect(fetchSchedule).toHaveBeenCalledTimes(1);
    expect(fetchSchedule.mock.calls[0][0]).toEqual({
      days: 30,
      day_start: '2026-05-04',
      only_free: true,
      town_timedelta: 3,
      services: [
        { lpu_id: 1, service_id: 99 },
        { lpu_id: 2, service_id: 99 },
      ],
    });
    expect([a?.lpu_id, b?.lpu_id]).toEqual([1, 2]);
    // Known answers are kept; a failure is not.
    await request({ lpu_id: 1, service_id: 99 }, span);
    expect(fetchSchedule).toHaveBeenCalledTimes(1);
  });

  it('resolves to null when the call fails, and asks again next time', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fetchSchedule = vi.fn(async () => {
      throw new Error('HTTP 500');
    });
    const request = createServicesBatcher(fetchSchedule);
    expect(await request({ lpu_id: 1, service_id: 99 }, span)).toBeNull();
    expect(await request({ lpu_id: 1, service_id: 99 }, span)).toBeNull();
    expect(fetchSchedule).toHaveBeenCalledTimes(2);
  });
});
