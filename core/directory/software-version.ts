/**
 * Software version of a doctor's or clinic's page (see docs/product/directory.md): the level's name and what it gives on the page.
 */

export const SOFTWARE_VERSIONS = ['LIGHT', 'STANDARD', 'PRO', 'ULTIMA'] as const;
export type SoftwareVersion = (typeof SOFTWARE_VERSIONS)[number];

export const SOFTWARE_VERSION_LABELS: Record<SoftwareVersion, string> = {
  LIGHT: 'Лайт',
  STANDARD: 'Стандарт',
  PRO: 'Профи',
  ULTIMA: 'Ультима',
};

/** Levels from this one up track their page's effectiveness (and clinics post promotions). */
const TRACKS_EFFECTIVENESS: SoftwareVersion[] = ['STANDARD', 'PRO', 'ULTIMA'];
const NO_ADS: SoftwareVersion[] = ['PRO', 'ULTIMA'];

export function isSoftwareVersion(value: unknown): value is SoftwareVersion {
  return (SOFTWARE_VERSIONS as readonly unknown[]).includes(value);
}

/** What the level gives, in the order a patient cares about. */
export function softwareBenefits(version: SoftwareVersion, page: 'doctor' | 'clinic'): string[] {
  const clinic = page === 'clinic';
  const out = [
    clinic ? 'Клиника сама обновляет информацию о своих врачах' : 'Врач сам обновляет информацию о себе',
    clinic ? 'Клиника отвечает на отзывы пациентов' : 'Врач отвечает на отзывы пациентов',
  ];
  if (TRACKS_EFFECTIVENESS.includes(version)) {
    out.push('Следит за эффективностью страницы');
    if (clinic) out.push('Публикует акции и скидки');
  }
  if (NO_ADS.includes(version)) out.push('На странице нет рекламы');
  if (version === 'ULTIMA' && !clinic) out.push('Публикует свои контакты');
  return out;
}
