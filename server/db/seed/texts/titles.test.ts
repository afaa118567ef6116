import { describe, expect, it } from 'vitest';
import { createRng } from '../rng';
import { publicationTitles } from './activity-texts';
import { courseTitles } from './doctor-texts';

const spec = { name: 'Оториноларинголог (ЛОР)', group: 'ent', treatments: ['Гайморита', 'Отита'] };

describe('a doctor’s titles never repeat', () => {
  it('gives distinct publication titles, as many as asked while the speciality has them', () => {
    const rng = createRng(5);
    for (let i = 0; i < 200; i++) {
      const titles = publicationTitles(rng, spec, 20);
      expect(titles).toHaveLength(new Set(titles).size);
      expect(titles).toHaveLength(18); // 5 forms × 2 treatments + 8 general ones
    }
    const few = publicationTitles(rng, { ...spec, treatments: [] }, 20);
    expect(few).toHaveLength(new Set(few).size);
    expect(few.length).toBeGreaterThan(4);
  });

  it('gives distinct course titles in the right case', () => {
    const rng = createRng(6);
    for (let i = 0; i < 200; i++) {
      const titles = courseTitles(rng, 'Оториноларингология', spec.treatments, 4);
      expect(titles).toHaveLength(4);
      expect(new Set(titles).size).toBe(4);
    }
    expect(courseTitles(rng, 'Оториноларингология', ['Гайморита'], 5)).toContain(
      'Курс «Диагностика и лечение гайморита»',
    );
    expect(courseTitles(rng, 'Оториноларингология', [], 9)).toHaveLength(3);
  });
});
