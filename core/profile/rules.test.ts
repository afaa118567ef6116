import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../http/contracts';
import { relativeSchema } from './contracts';
import {
  ADULT_AGE,
  ageOn,
  ageRefusal,
  clubCardNumber,
  daysUntilErasure,
  erasureAt,
  PROFILE_TEXTS,
} from './rules';

describe('ageOn', () => {
  it('counts full years, the birthday itself included', () => {
    expect(ageOn('2010-03-15', '2026-03-15')).toBe(16);
    expect(ageOn('2010-03-15', '2026-03-14')).toBe(15);
    expect(ageOn('2026-01-01', '2026-12-31')).toBe(0);
  });

  it('makes one born on 29 February a year older on 1 March of a common year', () => {
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
  });
});

describe('ageRefusal: the doctor’s rule for the person the visit is for', () => {
  const children = { children: true, adults: false };
  const adults = { children: false, adults: true };
  const both = { children: true, adults: true };

  it('lets a children’s doctor see those under 18 only', () => {
    expect(ageRefusal(children, ADULT_AGE - 1)).toBeNull();
    expect(ageRefusal(children, ADULT_AGE)).toBe(PROFILE_TEXTS.childOnly);
  });

  it('lets an adults’ doctor see those of 18 and over only', () => {
    expect(ageRefusal(adults, ADULT_AGE)).toBeNull();
    expect(ageRefusal(adults, 7)).toBe(PROFILE_TEXTS.adultOnly);
  });

  it('lets a doctor with both flags (or, as a data slip, none) see everyone', () => {
    expect(ageRefusal(both, 3)).toBeNull();
    expect(ageRefusal(both, 70)).toBeNull();
    expect(ageRefusal({ children: false, adults: false }, 3)).toBeNull();
  });
});

describe('relativeSchema', () => {
  const schema = relativeSchema('2026-11-22');
  const valid = { last_name: 'Иванов', first_name: 'Пётр', birth_date: '2018-05-20', relation: 'child' };

  it('takes a relative and tidies the names', () => {
    expect(schema.parse({ ...valid, first_name: '  Пётр ', patronymic: ' Сергеевич  ' })).toEqual({
      ...valid,
      patronymic: 'Сергеевич',
    });
    expect(schema.parse(valid).patronymic).toBe('');
  });

  it('refuses a birth date after today, more than 120 years ago or not a date', () => {
    for (const birth_date of ['2026-11-23', '1906-11-21', '2026-02-30', '20.05.2018']) {
      const r = schema.safeParse({ ...valid, birth_date });
      expect(r.success, birth_date).toBe(false);
      expect(r.error?.issues[0].message).toBe('Проверьте дату рождения');
    }
    expect(schema.safeParse({ ...valid, birth_date: '2026-11-22' }).success).toBe(true);
  });

  it('says every problem at once: names by the booking form’s rules, the relation', () => {
    const r = schema.safeParse({
      last_name: 'X1',
      first_name: '',
      patronymic: '<b>',
      relation: 'boss',
      birth_date: '',
    });
    if (r.success) throw new Error('parsed');
    // As the form shows them: each field's first message.
    const byField = fieldErrors(r.error);
    expect(byField).toEqual({
      last_name: 'Только буквы, дефис, апостроф и пробел',
      first_name: 'Укажите имя',
      patronymic: 'Только буквы, дефис, апостроф и пробел',
      relation: PROFILE_TEXTS.relation,
      birth_date: 'Укажите дату рождения',
    });
  });
});

describe('deletion and the club card', () => {
  it('erases 30 days after the request and counts the days left', () => {
    const since = new Date('2026-11-22T05:00:00Z');
    expect(erasureAt(since).toISOString()).toBe('2026-12-22T05:00:00.000Z');
    expect(daysUntilErasure(since, since)).toBe(30);
    expect(daysUntilErasure(since, new Date('2026-12-22T04:00:00Z'))).toBe(1);
  });

  it('prints the card’s number grouped by three', () => {
    expect(clubCardNumber(123)).toBe('ПД 000 123');
    expect(clubCardNumber(1234567)).toBe('ПД 1 234 567');
  });
});
