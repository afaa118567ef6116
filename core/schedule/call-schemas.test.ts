import { describe, expect, it } from 'vitest';
import { firstIssue, SlotsBulkSchema } from './call-schemas';

const good = {
  days: 14,
  dt_start: '2026-11-23',
  doctors_lpus: [{ doctor_id: 1, lpu_id: 2 }],
  town_timedelta: 3,
};
const problem = (body: unknown) => {
  const parsed = SlotsBulkSchema.safeParse(body);
  return parsed.success ? null : firstIssue(parsed.error);
};

describe('slots_bulk body', () => {
  it('accepts the spec’s body, and an ISO date-time as the start', () => {
    expect(problem(good)).toBeNull();
    const parsed = SlotsBulkSchema.parse({ ...good, dt_start: '2026-11-23T00:00:00+03:00' });
    expect(parsed.dt_start).toBe('2026-11-23');
  });

  it.each([
    [{ ...good, days: undefined }, 'Не передано количество дней'],
    [{ ...good, days: 0 }, 'Не передано количество дней'],
    [{ ...good, dt_start: undefined }, 'Не передана стартовая дата'],
    [{ ...good, dt_start: 'завтра' }, 'Не передана стартовая дата'],
    [{ ...good, doctors_lpus: undefined }, 'Не передан doctors_lpus'],
    [{ ...good, doctors_lpus: [] }, 'Не передан doctors_lpus'],
    [{ ...good, town_timedelta: undefined }, 'Не передан timedelta'],
    [{ ...good, lpu_timedelta: 3 }, 'Передано несколько timedelta'],
    [{ ...good, user_timedelta: 7 }, 'Передано несколько timedelta'],
  ])('%j → %s', (body, message) => {
    expect(problem(body)).toBe(message);
  });

  it('takes an appointment type, the clinic’s schedule when none is given', () => {
    expect(SlotsBulkSchema.parse(good).type_schedule).toBeUndefined();
    expect(SlotsBulkSchema.parse({ ...good, type_schedule: 'home' }).type_schedule).toBe('home');
    expect(SlotsBulkSchema.parse({ ...good, type_schedule: 'telemed' }).type_schedule).toBe('telemed');
    expect(problem({ ...good, type_schedule: 'sauna' })).toBe('Данные для запроса некорректны');
  });
});
