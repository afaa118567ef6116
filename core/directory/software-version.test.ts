import { describe, expect, it } from 'vitest';
import {
  isSoftwareVersion,
  lowestVersionWith,
  SOFTWARE_VERSION_LABELS,
  softwareBenefits,
  softwareRights,
} from './software-version';

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

describe('softwareRights', () => {
  it('gives a page without a version only what every level has', () => {
    expect(softwareRights(null, 'clinic')).toEqual({
      updateData: true,
      answerReviews: true,
      effectiveness: false,
      promotions: false,
      noAds: false,
      ownContacts: false,
    });
    expect(softwareRights('LIGHT', 'doctor')).toEqual(softwareRights(null, 'doctor'));
  });

  it('grants each right from its level up, on the right kind of page', () => {
    expect(softwareRights('STANDARD', 'doctor').effectiveness).toBe(true);
    expect(softwareRights('STANDARD', 'doctor').promotions).toBe(false);
    expect(softwareRights('PRO', 'clinic')).toMatchObject({
      promotions: true,
      noAds: true,
      ownContacts: false,
    });
    expect(softwareRights('ULTIMA', 'doctor').ownContacts).toBe(true);
  });

  it('names the lowest level a lower one would move to', () => {
    expect(lowestVersionWith('effectiveness', 'doctor')).toBe('STANDARD');
    expect(lowestVersionWith('promotions', 'clinic')).toBe('STANDARD');
    expect(lowestVersionWith('noAds', 'clinic')).toBe('PRO');
    expect(lowestVersionWith('ownContacts', 'doctor')).toBe('ULTIMA');
    expect(lowestVersionWith('ownContacts', 'clinic')).toBeNull();
  });
});
