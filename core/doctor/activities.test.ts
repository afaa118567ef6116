import { describe, expect, it } from 'vitest';
import { activityRange, isActivitySection, remainingAfter, showMoreLabel } from './activities';

describe('activityRange', () => {
  it('shows 3 items first and 10 on each further page', () => {
    expect(activityRange(1)).toEqual({ offset: 0, limit: 3 });
    expect(activityRange(2)).toEqual({ offset: 3, limit: 10 });
    expect(activityRange(3)).toEqual({ offset: 13, limit: 10 });
  });
});

describe('remainingAfter', () => {
  it('counts what the next clicks can still load', () => {
    expect(remainingAfter(20, 1)).toBe(17);
    expect(remainingAfter(20, 2)).toBe(7);
    expect(remainingAfter(20, 3)).toBe(0);
    expect(remainingAfter(2, 1)).toBe(0);
  });
});

describe('showMoreLabel', () => {
  it('words the remaining count with the section’s Russian plural', () => {
    expect(showMoreLabel('courses', 1)).toBe('Показать ещё 1 курс');
    expect(showMoreLabel('courses', 4)).toBe('Показать ещё 4 курса');
    expect(showMoreLabel('publications', 11)).toBe('Показать ещё 11 публикаций');
    expect(showMoreLabel('conferences', 22)).toBe('Показать ещё 22 конференции');
    expect(showMoreLabel('memberships', 5)).toBe('Показать ещё 5 сообществ');
  });
});

describe('isActivitySection', () => {
  it('accepts the four sections only', () => {
    expect(isActivitySection('publications')).toBe(true);
    expect(isActivitySection('reviews')).toBe(false);
  });
});
