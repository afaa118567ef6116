import { describe, expect, it } from 'vitest';
import { type ComingVisit, VISIT_CAPS, visitCapBreach, visitCapText } from './visit-caps';

const at = (hhmm: string, day = '2026-11-23') => new Date(`${day}T${hhmm}:00+07:00`);

let seq = 0;
function visit(change: Partial<ComingVisit> & { from: string; to: string }): ComingVisit {
  const { from, to, ...rest } = change;
  return {
    id: ++seq,
    doctorId: 1,
    clinicId: 10,
    startsAt: at(from),
    endsAt: at(to),
    title: 'Петров Иван Сергеевич',
    clinicName: 'Клиника здоровья',
    tz: 'Asia/Novosibirsk',
    ...rest,
  };
}

const wanted = (
  from: string,
  to: string,
  change: { doctorId?: number | null; clinicId?: number; moving?: number } = {},
) => ({
  doctorId: 2,
  clinicId: 10,
  startsAt: at(from),
  endsAt: at(to),
  ...change,
});

describe('the visit caps', () => {
  it('numbers: 30 minutes of road between clinics, 2 visits with a doctor, 10 in all', () => {
    expect(VISIT_CAPS).toEqual({ travelMinutes: 30, perDoctor: 2, total: 10 });
  });

  it('refuses a time overlapping one of the patient’s own visits, with any doctor', () => {
    const v = visit({ from: '09:00', to: '09:30' });
    expect(visitCapBreach(wanted('09:15', '09:45'), [v])).toEqual({
      reason: 'visit_clash',
      visit: v,
      overlaps: true,
    });
  });

  it('at one clinic, visits may follow back to back', () => {
    const v = visit({ from: '09:00', to: '09:30' });
    expect(visitCapBreach(wanted('09:30', '10:00'), [v])).toBeNull();
    expect(visitCapBreach(wanted('08:30', '09:00'), [v])).toBeNull();
  });

  it('between clinics, 30 minutes of road on either side', () => {
    const v = visit({ from: '09:00', to: '09:30', clinicId: 11 });
    expect(visitCapBreach(wanted('09:30', '10:00'), [v])).toMatchObject({
      reason: 'visit_clash',
      overlaps: false,
    });
    expect(visitCapBreach(wanted('09:59', '10:30'), [v])).toMatchObject({ reason: 'visit_clash' });
    expect(visitCapBreach(wanted('10:00', '10:30'), [v])).toBeNull();
    expect(visitCapBreach(wanted('08:01', '08:31'), [v])).toMatchObject({ reason: 'visit_clash' });
    expect(visitCapBreach(wanted('08:00', '08:30'), [v])).toBeNull();
  });

  it('a moved visit does not clash with itself, and a move adds no visit', () => {
    const own = visit({ from: '09:00', to: '09:30', doctorId: 2 });
    const other = visit({ from: '11:00', to: '11:30', doctorId: 2 });
    expect(visitCapBreach(wanted('09:15', '09:45', { moving: own.id }), [own, other])).toBeNull();
    expect(visitCapBreach(wanted('11:00', '11:30', { moving: own.id }), [own, other])).toMatchObject({
      reason: 'visit_clash',
      visit: other,
    });
  });

  it('at most two coming visits with one doctor: the third is refused, naming the nearest', () => {
    const first = visit({ from: '09:00', to: '09:30', doctorId: 2 });
    const second = visit({
      from: '11:00',
      to: '11:30',
      doctorId: 2,
      startsAt: at('11:00', '2026-11-24'),
      endsAt: at('11:30', '2026-11-24'),
    });
    expect(visitCapBreach(wanted('10:00', '10:30'), [first])).toBeNull();
    expect(visitCapBreach(wanted('10:00', '10:30'), [second, first])).toEqual({
      reason: 'doctor_visits_limit',
      visit: first,
      overlaps: false,
    });
    // Another doctor is fine; a doctor-less service visit counts for no doctor.
    expect(visitCapBreach(wanted('10:00', '10:30', { doctorId: 3 }), [second, first])).toBeNull();
    expect(visitCapBreach(wanted('10:00', '10:30', { doctorId: null }), [second, first])).toBeNull();
  });

  it('at most ten coming visits in all', () => {
    const nine = Array.from({ length: 9 }, (_, i) =>
      visit({
        from: '09:00',
        to: '09:30',
        doctorId: 100 + i,
        startsAt: at('09:00', `2026-12-${10 + i}`),
        endsAt: at('09:30', `2026-12-${10 + i}`),
      }),
    );
    expect(visitCapBreach(wanted('10:00', '10:30'), nine)).toBeNull();
    const ten = [
      ...nine,
      visit({
        from: '09:00',
        to: '09:30',
        doctorId: 99,
        startsAt: at('09:00', '2026-12-20'),
        endsAt: at('09:30', '2026-12-20'),
      }),
    ];
    expect(visitCapBreach(wanted('10:00', '10:30'), ten)).toEqual({
      reason: 'visits_limit',
      visit: null,
      overlaps: false,
    });
  });

  it('tells the patient which visit is in the way; staff at a desk hear only its time', () => {
    const v = visit({ from: '09:00', to: '09:30' });
    const breach = { reason: 'visit_clash' as const, visit: v, overlaps: true };
    expect(visitCapText(breach, true)).toBe(
      'У вас уже есть запись на это время: Петров Иван Сергеевич, Клиника здоровья, 23 ноября 2026, понедельник, 09:00. Выберите другое время.',
    );
    expect(visitCapText(breach, false)).toBe(
      'У пациента уже есть запись на это время: 23 ноября 2026, понедельник, 09:00. Выберите другое время.',
    );
    expect(visitCapText({ reason: 'visits_limit', visit: null, overlaps: false }, true)).toContain(
      '10 предстоящих записей',
    );
  });
});
