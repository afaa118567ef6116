import { describe, expect, it } from 'vitest';
import { bookingSchema } from './contracts';
import { BOOKING_ERRORS, birthDateOfMask, maskBirthDate, maskOfBirthDate } from './form';

describe("the birth date's mask 'дд.мм.гггг'", () => {
  it('puts the dots in as digits are typed, and drops anything else', () => {
    expect(maskBirthDate('1')).toBe('1');
    expect(maskBirthDate('14')).toBe('14');
    expect(maskBirthDate('143')).toBe('14.3');
    expect(maskBirthDate('1403')).toBe('14.03');
    expect(maskBirthDate('14.03.1')).toBe('14.03.1');
    expect(maskBirthDate('14031987')).toBe('14.03.1987');
    expect(maskBirthDate('14/03/1987 and more 12')).toBe('14.03.1987');
    expect(maskBirthDate('')).toBe('');
  });

  it('turns a whole date into the call’s form and back; anything else stays for the schema to judge', () => {
    expect(birthDateOfMask('14.03.1987')).toBe('1987-03-14');
    expect(maskOfBirthDate('1987-03-14')).toBe('14.03.1987');
    expect(birthDateOfMask('14.03')).toBe('14.03');
    const check = (birth_date: string) =>
      bookingSchema('2026-11-27').safeParse({
        lpu_id: 1,
        doctor_id: 2,
        slot: '28.11.2026 10:00',
        last_name: 'Иванова',
        first_name: 'Анна',
        no_patronymic: true,
        birth_date: birthDateOfMask(birth_date),
        request_key: 'key-12345678',
      });
    expect(check('14.03.1987').success).toBe(true);
    expect(check('14.03').error?.issues[0].message).toBe(BOOKING_ERRORS.birthDateWrong);
    expect(check('31.02.1987').error?.issues[0].message).toBe(BOOKING_ERRORS.birthDateWrong);
    expect(check('').error?.issues[0].message).toBe(BOOKING_ERRORS.birthDate);
  });
});
