import { describe, expect, it } from 'vitest';
import {
  doctorAppointmentUrl,
  parseDoctorBooking,
  parseServiceBooking,
  parseSlotParam,
  serviceAppointmentUrl,
  slotParam,
} from './urls';

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

describe('service booking urls', () => {
  it('carries the clinic, the service, the slot and the source, and reads them back', () => {
    const url = serviceAppointmentUrl({
      lpuId: 12,
      service: 345,
      day: '2026-05-05',
      time: '09:30',
      source: 'services_list',
    });
    expect(url).toBe(
      '/uslugi/appointment/new/?lpu=12&service=345&slot=05.05.2026+09%3A30&source=services_list',
    );
    expect(parseServiceBooking(new URL(url, 'http://x').searchParams)).toEqual({
      lpuId: 12,
      service: '345',
      doctorId: null,
      slot: { day: '2026-05-05', time: '09:30' },
      source: 'services_list',
    });
  });

  it('books analyses at their own path; a doctor line keeps its doctor (also as targetDoctorId)', () => {
    expect(
      serviceAppointmentUrl({ lpuId: 1, service: 'MIS-9', source: 'clinic_prices', analysis: true }),
    ).toBe('/analyses/appointment/new/?lpu=1&service=MIS-9&source=clinic_prices');
    expect(parseServiceBooking(new URLSearchParams('lpu=1&service=2&targetDoctorId=7'))?.doctorId).toBe(7);
  });

  it('needs a clinic and a well-formed service', () => {
    expect(parseServiceBooking(new URLSearchParams('service=2'))).toBeNull();
    expect(parseServiceBooking(new URLSearchParams('lpu=1'))).toBeNull();
    expect(parseServiceBooking(new URLSearchParams('lpu=1&service=<script>'))).toBeNull();
    expect(
      parseServiceBooking(new URLSearchParams('lpu=1&service=2&slot=31.02.2026 10:00'))?.slot,
    ).toBeNull();
  });
});
