import { describe, expect, it } from 'vitest';
import {
  CABINET_PERMISSIONS,
  CABINET_ROLES,
  type CabinetAction,
  cabinetRoleOf,
  can,
  routeAction,
} from './permissions';

describe('can', () => {
  it('gives an administrator every action', () => {
    for (const action of Object.keys(CABINET_PERMISSIONS) as CabinetAction[])
      expect(can('administrator', action), action).toBe(true);
  });

  it('gives a receptionist the desk and not the clinic page, prices, people, keys or settings', () => {
    const allowed = (Object.keys(CABINET_PERMISSIONS) as CabinetAction[]).filter((a) =>
      can('receptionist', a),
    );
    expect(allowed).toEqual([
      'calendar.view',
      'visits.status',
      'visits.desk',
      'schedule.edit',
      'schedule.block',
      'callbacks',
      'patients',
      'plan.view',
    ]);
  });

  it('gives a doctor his own calendar, schedule and profile, not the desk or the clinic', () => {
    const allowed = (Object.keys(CABINET_PERMISSIONS) as CabinetAction[]).filter((a) => can('doctor', a));
    expect(allowed).toEqual([
      'calendar.view',
      'visits.status',
      'schedule.edit',
      'callbacks',
      'profile',
      'reviews',
      'effectiveness',
      'plan.view',
      'plan.request',
    ]);
  });

  it('gives no role nothing', () => {
    for (const action of Object.keys(CABINET_PERMISSIONS) as CabinetAction[]) {
      expect(can(null, action)).toBe(false);
      expect(can(undefined, action)).toBe(false);
    }
    expect(CABINET_ROLES).toEqual(['administrator', 'receptionist', 'doctor']);
  });
});

describe('cabinetRoleOf', () => {
  it('reads a doctor as a doctor and a clinic login by its membership, none without one', () => {
    expect(cabinetRoleOf({ isDoctor: true, isLpu: false })).toBe('doctor');
    expect(cabinetRoleOf({ isDoctor: false, isLpu: true, clinicRole: 'receptionist' })).toBe('receptionist');
    expect(cabinetRoleOf({ isDoctor: false, isLpu: true, clinicRole: 'administrator' })).toBe(
      'administrator',
    );
    expect(cabinetRoleOf({ isDoctor: false, isLpu: true })).toBeNull();
    expect(cabinetRoleOf({ isDoctor: false, isLpu: true, clinicRole: 'doctor' })).toBeNull();
    expect(cabinetRoleOf({ isDoctor: false, isLpu: false, clinicRole: 'administrator' })).toBeNull();
  });
});

describe('routeAction', () => {
  it('takes the longest listed path, reads and writes apart', () => {
    expect(routeAction('GET', '/cabinet/ajax/appointments/')).toBe('calendar.view');
    expect(routeAction('POST', '/cabinet/ajax/appointments/')).toBe('visits.desk');
    expect(routeAction('POST', '/cabinet/ajax/appointments/:id/status/')).toBe('visits.status');
    expect(routeAction('POST', '/cabinet/ajax/appointments/:id/move/')).toBe('visits.desk');
    expect(routeAction('GET', '/cabinet/ajax/schedule/days-off/')).toBe('calendar.view');
    expect(routeAction('POST', '/cabinet/ajax/schedule/hours/')).toBe('schedule.edit');
    expect(routeAction('POST', '/cabinet/ajax/schedule/blocks/')).toBe('schedule.block');
    expect(routeAction('DELETE', '/cabinet/ajax/schedule/blocks/:id/')).toBe('schedule.block');
    expect(routeAction('GET', '/cabinet/ajax/prices/')).toBe('prices');
    expect(routeAction('GET', '/cabinet/ajax/clinic/media/')).toBe('clinic.page');
    expect(routeAction('POST', '/cabinet/ajax/mis-keys/:id/revoke/')).toBe('mis.keys');
    expect(routeAction('DELETE', '/cabinet/ajax/people/:id/')).toBe('people');
    expect(routeAction('POST', '/api/reviews/:id/replies/')).toBe('reviews');
    expect(routeAction('GET', '/api/cabinet/reviews/')).toBe('reviews');
  });

  it('refuses a cabinet call it does not know, and leaves every other call alone', () => {
    expect(routeAction('GET', '/cabinet/ajax/unknown/')).toBeNull();
    expect(routeAction('POST', '/api/reviews/')).toBeUndefined();
    expect(routeAction('GET', '/ajax/schedule/slots_bulk/')).toBeUndefined();
  });
});
