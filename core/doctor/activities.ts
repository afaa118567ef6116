import { plural, WORDS, type WordForms } from '../text/plural';

/**
 * The doctor page's lazily loaded 'Деятельность' block: its sections and their paging.
 * The first fragment shows a few items per section; each 'Показать ещё N …' click loads
 * the next page, and the button counts what is still left.
 */
export const ACTIVITY_SECTIONS = ['courses', 'publications', 'conferences', 'memberships'] as const;
export type ActivitySection = (typeof ACTIVITY_SECTIONS)[number];

export const ACTIVITY_SECTION_INFO: Record<ActivitySection, { title: string; word: WordForms }> = {
  courses: { title: 'Повышение квалификации', word: WORDS.course },
  publications: { title: 'Научные публикации', word: WORDS.publication },
  conferences: { title: 'Участие в конференциях', word: WORDS.conference },
  memberships: { title: 'Профессиональные сообщества', word: WORDS.community },
};

/** Items a section shows in the first fragment (page 1). */
export const ACTIVITY_FIRST_ITEMS = 3;
/** Items each further page adds. */
export const ACTIVITY_PAGE_SIZE = 10;

export function isActivitySection(value: string): value is ActivitySection {
  return (ACTIVITY_SECTIONS as readonly string[]).includes(value);
}

/**
 * Which items page n holds: page 1 the first 3, page 2 the next 10, and so on
 * (1 → 0..2, 2 → 3..12, 3 → 13..22).
 */
export function activityRange(page: number): { offset: number; limit: number } {
  if (page <= 1) return { offset: 0, limit: ACTIVITY_FIRST_ITEMS };
  return { offset: ACTIVITY_FIRST_ITEMS + (page - 2) * ACTIVITY_PAGE_SIZE, limit: ACTIVITY_PAGE_SIZE };
}

/** Items left after page n of a section holding `total`. */
export function remainingAfter(total: number, page: number): number {
  const { offset, limit } = activityRange(page);
  return Math.max(0, total - offset - limit);
}

/** 'Показать ещё 4 курса', 'Показать ещё 11 публикаций'. */
export function showMoreLabel(section: ActivitySection, remaining: number): string {
  return `Показать ещё ${plural(remaining, ACTIVITY_SECTION_INFO[section].word)}`;
}
