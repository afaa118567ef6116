import { describe, expect, it } from 'vitest';
import { firstIssue } from './call-schemas';
import { OnlineSlotsSchema, TelemedSlotsSchema } from './online-schemas';

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

  it('accepts the spec’s body; only free slots and the telemed schedule by default', () => {
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
