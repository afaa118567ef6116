import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../http/contracts';
import { bookingSchema } from './contracts';
import { BOOKING_ERRORS, fullPatientName } from './form';

const TODAY = '2026-11-22';
const valid = {
  doctor_id: 5,
  lpu_id: 9,
  slot: '23.11.2026 09:30',
  last_name: '  Салтыкова-Щедрина ',
  first_name: 'Анна',
  patronymic: 'Петровна',
  birth_date: '1990-04-01',
  request_key: '0b7c4d2e-1111-4a4a-9c9c-123456789abc',
};

const parse = (body: Record<string, unknown>) => bookingSchema(TODAY).safeParse(body);

describe('bookingSchema', () => {
  it('accepts a patient and tidies the names', () => {
    const r = parse(valid);
    expect(r.success).toBe(true);
    if (!r.success) return;
    expect(r.data.last_name).toBe('Салтыкова-Щедрина');
    expect(r.data.type).toBe('clinic');
    expect(fullPatientName(r.data)).toBe('Салтыкова-Щедрина Анна Петровна');
  });

  it('asks for each missing field in the patient’s words', () => {
    const r = parse({ ...valid, last_name: ' ', first_name: undefined, patronymic: '', birth_date: '' });
    expect(r.success).toBe(false);
    if (r.success) return;
    expect(fieldErrors(r.error)).toEqual({
      last_name: BOOKING_ERRORS.lastName,
      first_name: BOOKING_ERRORS.firstName,
      birth_date: BOOKING_ERRORS.birthDate,
      patronymic: BOOKING_ERRORS.patronymic,
    });
  });

  it('"Нет отчества" drops the patronymic', () => {
    const r = parse({ ...valid, patronymic: 'xx1', no_patronymic: true });
    expect(r.success && r.data.patronymic).toBe('');
    if (r.success) expect(fullPatientName(r.data)).toBe('Салтыкова-Щедрина Анна');
  });

  it.each([
    ['2026-11-23', 'tomorrow'],
    ['1906-11-21', 'over 120 years'],
    ['1990-02-30', 'no such day'],
    ['01.04.1990', 'wrong format'],
  ])('refuses the birth date %s (%s)', (birth_date) => {
    const r = parse({ ...valid, birth_date });
    expect(r.success ? null : fieldErrors(r.error).birth_date).toBe(BOOKING_ERRORS.birthDateWrong);
  });

  it('refuses digits and symbols in names', () => {
    const r = parse({ ...valid, first_name: 'Анна2', last_name: 'Иван<ов' });
    expect(r.success ? null : fieldErrors(r.error)).toEqual({
      first_name: BOOKING_ERRORS.nameChars,
      last_name: BOOKING_ERRORS.nameChars,
    });
  });

  it('reads today when it checks, from a function (the server’s clock)', () => {
    let today = '1990-03-31';
    const schema = bookingSchema(() => today);
    expect(schema.safeParse(valid).success).toBe(false);
    today = TODAY;
    expect(schema.safeParse(valid).success).toBe(true);
  });
});
