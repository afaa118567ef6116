/**
 * The page numbers a pagination block shows: at most `visible` (5 on mobile, 7 on desktop), centred on the current page, always within 1…total.
 * Example: current 10 of 40, visible 5 → [8, 9, 10, 11, 12].
 */
export function visiblePages(current: number, total: number, visible: number): number[] {
  if (total <= 1) return [];
  const count = Math.min(visible, total);
  let start = Math.max(1, current - Math.floor(count / 2));
  start = Math.min(start, total - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

/** Clamps a ?page= value: anything not a positive integer is page 1. */
export function parsePage(raw: string | null): number {
  if (!raw || !/^\d{1,6}$/.test(raw)) return 1;
  return Math.max(1, Number(raw));
}
