import { describe, expect, it } from 'vitest';
import { missKey, missPeriod } from './misses';

describe('missKey', () => {
  it('keeps the words only: lowercased, ё folded, punctuation dropped', () => {
    expect(missKey('  Болит  ЛОКОТЬ!! ')).toBe('болит локоть');
    expect(missKey('ёлка, «иголка»')).toBe('елка иголка');
    expect(missKey('а б в г д е ж з и к')).toBe('а б в г д е ж з');
  });

  it('keeps nothing that may be a person’s data: e-mails, phones, card or policy numbers', () => {
    expect(missKey('ivan@mail.ru')).toBeNull();
    expect(missKey('+7 916 123-45-67')).toBeNull();
    expect(missKey('полис 1234')).toBeNull();
    expect(missKey('8 (916) 1')).toBeNull();
    // A dose or an age is not a number of a person.
    expect(missKey('температура 39')).toBe('температура 39');
    expect(missKey('витамин д 500')).toBe('витамин д 500');
  });

  it('keeps nothing too short', () => {
    expect(missKey('!')).toBeNull();
    expect(missKey('я')).toBeNull();
  });
});

describe('missPeriod', () => {
  it('is 7 days unless 30 is asked', () => {
    expect(missPeriod(null)).toBe(7);
    expect(missPeriod('30')).toBe(30);
    expect(missPeriod('365')).toBe(7);
  });
});
