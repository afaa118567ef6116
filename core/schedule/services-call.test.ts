import { describe, expect, it } from 'vitest';
import { SLOT_ERRORS } from './call-schemas';
import { ONLY_FREE_MISSING, ServicesScheduleSchema } from './services-call';

const good = {
  days: 30,
  day_start: '2026-11-23',
  only_free: true,
  town_timedelta: 3,
  services: [{ lpu_id: 5, service_id: 12 }],
};

const message = (body: unknown) => {
  const parsed = ServicesScheduleSchema.safeParse(body);
  return parsed.success ? null : parsed.error.issues[0].message;
};

describe('services schedule body', () => {
  it('takes a synonym id as a number and a MIS id as a string, both as strings', () => {
    const parsed = ServicesScheduleSchema.parse({
      ...good,
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
    expect(ServicesScheduleSchema.parse({ ...good, day_start: '2026-11-23T10:00:00+03:00' }).day_start).toBe(
      '2026-11-23',
    );
  });

  it.each([
    ['days missing', { ...good, days: undefined }, SLOT_ERRORS.days],
    ['days zero', { ...good, days: 0 }, SLOT_ERRORS.days],
    ['day_start missing', { ...good, day_start: '' }, SLOT_ERRORS.dtStart],
    ['day_start not a date', { ...good, day_start: 'завтра' }, SLOT_ERRORS.dtStart],
    ['only_free missing', { ...good, only_free: undefined }, ONLY_FREE_MISSING],
    ['services missing', { ...good, services: undefined }, SLOT_ERRORS.services],
    ['services empty', { ...good, services: [] }, SLOT_ERRORS.services],
    ['service_id missing', { ...good, services: [{ lpu_id: 5 }] }, SLOT_ERRORS.services],
    [
      'service_id with spaces inside',
      { ...good, services: [{ lpu_id: 5, service_id: 'a b' }] },
      SLOT_ERRORS.services,
    ],
    ['no timedelta', { ...good, town_timedelta: undefined }, SLOT_ERRORS.timedelta],
    ['two timedeltas', { ...good, user_timedelta: 7 }, SLOT_ERRORS.severalTimedeltas],
  ])('refuses %s', (_name, body, expected) => {
    expect(message(body)).toBe(expected);
  });
});
