// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SpecialitySlots } from '../../../core/schedule/contracts';
import { clinicScheduleOf, createClinicBatcher } from './clinic-schedule';

// 09:00 in Moscow on Monday 4 May 2026.
const NOW = new Date('2026-05-04T06:00:00Z');
const props = {
  lpuId: 70,
  specialityId: 5,
  specialityName: 'Терапевт',
  doctorsUrl: '/moskva/lpu/70-klinika/vrachi/',
  tz: 'Europe/Moscow',
  search: '',
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ClinicSchedule', () => {
  it('shows the clinic’s free times for its speciality and books the first doctor free then', async () => {
    const request = vi.fn(async () => ({
      lpu_id: 70,
      speciality_id: 5,
      slots: { '2026-05-05': [{ time: '10:00', duration: 30, doctor_ids: [11, 12] }] },
    }));
    render(await clinicScheduleOf(props, request, NOW));
    expect(request).toHaveBeenCalledWith(
      { lpu_id: 70, speciality_id: 5 },
      { days: 14, dtStart: '2026-05-04', townTimedelta: 3 },
    );
    expect(screen.getByText('Ближайшая запись: терапевт').textContent).toBe('Ближайшая запись: терапевт');
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    fireEvent.click(screen.getByRole('button', { name: '10:00' }));
    expect(assign).toHaveBeenCalledWith(
      '/appointment/new/?doctor=11&lpu=70&slot=05.05.2026+10%3A00&speciality=5&source=clinics_list',
    );
  });

  it('without free times leads to the clinic’s doctors (phones) or says the schedule is unavailable (desktop)', async () => {
    render(
      await clinicScheduleOf(
        props,
        vi.fn(async () => null),
        NOW,
      ),
    );
    expect(screen.getByRole('link', { name: 'Запись на приём' }).getAttribute('href')).toBe(props.doctorsUrl);
    expect(screen.getByText('Расписание недоступно').textContent).toBe('Расписание недоступно');
  });

  it('batches the cards of one tick into one call', async () => {
    const fetchSlots = vi.fn(
      async (body: { lpus_specialities: { lpu_id: number; speciality_id: number }[] }) =>
        body.lpus_specialities.map((a): SpecialitySlots => ({ ...a, slots: {} })),
    );
    const request = createClinicBatcher(fetchSlots);
    const span = { days: 14, dtStart: '2026-05-04', townTimedelta: 3 };
    const [a, b] = await Promise.all([
      request({ lpu_id: 1, speciality_id: 5 }, span),
      request({ lpu_id: 2, speciality_id: 6 }, span),
    ]);
    expect(fetchSlots).toHaveBeenCalledTimes(1);
    expect([a?.lpu_id, b?.speciality_id]).toEqual([1, 6]);
  });
});
