import { describe, expect, it } from 'vitest';
import { isSoftwareVersion, SOFTWARE_VERSION_LABELS, softwareBenefits } from './software-version';

describe('softwareBenefits', () => {
  it('gives every level data updates and answers to reviews', () => {
    expect(softwareBenefits('LIGHT', 'doctor')).toEqual([
      'Врач сам обновляет информацию о себе',
      'Врач отвечает на отзывы пациентов',
    ]);
    expect(softwareBenefits('LIGHT', 'clinic')).toEqual([
      'Клиника сама обновляет информацию о своих врачах',
      'Клиника отвечает на отзывы пациентов',
    ]);
  });

  it('adds effectiveness tracking from Стандарт, and promotions on a clinic page', () => {
    expect(softwareBenefits('STANDARD', 'doctor')).toContain('Следит за эффективностью страницы');
    expect(softwareBenefits('STANDARD', 'doctor')).not.toContain('Публикует акции и скидки');
    expect(softwareBenefits('STANDARD', 'clinic')).toContain('Публикует акции и скидки');
    expect(softwareBenefits('STANDARD', 'clinic')).not.toContain('На странице нет рекламы');
  });

  it('turns ads off from Профи and lets an Ультима doctor publish contacts', () => {
    expect(softwareBenefits('PRO', 'doctor')).toContain('На странице нет рекламы');
    expect(softwareBenefits('PRO', 'doctor')).not.toContain('Публикует свои контакты');
    expect(softwareBenefits('ULTIMA', 'doctor').at(-1)).toBe('Публикует свои контакты');
    expect(softwareBenefits('ULTIMA', 'clinic')).not.toContain('Публикует свои контакты');
  });
});

describe('software version labels', () => {
  it('names the four levels in Russian and recognises only them', () => {
    expect(Object.values(SOFTWARE_VERSION_LABELS)).toEqual(['Лайт', 'Стандарт', 'Профи', 'Ультима']);
    expect(isSoftwareVersion('PRO')).toBe(true);
    expect(isSoftwareVersion('pro')).toBe(false);
  });
});
