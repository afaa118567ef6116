import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  OnlineSlotsSchema,
  ServicesScheduleSchema,
  SLOT_ERRORS,
  SlotsBulkSchema,
  TelemedSlotsSchema,
} from './contracts';

/** The message a 400 of the call shows first. */
const firstIssue = (error: z.ZodError) => error.issues[0]?.message;

const bulkGood = {
  days: 14,
  dt_start: '2026-11-23',
  doctors_lpus: [{ doctor_id: 1, lpu_id: 2 }],
  town_timedelta: 3,
};
const bulkProblem = (body: unknown) => {
  const parsed = SlotsBulkSchema.safeParse(body);
  return parsed.success ? null : firstIssue(parsed.error);
};

describe('slots_bulk body', () => {
  it('accepts a full body, and an ISO date-time as the start', () => {
    expect(bulkProblem(bulkGood)).toBeNull();
    const parsed = SlotsBulkSchema.parse({ ...bulkGood, dt_start: '2026-11-23T00:00:00+03:00' });
    expect(parsed.dt_start).toBe('2026-11-23');
  });

  it.each([
    [{ ...bulkGood, days: undefined }, 'Не передано количество дней'],
    [{ ...bulkGood, days: 0 }, 'Не передано количество дней'],
    [{ ...bulkGood, dt_start: undefined }, 'Не передана стартовая дата'],
    [{ ...bulkGood, dt_start: 'завтра' }, 'Не передана стартовая дата'],
    [{ ...bulkGood, doctors_lpus: undefined }, 'Не передан doctors_lpus'],
    [{ ...bulkGood, doctors_lpus: [] }, 'Не передан doctors_lpus'],
    [{ ...bulkGood, town_timedelta: undefined }, 'Не передан timedelta'],
    [{ ...bulkGood, lpu_timedelta: 3 }, 'Передано несколько timedelta'],
    [{ ...bulkGood, user_timedelta: 7 }, 'Передано несколько timedelta'],
  ])('%j → %s', (body, message) => {
    expect(bulkProblem(body)).toBe(message);
  });

  it('takes an appointment type, the clinic’s schedule when none is given', () => {
    expect(SlotsBulkSchema.parse(bulkGood).type_schedule).toBeUndefined();
    expect(SlotsBulkSchema.parse({ ...bulkGood, type_schedule: 'home' }).type_schedule).toBe('home');
    expect(SlotsBulkSchema.parse({ ...bulkGood, type_schedule: 'telemed' }).type_schedule).toBe('telemed');
    expect(bulkProblem({ ...bulkGood, type_schedule: 'sauna' })).toBe('Данные для запроса некорректны');
  });
});

const problemOf = (schema: typeof TelemedSlotsSchema | typeof OnlineSlotsSchema) => (body: unknown) => {
  const parsed = schema.safeParse(body);
  return parsed.success ? null : firstIssue(parsed.error);
};

describe('slots_bulk/telemed body', () => {
  const good = { doctor_id: 7, lpu_id: '70', days: 14, dt_start: '2026-11-23', town_timedelta: 3 };
  const problem = problemOf(TelemedSlotsSchema);

  it('accepts the doctor at the clinic with one timedelta, ids as numbers or strings', () => {
    expect(TelemedSlotsSchema.parse(good)).toMatchObject({ doctor_id: 7, lpu_id: 70, days: 14 });
    expect(TelemedSlotsSchema.parse({ ...good, dt_start: '2026-11-23T10:00:00+03:00' }).dt_start).toBe(
      '2026-11-23',
    );
  });

  it.each([
    [{ ...good, days: undefined }, 'Не передано количество дней'],
    [{ ...good, days: -1 }, 'Не передано количество дней'],
    [{ ...good, dt_start: undefined }, 'Не передана стартовая дата'],
    [{ ...good, dt_start: 'вчера' }, 'Не передана стартовая дата'],
    [{ ...good, town_timedelta: undefined }, 'Не передан timedelta'],
    [{ ...good, user_timedelta: 7 }, 'Передано несколько timedelta'],
    [{ ...good, doctor_id: undefined }, 'Не передан doctor_id'],
    [{ ...good, lpu_id: '' }, 'Не передан lpu_id'],
  ])('%j → %s', (body, message) => {
    expect(problem(body)).toBe(message);
  });
});

describe('online doctors body', () => {
  const good = {
    user_start_date: '2026-11-23',
    user_timezone: 'Asia/Novosibirsk',
    days: 14,
    only_free: false,
    lpu_params: [{ lpu_id: 70, schedule_params: [{ doctor_id: 7, type_schedule: 'telemed' }] }],
  };
  const problem = problemOf(OnlineSlotsSchema);

  it('accepts a full body; only free slots and the telemed schedule by default', () => {
    expect(problem(good)).toBeNull();
    const { only_free: _o, ...rest } = good;
    const parsed = OnlineSlotsSchema.parse({
      ...rest,
      lpu_params: [{ lpu_id: 70, schedule_params: [{ doctor_id: 7 }] }],
    });
    expect(parsed.only_free).toBe(true);
    expect(parsed.lpu_params[0].schedule_params[0].type_schedule).toBe('telemed');
  });

  it.each([
    [{ ...good, days: undefined }, 'Не передано количество дней'],
    [{ ...good, user_start_date: undefined }, 'Не передана стартовая дата'],
    [{ ...good, user_start_date: '2026-02-30' }, 'Не передана стартовая дата'],
    [{ ...good, user_start_date: '2026-13-45' }, 'Не передана стартовая дата'],
    [{ ...good, user_timezone: 'Europe/Nowhere' }, 'Некорректный часовой пояс'],
    [{ ...good, user_timezone: '+07:00' }, 'Некорректный часовой пояс'],
    [{ ...good, user_timezone: undefined }, 'Некорректный часовой пояс'],
    [{ ...good, lpu_params: [] }, 'Не передан lpu_params'],
    [{ ...good, lpu_params: undefined }, 'Не передан lpu_params'],
    [{ ...good, lpu_params: [{ lpu_id: 70, schedule_params: [] }] }, 'Не передан lpu_params'],
    [
      { ...good, lpu_params: [{ lpu_id: 70, schedule_params: [{ doctor_id: 7, type_schedule: 'x' }] }] },
      'Данные для запроса некорректны',
    ],
  ])('%j → %s', (body, message) => {
    expect(problem(body)).toBe(message);
  });

  it('refuses more than a hundred doctors in one call', () => {
    const many = Array.from({ length: 101 }, (_, i) => ({ doctor_id: i + 1, type_schedule: 'telemed' }));
    expect(problem({ ...good, lpu_params: [{ lpu_id: 70, schedule_params: many }] })).toBe(
      'Не больше 100 врачей',
    );
  });
});

const servicesGood = {
  days: 30,
  day_start: '2026-11-23',
  only_free: true,
  town_timedelta: 3,
  services: [{ lpu_id: 5, service_id: 12 }],
};

const message = (body: unknown) => {
  const parsed = ServicesScheduleSchema.safeParse(body);
  return parsed.success ? null : firstIssue(parsed.error);
};

describe('services schedule body', () => {
  it('takes a synonym id as a number and a MIS id as a string, both as strings', () => {
    const parsed = ServicesScheduleSchema.parse({
      ...servicesGood,
      services: [
        { lpu_id: 5, service_id: 12 },
        { lpu_id: '6', service_id: 'MIS-77', doctor_id: 9 },
      ],
    });
    expect(parsed.services).toEqual([
      { lpu_id: 5, service_id: '12' },
      { lpu_id: 6, service_id: 'MIS-77', doctor_id: 9 },
    ]);
  });

  it('cuts an ISO date-time to its day', () => {
    expect(
      ServicesScheduleSchema.parse({ ...servicesGood, day_start: '2026-11-23T10:00:00+03:00' }).day_start,
    ).toBe('2026-11-23');
  });

  it.each([
    ['days missing', { ...servicesGood, days: undefined }, SLOT_ERRORS.days],
    ['days zero', { ...servicesGood, days: 0 }, SLOT_ERRORS.days],
    ['day_start missing', { ...servicesGood, day_start: '' }, SLOT_ERRORS.dtStart],
    ['day_start not a date', { ...servicesGood, day_start: 'завтра' }, SLOT_ERRORS.dtStart],
    ['only_free missing', { ...servicesGood, only_free: undefined }, SLOT_ERRORS.onlyFree],
    ['services missing', { ...servicesGood, services: undefined }, SLOT_ERRORS.services],
    ['services empty', { ...servicesGood, services: [] }, SLOT_ERRORS.services],
    ['service_id missing', { ...servicesGood, services: [{ lpu_id: 5 }] }, SLOT_ERRORS.services],
    [
      'service_id with spaces inside',
      { ...servicesGood, services: [{ lpu_id: 5, service_id: 'a b' }] },
      SLOT_ERRORS.services,
    ],
    ['no timedelta', { ...servicesGood, town_timedelta: undefined }, SLOT_ERRORS.timedelta],
    ['two timedeltas', { ...servicesGood, user_timedelta: 7 }, SLOT_ERRORS.severalTimedeltas],
  ])('refuses %s', (_name, body, expected) => {
    expect(message(body)).toBe(expected);
  });
});
