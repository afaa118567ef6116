import { type MouseEvent, useEffect, useRef, useState } from 'react';
import { promotionsArchive } from '../../../core/clinic/calls';
import type { Promotion } from '../../../core/clinic/contracts';
import { promotionsArchiveUrl } from '../../../core/clinic/urls';
import { formatLongDate } from '../../../core/dates/zoned';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { api, isAborted } from '../../lib/api';

/** Current promotions, and the subtitle that opens the archive when some have ended. */
export function Promotions({
  clinicId,
  promotions,
  endedCount,
}: {
  clinicId: number;
  promotions: Promotion[];
  endedCount: number;
}) {
  const [archiveOpen, setArchiveOpen] = useState(false);
  if (!promotions.length && !endedCount) return null;
  return (
    <section className="card p-5 sm:p-6" aria-labelledby="promo-h">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="promo-h" className="text-xl font-semibold">
          Акции
        </h2>
        {endedCount > 0 && (
          // The section hydrates after the page (ADR 021): Button waits for it.
          <Button
            variant="link"
            aria-haspopup="dialog"
            data-archive-url={promotionsArchiveUrl(clinicId)}
            onClick={() => setArchiveOpen(true)}
            className="text-sm font-medium"
          >
            Архивные акции
          </Button>
        )}
      </div>
      {promotions.length ? (
        <ul className="mt-3 flex flex-col gap-3">
          {promotions.map((p) => (
            <li key={p.id} className="rounded-lg bg-accent-soft p-4">
              <p className="font-semibold">{p.title}</p>
              <p className="mt-1 text-sm text-ink-soft">{p.body}</p>
              {p.endsOn && <p className="mt-1 text-xs text-muted">До {formatLongDate(p.endsOn, 'UTC')}</p>}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-ink-soft">Сейчас у клиники нет акций.</p>
      )}
      <ArchivePopup clinicId={clinicId} open={archiveOpen} onOpenChange={setArchiveOpen} />
    </section>
  );
}

type ArchiveState =
  | { status: 'loading'; html: string | null }
  | { status: 'loaded'; html: string }
  | { status: 'failed' };

/**
 * 'Архивные акции': the body is the HTML the archive call answers; its page links are
 * fetched by GET and replace the body instead of leaving the page.
 */
function ArchivePopup({
  clinicId,
  open,
  onOpenChange,
}: {
  clinicId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [state, setState] = useState<ArchiveState>({ status: 'loading', html: null });
  const request = useRef<AbortController | null>(null);
  const body = useRef<HTMLDivElement>(null);

  function load(page: number, moveFocus: boolean) {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    setState((s) => ({ status: 'loading', html: s.status === 'failed' ? null : s.html }));
    api
      .send(promotionsArchive, {
        params: { id: clinicId },
        query: page > 1 ? { page } : {},
        signal: controller.signal,
      })
      .then((html) => {
        setState({ status: 'loaded', html });
        if (moveFocus) {
          body.current?.scrollIntoView({ block: 'start' });
          body.current?.focus();
        }
      })
      .catch((error: unknown) => {
        if (isAborted(error)) return;
        console.warn(error);
        setState({ status: 'failed' });
      });
  }

  // Each opening starts at the first page (the popup's content resets on close).
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload only when opened or the clinic changes
  useEffect(() => {
    if (!open) return setState({ status: 'loading', html: null });
    load(1, false);
    return () => request.current?.abort();
  }, [open, clinicId]);

  function onBodyClick(event: MouseEvent<HTMLDivElement>) {
    const link = (event.target as Element).closest('a');
    if (!link || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    const target = new URL(link.href, window.location.href);
    const archive = new URL(promotionsArchiveUrl(clinicId), window.location.href);
    if (target.origin !== archive.origin || target.pathname !== archive.pathname) return;
    event.preventDefault();
    load(Number(target.searchParams.get('page')) || 1, true);
  }

  const html = state.status === 'failed' ? null : state.html;
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Архивные акции" mobile="fullscreen" width={560}>
      {state.status === 'loading' && (
        <p className="mb-3 text-muted" aria-live="polite">
          Загрузка...
        </p>
      )}
      {state.status === 'failed' && (
        <div role="alert" className="text-ink-soft">
          <p className="font-semibold text-ink">Произошла ошибка</p>
          <p>Обновите страницу и попробуйте еще раз.</p>
        </div>
      )}
      {html !== null && (
        // The fragment is the site's own server-rendered HTML with every clinic text escaped.
        // biome-ignore lint/a11y/useKeyWithClickEvents: delegation from the links inside, which Enter clicks too
        // biome-ignore lint/a11y/noStaticElementInteractions: same: the links are the interactive elements
        <div
          ref={body}
          tabIndex={-1}
          onClick={onBodyClick}
          aria-busy={state.status === 'loading'}
          className={`outline-none ${state.status === 'loading' ? 'opacity-50' : ''}`}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: see above
          dangerouslySetInnerHTML={{ __html: html }}
        />
      )}
    </Modal>
  );
}
