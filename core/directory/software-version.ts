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

/**
 * What a page's level lets its owner do, checked by the server on every call (docs/product/cabinet.md,
 * 'Software versions'). A page with no version has the rights every level has: update its data and
 * answer reviews.
 */
export interface SoftwareRights {
  updateData: true;
  answerReviews: true;
  effectiveness: boolean;
  /** Clinic pages only. */
  promotions: boolean;
  noAds: boolean;
  /** Doctor pages only. */
  ownContacts: boolean;
}
export type SoftwareRight = Exclude<keyof SoftwareRights, 'updateData' | 'answerReviews'>;

export function softwareRights(version: SoftwareVersion | null, page: 'doctor' | 'clinic'): SoftwareRights {
  const tracks = version !== null && TRACKS_EFFECTIVENESS.includes(version);
  return {
    updateData: true,
    answerReviews: true,
    effectiveness: tracks,
    promotions: tracks && page === 'clinic',
    noAds: version !== null && NO_ADS.includes(version),
    ownContacts: version === 'ULTIMA' && page === 'doctor',
  };
}

/** The lowest level that grants a right on this kind of page, or null when no level does. */
export function lowestVersionWith(right: SoftwareRight, page: 'doctor' | 'clinic'): SoftwareVersion | null {
  return SOFTWARE_VERSIONS.find((v) => softwareRights(v, page)[right]) ?? null;
}

/** What the level gives, in the order a patient cares about. */
export function softwareBenefits(version: SoftwareVersion, page: 'doctor' | 'clinic'): string[] {
  const clinic = page === 'clinic';
  const rights = softwareRights(version, page);
  const out = [
    clinic ? 'Клиника сама обновляет информацию о своих врачах' : 'Врач сам обновляет информацию о себе',
    clinic ? 'Клиника отвечает на отзывы пациентов' : 'Врач отвечает на отзывы пациентов',
  ];
  if (rights.effectiveness) out.push('Следит за эффективностью страницы');
  if (rights.promotions) out.push('Публикует акции и скидки');
  if (rights.noAds) out.push('На странице нет рекламы');
  if (rights.ownContacts) out.push('Публикует свои контакты');
  return out;
}
