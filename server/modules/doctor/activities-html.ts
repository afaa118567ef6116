import { ACTIVITY_SECTION_INFO, type ActivitySection, showMoreLabel } from '../../../core/doctor/activities';
import { escapeHtml } from '../../../core/text/html';
import type { ActivityItem } from './repo';
import type { ActivitySectionView } from './service';

/**
 * The HTML fragments of the doctor page's 'Деятельность' block (both activities calls
 * answer HTML; see docs/product/directory.md). Built from strings with every value escaped: cheaper than a React render
 * for a few dozen elements. The page's script reads the data-* hooks.
 */

const EMPTY = '<p class="text-muted">Врач пока не рассказал о своей деятельности.</p>';

export function activitiesHtml(sections: ActivitySectionView[]): string {
  if (!sections.length) return EMPTY;
  return `<div class="flex flex-col gap-6">${sections.map(sectionHtml).join('')}</div>`;
}

function sectionHtml({ section, total, items }: ActivitySectionView): string {
  const heading = `activity-${section}-h`;
  const remaining = total - items.length;
  return (
    `<section data-activity-section="${section}" aria-labelledby="${heading}">` +
    `<h3 id="${heading}" class="font-semibold">${escapeHtml(ACTIVITY_SECTION_INFO[section].title)}` +
    ` <span class="font-normal text-muted">${total}</span></h3>` +
    `<ul class="mt-2 flex flex-col gap-3 text-sm" data-activity-list>${items.map(itemHtml).join('')}</ul>` +
    (remaining > 0 ? moreButtonHtml(section, remaining) : '') +
    '</section>'
  );
}

function moreButtonHtml(section: ActivitySection, remaining: number): string {
  return (
    `<button type="button" data-activity-more="${section}" data-next-page="2" ` +
    'class="mt-3 rounded-lg border border-line px-4 py-2 text-sm font-medium text-brand hover:border-brand disabled:opacity-60">' +
    `${escapeHtml(showMoreLabel(section, remaining))}</button>`
  );
}

function itemHtml(item: ActivityItem): string {
  return (
    '<li class="flex gap-4">' +
    `<span class="w-12 shrink-0 text-ink-soft">${item.year ?? ''}</span>` +
    `<span>${escapeHtml(item.title)}` +
    (item.details ? `<span class="block text-muted">${escapeHtml(item.details)}</span>` : '') +
    '</span></li>'
  );
}

/** A further page: its items, then a placeholder whose value is the count still left. */
export function activityPageHtml(items: ActivityItem[], remaining: number): string {
  return `${items.map(itemHtml).join('')}<input type="hidden" data-activity-remaining value="${remaining}">`;
}
