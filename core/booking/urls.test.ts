import { describe, expect, it } from 'vitest';
import { doctorAppointmentUrl, parseDoctorBooking, parseSlotParam, slotParam } from './urls';

describe('booking redirect URLs', () => {
  it('carries the slot as dd.MM.yyyy HH:mm and omits the default type', () => {
    const url = doctorAppointmentUrl({
      doctorId: 12,
      lpuId: 7,
      day: '2026-05-05',
      time: '09:30',
      type: 'clinic',
      source: 'doctors_list',
    });
    expect(url).toBe('/appointment/new/?doctor=12&lpu=7&slot=05.05.2026+09%3A30&source=doctors_list');
    const home = doctorAppointmentUrl({ doctorId: 1, lpuId: 2, type: 'home', source: 'doctor_page' });
    expect(home).toBe('/appointment/new/?doctor=1&lpu=2&type=home&source=doctor_page');
  });

  it('reads back what it wrote', () => {
    const url = doctorAppointmentUrl({
      doctorId: 12,
      lpuId: 7,
      day: '2026-12-31',
      time: '23:45',
      type: 'telemed',
      source: 'doctors_list',
      specialityId: 3,
    });
    const parsed = parseDoctorBooking(new URL(url, 'http://x').searchParams);
    expect(parsed).toEqual({
      doctorId: 12,
      lpuId: 7,
      slot: { day: '2026-12-31', time: '23:45' },
      type: 'telemed',
      source: 'doctors_list',
      specialityId: 3,
    });
  });

  it('refuses impossible slots and ids, and falls back to the default type', () => {
    expect(parseSlotParam('31.02.2026 10:00')).toBeNull();
    expect(parseSlotParam('01.02.2026 24:00')).toBeNull();
    expect(parseSlotParam('2026-02-01 10:00')).toBeNull();
    expect(slotParam('2026-02-01', '10:00:00')).toBe('01.02.2026 10:00');
    expect(parseDoctorBooking(new URLSearchParams('doctor=abc'))).toBeNull();
    expect(parseDoctorBooking(new URLSearchParams('doctor=0'))).toBeNull();
    const p = parseDoctorBooking(new URLSearchParams('doctor=5&type=spa&slot=bad'));
    expect(p).toMatchObject({ doctorId: 5, lpuId: null, slot: null, type: 'clinic' });
  });
});
