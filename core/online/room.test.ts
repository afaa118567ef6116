import { describe, expect, it } from 'vitest';
import {
  hasRoom,
  onlineRoomIcs,
  onlineVisitPlace,
  roomOpeningTime,
  roomRole,
  roomTime,
  roomWindow,
} from './room';

const visit = {
  visitType: 'telemed',
  status: 'active',
  // 12:00–12:30 in Moscow.
  startsAt: '2026-12-07T09:00:00.000Z',
  endsAt: '2026-12-07T09:30:00.000Z',
  userId: 41,
  doctorId: 7,
};

describe('the room of an online visit', () => {
  it('exists for an online visit that still takes place, not for a cancelled one, a hold or a clinic visit', () => {
    expect(hasRoom(visit)).toBe(true);
    expect(hasRoom({ ...visit, status: 'done' })).toBe(true);
    expect(hasRoom({ ...visit, status: 'canceled' })).toBe(false);
    expect(hasRoom({ ...visit, status: 'held' })).toBe(false);
    expect(hasRoom({ ...visit, status: 'no_show' })).toBe(false);
    expect(hasRoom({ ...visit, visitType: 'clinic' })).toBe(false);
    expect(hasRoom({ ...visit, visitType: 'home' })).toBe(false);
  });

  it('opens 10 minutes before the start and closes 30 minutes after the end', () => {
    expect(roomWindow(visit)).toEqual({
      opensAt: '2026-12-07T08:50:00.000Z',
      closesAt: '2026-12-07T10:00:00.000Z',
    });
    expect(roomTime(visit, new Date('2026-12-07T08:49:59.999Z'))).toBe('early');
    expect(roomTime(visit, new Date('2026-12-07T08:50:00.000Z'))).toBe('open');
    expect(roomTime(visit, new Date('2026-12-07T09:15:00.000Z'))).toBe('open');
    expect(roomTime(visit, new Date('2026-12-07T09:59:59.999Z'))).toBe('open');
    expect(roomTime(visit, new Date('2026-12-07T10:00:00.000Z'))).toBe('over');
    expect(roomTime(visit, new Date('2026-12-06T09:00:00.000Z'))).toBe('early');
    // On the clinic's clock: Moscow, Novosibirsk, Vladivostok.
    expect(roomOpeningTime(visit.startsAt, 'Europe/Moscow')).toBe('11:50');
    expect(roomOpeningTime(visit.startsAt, 'Asia/Novosibirsk')).toBe('15:50');
    expect(roomOpeningTime('2026-12-07T14:05:00.000Z', 'Asia/Vladivostok')).toBe('23:55');
  });

  it('admits the account that booked it as the patient and the visit’s doctor as the doctor, nobody else', () => {
    expect(roomRole(visit, { userId: 41, role: 'patient', doctorId: null })).toBe('patient');
    expect(roomRole(visit, { userId: 99, role: 'doctor', doctorId: 7 })).toBe('doctor');
    // Another patient, another doctor, the clinic, the site's staff, an anonymous visitor.
    expect(roomRole(visit, { userId: 42, role: 'patient', doctorId: null })).toBeNull();
    expect(roomRole(visit, { userId: 98, role: 'doctor', doctorId: 8 })).toBeNull();
    expect(roomRole(visit, { userId: 97, role: 'clinic', doctorId: null })).toBeNull();
    expect(roomRole(visit, { userId: 96, role: 'staff', doctorId: null })).toBeNull();
    expect(roomRole(visit, { userId: null, role: null, doctorId: null })).toBeNull();
    // A work account with the patient's user id can never be the patient; a doctor-less visit has no doctor.
    expect(roomRole(visit, { userId: 41, role: 'clinic', doctorId: null })).toBeNull();
    expect(roomRole({ ...visit, doctorId: null }, { userId: 99, role: 'doctor', doctorId: null })).toBeNull();
    // A visit booked without an account (the front desk's) has no patient in the room.
    expect(
      roomRole({ ...visit, userId: null }, { userId: null, role: 'patient', doctorId: null }),
    ).toBeNull();
  });
});

describe('the room’s link in the messages', () => {
  it('replaces the clinic’s address in the SMS and the calendar file', () => {
    expect(onlineVisitPlace('https://prodoctorov.ru', 5)).toBe(
      'онлайн: https://prodoctorov.ru/appointment/5/online/ (нужны браузер, камера и наушники)',
    );
    expect(onlineRoomIcs('https://prodoctorov.ru', 5)).toEqual({
      location: 'https://prodoctorov.ru/appointment/5/online/',
      url: 'https://prodoctorov.ru/appointment/5/online/',
    });
  });
});
