import { type MouseEvent, useCallback, useEffect, useRef, useState } from 'react';
import { isActivitySection, showMoreLabel } from '../../../core/doctor/activities';
import { doctorActivities, doctorActivityPage } from '../../../core/doctor/calls';
import { showSnackbar } from '../../components/ui/snackbar';
import { api } from '../../lib/api';

/** The activities start loading 300 px before they scroll into view. */
const LOAD_MARGIN = '300px';
const ERROR_TEXT = 'Произошла ошибка. Обновите страницу и попробуйте еще раз.';

type State =
  | { kind: 'waiting' }
  | { kind: 'loading' }
  | { kind: 'loaded'; html: string }
  | { kind: 'failed' };

/**
 * The 'Деятельность' block: its HTML comes from GET /ajax/doctor/{id}/activities/ when the
 * block nears the viewport. Each section's 'Показать ещё N …' button fetches the next page
 * (…/activities/{section}/?page=n), appends its items and reads the count still left from the
 * page's placeholder. The fragments are the server's escaped HTML.
 */
export function DoctorActivities({ doctorId }: { doctorId: number }) {
  const [state, setState] = useState<State>({ kind: 'waiting' });
  const box = useRef<HTMLDivElement>(null);

  const load = useCallback(() => {
    setState({ kind: 'loading' });
    api
      .send(doctorActivities, { params: { id: doctorId } })
      .then((html) => setState({ kind: 'loaded', html }))
      .catch(() => setState({ kind: 'failed' }));
  }, [doctorId]);

  useEffect(() => {
    const el = box.current;
    if (!el || state.kind !== 'waiting') return;
    if (typeof IntersectionObserver === 'undefined') {
      load();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          load();
        }
      },
      { rootMargin: LOAD_MARGIN },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [state.kind, load]);

  async function onClick(event: MouseEvent<HTMLDivElement>) {
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>('button[data-activity-more]');
    const section = button?.dataset.activityMore;
    if (!button || !section || !isActivitySection(section) || button.disabled) return;
    const list = button.closest('section')?.querySelector('[data-activity-list]');
    const page = Number(button.dataset.nextPage);
    if (!list || !page) return;
    button.disabled = true;
    button.setAttribute('aria-busy', 'true');
    try {
      const template = document.createElement('template');
      template.innerHTML = await api.send(doctorActivityPage, {
        params: { id: doctorId, section },
        query: { page },
      });
      const items = [...template.content.querySelectorAll('li')];
      const remaining = Number(
        template.content.querySelector<HTMLInputElement>('[data-activity-remaining]')?.value ?? 0,
      );
      list.append(...items);
      if (remaining > 0) {
        button.dataset.nextPage = String(page + 1);
        button.textContent = showMoreLabel(section, remaining);
      } else {
        // The button goes away: keep keyboard users where they were, on the first new item.
        items[0]?.setAttribute('tabindex', '-1');
        button.remove();
        items[0]?.focus();
      }
    } catch {
      showSnackbar({ text: ERROR_TEXT });
    } finally {
      button.disabled = false;
      button.removeAttribute('aria-busy');
    }
  }

  return (
    <div ref={box} aria-busy={state.kind === 'loading'} className="mt-3">
      {state.kind === 'loaded' ? (
        // Event delegation for the fragment's buttons; they are real, focusable <button>s.
        // biome-ignore lint/a11y/noStaticElementInteractions: clicks bubble from the fragment's buttons
        // biome-ignore lint/a11y/useKeyWithClickEvents: buttons fire click on Enter and Space themselves
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the server escapes every value it puts in the fragment
        <div onClick={onClick} dangerouslySetInnerHTML={{ __html: state.html }} />
      ) : state.kind === 'failed' ? (
        <p className="text-ink-soft">
          Не удалось загрузить.{' '}
          <button type="button" onClick={load} className="font-medium text-brand hover:underline">
            Повторить
          </button>
        </p>
      ) : (
        <div className="flex flex-col gap-3" role="status" aria-label="Загрузка...">
          <div className="h-4 w-1/3 animate-pulse rounded bg-canvas noscript:hidden" />
          <div className="h-4 w-full animate-pulse rounded bg-canvas noscript:hidden" />
          <div className="h-4 w-5/6 animate-pulse rounded bg-canvas noscript:hidden" />
          <noscript>
            <p className="text-muted">Этот раздел загружается, когда включён JavaScript.</p>
          </noscript>
        </div>
      )}
    </div>
  );
}
