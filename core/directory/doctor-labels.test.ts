import { describe, expect, it } from 'vitest';
import {
  categoryLabel,
  experienceLabel,
  experienceYears,
  fullName,
  parseEntityPath,
  scienceLabel,
} from './doctor-labels';

describe('doctor labels', () => {
  it('counts experience from the career start year and words it in Russian', () => {
    expect(experienceYears(2004, 2026)).toBe(22);
    expect(experienceLabel(22)).toBe('Стаж 22 года');
    expect(experienceLabel(11)).toBe('Стаж 11 лет');
    expect(experienceLabel(21)).toBe('Стаж 21 год');
    expect(experienceLabel(0)).toBe('Стаж менее года');
  });

  it('names categories and science degrees', () => {
    expect(categoryLabel('highest')).toBe('Высшая категория');
    expect(categoryLabel('none')).toBeNull();
    expect(scienceLabel(1, false)).toBe('Кандидат медицинских наук');
    expect(scienceLabel(2, true)).toBe('Доктор медицинских наук, Профессор');
    expect(scienceLabel(0, false)).toBeNull();
  });

  it('builds a full name without a missing patronymic', () => {
    expect(fullName({ lastName: 'Иванова', firstName: 'Анна', patronymic: 'Сергеевна' })).toBe(
      'Иванова Анна Сергеевна',
    );
    expect(fullName({ lastName: 'Смит', firstName: 'Джон', patronymic: null })).toBe('Смит Джон');
  });

  it('parses {id}-{slug} segments and rejects speciality translits', () => {
    expect(parseEntityPath('123-ivanova-anna-sergeevna')).toEqual({
      id: 123,
      slug: 'ivanova-anna-sergeevna',
    });
    expect(parseEntityPath('terapevt')).toBeNull();
    expect(parseEntityPath('12-')).toBeNull();
  });
});
