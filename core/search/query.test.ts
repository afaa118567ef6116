import { describe, expect, it } from 'vitest';
import { nameParts, normaliseSearchQuery, searchHint, searchPageUrl, searchWords } from './query';

describe('normaliseSearchQuery', () => {
  it('trims, lowercases and collapses inner whitespace', () => {
    expect(normaliseSearchQuery('  Кардиолог \t ИВАНОВ  ')).toBe('кардиолог иванов');
    expect(normaliseSearchQuery('   ')).toBe('');
  });
});

describe('searchHint', () => {
  it('asks for the 2 characters the search needs while the query is shorter', () => {
    expect(searchHint('')).toBe('Введите 2 символа для поиска');
    // The hint names the minimum, not what is missing: one letter typed still asks for 2.
    expect(searchHint('к')).toBe('Введите 2 символа для поиска');
    expect(searchHint('  к  ')).toBe('Введите 2 символа для поиска');
  });

  it('has no hint from two characters on', () => {
    expect(searchHint('ка')).toBeNull();
    expect(searchHint('кардиолог')).toBeNull();
  });
});

describe('searchPageUrl', () => {
  it('carries the normalised, encoded query', () => {
    expect(searchPageUrl('moskva', ' УЗИ почек ')).toBe(
      '/moskva/search/?q=%D1%83%D0%B7%D0%B8%20%D0%BF%D0%BE%D1%87%D0%B5%D0%BA',
    );
    expect(searchPageUrl('kazan', 'a&b')).toBe('/kazan/search/?q=a%26b');
  });
});

describe('searchWords', () => {
  it('keeps letters and digits, folds ё and drops operators and punctuation', () => {
    expect(searchWords('Приём  кардиолога!')).toEqual(['прием', 'кардиолога']);
    expect(searchWords("узи & !почек | 'x':*")).toEqual(['узи', 'почек', 'x']);
    expect(searchWords('клинико-диагностический')).toEqual(['клинико', 'диагностический']);
    expect(searchWords('%_')).toEqual([]);
  });

  it('takes at most five words of forty characters', () => {
    expect(searchWords('а б в г д е ж')).toEqual(['а', 'б', 'в', 'г', 'д']);
    expect(searchWords('я'.repeat(60))[0]).toHaveLength(40);
  });
});

describe('nameParts', () => {
  it('splits a typed name on spaces, keeping inner hyphens', () => {
    expect(nameParts(' Петров-Водкин  Кузьма ')).toEqual(['петров-водкин', 'кузьма']);
    expect(nameParts('Семёнова А.')).toEqual(['семенова', 'а']);
  });

  it('never lets LIKE wildcards or stray hyphens through', () => {
    expect(nameParts('ив% _ -')).toEqual(['ив']);
    expect(nameParts('а б в г')).toEqual(['а', 'б', 'в']);
  });
});
