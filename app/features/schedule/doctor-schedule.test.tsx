// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DoctorSlots } from '../../../core/schedule/contracts';
import { scheduleOf, scheduleWindow } from './doctor-schedule';
import type { SlotsWindow } from './slots-api';

// 09:00 in Moscow on Monday 4 May 2026.
const NOW = new Date('2026-05-04T06:00:00Z');

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const answer = (over: Partial<DoctorSlots> = {}): DoctorSlots => ({
  doctor_id: 7,
  lpu_id: 70,
  appointment_on: true,
  slots: {
    '2026-05-05': [
      { time: '09:00', duration: 30 },
      { time: '09:30', duration: 30 },
    ],
    '2026-05-07': [{ time: '18:00', duration: 30 }],
  },
  ...over,
});

async function renderSchedule(reply: DoctorSlots | null, search = '') {
  const request = vi.fn(async (_doctorId: number, _lpuId: number, _span: SlotsWindow) => reply);
  render(await scheduleOf({ doctorId: 7, lpuId: 70, tz: 'Europe/Moscow', search }, request, NOW));
  return request;
}

describe('scheduleWindow', () => {
  it('takes 14 days from today in the town zone and its offset in hours', () => {
    const late = new Date('2026-05-04T23:30:00Z');
    const vladivostok = scheduleWindow(late, 'Asia/Vladivostok');
    expect(vladivostok).toMatchObject({ days: 14, dtStart: '2026-05-05', townTimedelta: 10 });
    expect(vladivostok.list).toHaveLength(14);
    expect(vladivostok.list[0]).toBe('2026-05-05');
    expect(vladivostok.list[13]).toBe('2026-05-18');
    expect(scheduleWindow(late, 'Europe/Moscow')).toMatchObject({ dtStart: '2026-05-05', townTimedelta: 3 });
    expect(scheduleWindow(late, 'Europe/Kaliningrad')).toMatchObject({
      dtStart: '2026-05-05',
      townTimedelta: 2,
    });
    expect(scheduleWindow(new Date('2026-05-04T17:30:00Z'), 'Asia/Novosibirsk')).toMatchObject({
      dtStart: '2026-05-05',
      townTimedelta: 7,
    });
  });
});

describe('scheduleOf', () => {
  it('asks for the fortnight from today in the town zone, Moscow by default', async () => {
    const request = vi.fn(async () => null);
    await scheduleOf({ doctorId: 7, lpuId: 70, search: '' }, request, NOW);
    await scheduleOf({ doctorId: 7, lpuId: 70, tz: 'Asia/Vladivostok', search: '' }, request, NOW);
    expect(request.mock.calls).toEqual([
      [7, 70, { days: 14, dtStart: '2026-05-04', townTimedelta: 3 }, 'clinic'],
      [7, 70, { days: 14, dtStart: '2026-05-04', townTimedelta: 10 }, 'clinic'],
    ]);
  });

  it('shows the calendar of the doctor at the clinic when some day has slots', async () => {
    await renderSchedule(answer());
    expect(screen.getByRole('tablist', { name: 'Дни для записи' }).getAttribute('aria-label')).toBe(
      'Дни для записи',
    );
    expect(screen.getByRole('tab', { selected: true }).textContent).toContain('5 мая');
    expect(screen.getAllByRole('tab')[0].textContent).toContain('Сегодня');
    expect(screen.getByRole('button', { name: '09:30' }).textContent).toBe('09:30');
  });

  it('opens on the day the URL filters ask for', async () => {
    await renderSchedule(answer(), '?daytimes=evening');
    expect(screen.getByRole('tab', { selected: true }).textContent).toContain('7 мая');
  });

  it('goes to the booking page of the clicked slot', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    await renderSchedule(answer());
    fireEvent.click(screen.getByRole('button', { name: '09:30' }));
    expect(assign).toHaveBeenCalledWith(
      '/appointment/new/?doctor=7&lpu=70&slot=05.05.2026+09%3A30&source=doctors_list',
    );
  });

  it('offers the express booking link when there are no slots but the clinic takes bookings', async () => {
    await renderSchedule(answer({ slots: { '2026-05-05': [] } }));
    const link = screen.getByRole('link', { name: 'Запись на приём' });
    expect(link.getAttribute('href')).toBe('/appointment/new/?doctor=7&lpu=70&source=doctors_list');
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('says the clinic takes no online booking and links its phone, callback and waitlist when booking is off', async () => {
    await renderSchedule(answer({ appointment_on: false, slots: {} }));
    expect(screen.getByText('Клиника сейчас не принимает онлайн-запись к этому врачу.')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Телефон, звонок или лист ожидания' });
    expect(link.getAttribute('href')).toBe('/appointment/new/?doctor=7&lpu=70&source=doctors_list');
    expect(screen.queryByText('Расписание недоступно')).toBeNull();
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('shows the stub when the call failed', async () => {
    await renderSchedule(null);
    expect(screen.getByText('Расписание недоступно').textContent).toBe('Расписание недоступно');
  });

  it('ignores slots outside its fortnight', async () => {
    await renderSchedule(
      answer({ appointment_on: true, slots: { '2026-06-01': [{ time: '09:00', duration: 30 }] } }),
    );
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.getByRole('link', { name: 'Запись на приём' })).toBeTruthy();
  });
});
