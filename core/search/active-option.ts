export type ListKey = 'ArrowDown' | 'ArrowUp' | 'Home' | 'End';

/**
 * The option a key makes active in a list of `count` options; -1 means none (the focus
 * stays in the text field). Down from none is the first, up from none the last, and both
 * wrap around the ends, as in the WAI-ARIA combobox pattern.
 */
export function nextActiveIndex(current: number, key: ListKey, count: number): number {
  if (count <= 0) return -1;
  switch (key) {
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    case 'ArrowDown':
      return current < 0 || current >= count - 1 ? 0 : current + 1;
    case 'ArrowUp':
      return current <= 0 || current >= count ? count - 1 : current - 1;
  }
}
