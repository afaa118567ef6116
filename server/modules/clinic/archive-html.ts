import { promotionsArchiveUrl } from '../../../core/clinic/urls';
import { visiblePages } from '../../../core/directory/pagination';
import { escapeHtml } from '../../../core/text/html';

/** 'yyyy-MM-dd' → 'dd.MM.yyyy'. */
function shownDate(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}.${m}.${y}`;
}

/** Page numbers shown under the archive; it sits in a 456 px popup, so five at most. */
const VISIBLE_PAGES = 5;

export interface ArchivePage {
  clinicId: number;
  page: number;
  numPages: number;
  items: { id: number; title: string; body: string; startsOn: string; endsOn: string | null }[];
}

/**
 * The archived promotions popup body (the popup fetches this HTML, and its pagination
 * links are fetched by GET and replace the body). The links are real URLs of the
 * same call, so the fragment also reads as a plain page.
 */
export function renderArchive({ clinicId, page, numPages, items }: ArchivePage): string {
  if (!items.length) return '<p class="text-ink-soft">Архивных акций нет</p>';
  const list = items
    .map((p) => {
      const period = `${shownDate(p.startsOn)}${p.endsOn ? ` – ${shownDate(p.endsOn)}` : ''}`;
      return (
        `<li class="rounded-lg bg-canvas p-4" data-promotion-id="${p.id}">` +
        `<p class="font-semibold">${escapeHtml(p.title)}</p>` +
        `<p class="mt-1 text-sm text-ink-soft">${escapeHtml(p.body)}</p>` +
        `<p class="mt-1 text-xs text-muted">${period}</p>` +
        '</li>'
      );
    })
    .join('');
  return `<ul class="flex flex-col gap-3">${list}</ul>${pagination(clinicId, page, numPages)}`;
}

function pagination(clinicId: number, page: number, numPages: number): string {
  if (numPages <= 1) return '';
  const cell = 'flex h-10 min-w-10 items-center justify-center rounded-lg px-2';
  const link = (p: number, text: string, label?: string) =>
    `<a href="${escapeHtml(promotionsArchiveUrl(clinicId, p))}" class="${cell} text-brand hover:bg-brand-soft"${
      label ? ` aria-label="${label}"` : ''
    }>${text}</a>`;
  const numbers = visiblePages(page, numPages, VISIBLE_PAGES).map((p) =>
    p === page
      ? `<span aria-current="page" class="${cell} bg-brand font-semibold text-white">${p}</span>`
      : link(p, String(p)),
  );
  const prev = page > 1 ? link(page - 1, '‹', 'Предыдущая страница') : '';
  const next = page < numPages ? link(page + 1, '›', 'Следующая страница') : '';
  return `<nav aria-label="Страницы архива" class="mt-4 flex flex-wrap items-center justify-center gap-1">${prev}${numbers.join('')}${next}</nav>`;
}
