import { describe, expect, it } from 'vitest';
import { plural, pluralForm, WORDS } from './plural';

describe('plural', () => {
  it('picks one, few and many forms the Russian way', () => {
    expect([1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111].map((n) => pluralForm(n, WORDS.doctor))).toEqual([
      'врач',
      'врача',
      'врача',
      'врачей',
      'врачей',
      'врачей',
      'врачей',
      'врач',
      'врача',
      'врачей',
      'врач',
      'врачей',
    ]);
  });

  it('uses the genitive singular for fractions', () => {
    expect(pluralForm(1.5, WORDS.minute)).toBe('минуты');
  });

  it('groups thousands with a no-break space', () => {
    expect(plural(12345, WORDS.review)).toBe('12\u00a0345 отзывов');
  });
});
