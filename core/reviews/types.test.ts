import { describe, expect, it } from 'vitest';
import { parseReviewType, reviewTypeOptions, reviewTypeSearch } from './types';

describe('review types', () => {
  it('takes the seven values and ignores any other', () => {
    expect(parseReviewType('negative')).toBe('negative');
    expect(parseReviewType('deleted')).toBe('deleted');
    for (const junk of ['', null, undefined, 'NEGATIVE', 'spam', 'all '])
      expect(parseReviewType(junk)).toBe('all');
  });

  it('always offers all, positive and negative (disabled when empty) and hides the other empty types', () => {
    expect(reviewTypeOptions({ all: 3, positive: 3, unconfirmed: 1 })).toEqual([
      { value: 'all', title: 'Все', amount: 3, disabled: false },
      { value: 'positive', title: 'Положительные', amount: 3, disabled: false },
      { value: 'negative', title: 'Отрицательные', amount: 0, disabled: true },
      { value: 'unconfirmed', title: 'Неподтверждённые', amount: 1, disabled: false },
    ]);
  });

  it('rewrites the query: the type replaces the old one, the page goes, all leaves it out', () => {
    expect(reviewTypeSearch('?type=positive&page=3&x=1', 'negative')).toBe('?type=negative&x=1');
    expect(reviewTypeSearch('?type=positive', 'all')).toBe('');
  });
});
