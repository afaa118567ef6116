/**
 * What a clinic tells of its accessibility (docs/product/directory.md, 'Accessibility'): the
 * features present, shown on its page under 'Доступная среда' and used by the clinic list's
 * 'Вход без ступенек' filter. Only the clinic itself sets them, in its cabinet; a clinic that has
 * said nothing is shown as having said nothing, never as having none.
 */
export const ACCESSIBILITY_FEATURES = ['step_free', 'lift', 'toilet', 'parking', 'hearing'] as const;
export type AccessibilityFeature = (typeof ACCESSIBILITY_FEATURES)[number];

export const ACCESSIBILITY_LABELS: Record<AccessibilityFeature, string> = {
  step_free: 'Вход без ступенек или с пандусом',
  lift: 'Лифт или подъёмник на этажи приёма',
  toilet: 'Туалет для посетителей на кресле-коляске',
  parking: 'Парковка для людей с инвалидностью',
  hearing: 'Помощь слабослышащим: переводчик жестового языка или индукционная петля',
};

export const ACCESSIBILITY_TEXTS = {
  title: 'Доступная среда',
  none: 'Клиника пока не рассказала о доступности.',
  filter: 'Вход без ступенек',
  cabinetLead:
    'Отметьте, что есть в клинике. Пациенты видят это на странице клиники, а фильтр «Вход без ступенек» в списке клиник находит клиники с пандусом или входом без ступенек.',
  save: 'Сохранить',
  saved: 'Сохранено',
  clinicOnly: 'Страницу клиники меняет клиника: войдите как клиника',
  signIn: 'Войдите как клиника',
  unknown: 'Выберите из списка',
} as const;

/** The clinic list's filter parameter: `?bez_stupenek=1` keeps clinics with a step-free entrance. */
export const STEP_FREE_PARAM = 'bez_stupenek';

export function isAccessibilityFeature(value: unknown): value is AccessibilityFeature {
  return (ACCESSIBILITY_FEATURES as readonly unknown[]).includes(value);
}

/** The features in the fixed order of the list, each once. */
export function orderedFeatures(features: readonly string[]): AccessibilityFeature[] {
  return ACCESSIBILITY_FEATURES.filter((f) => features.includes(f));
}

/** Whether the list is filtered to step-free clinics ('1', 'on' or 'true'; anything else: no). */
export function stepFreeOnly(search: URLSearchParams): boolean {
  const raw = search.get(STEP_FREE_PARAM);
  return raw === '1' || raw === 'on' || raw === 'true';
}
