import { late } from '../../lib/late';

/**
 * The software-version badge (./software-badge.tsx) as the doctor and clinic pages place it:
 * rendered by the server with the page, its code (the levels' names and notes) loads after the
 * page's own (ADR 021). Its note is a native popover, so the badge opens it before then too.
 */
export const SoftwareBadge = late(() => import('./software-badge').then((m) => m.SoftwareBadge), {
  boundary: true,
});
