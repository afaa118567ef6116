import * as Dialog from '@radix-ui/react-dialog';
import { type RefObject, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { townChoose, townListHtml, townSearch } from '../../../core/towns/calls';
import type { TownOption } from '../../../core/towns/contracts';
import { TOWN_SEARCH_MIN } from '../../../core/towns/towns';
import { api, isAborted } from '../../lib/api';

/** The town-list call answers an HTML fragment of links with data-url and data-translit. */
function parseTownList(html: string): TownOption[] {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return [...doc.querySelectorAll<HTMLAnchorElement>('a[data-url]')].map((a) => ({
    name: a.textContent ?? '',
    translit: a.dataset.translit ?? '',
    url: a.dataset.url ?? '',
  }));
}

/**
 * The town chooser's popup (docs/product/towns-and-search.md): the town list loaded on demand and a search
 * from 3 characters. Choosing posts the choice (remembered in a cookie) and goes to the town's
 * doctors. Its own chunk: the header loads it on the first click (Radix's dialog is not in
 * every page's first load).
 */
export function TownDialog({
  open,
  onOpenChange,
  trigger,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Focus goes back to the header's link on close. */
  trigger: RefObject<HTMLAnchorElement | null>;
}) {
  const [towns, setTowns] = useState<TownOption[] | null>(null);
  const [query, setQuery] = useState('');
  const [suggestions, setSuggestions] = useState<TownOption[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const navigate = useNavigate();
  useEffect(() => {
    if (!open || towns) return;
    api
      .send(townListHtml, {})
      .then((html) => setTowns(parseTownList(html)))
      .catch(() => setError('Произошла ошибка. Обновите страницу и попробуйте еще раз.'));
  }, [open, towns]);

  useEffect(() => {
    const q = query.trim();
    if (q.length < TOWN_SEARCH_MIN) {
      setSuggestions(null);
      return;
    }
    const controller = new AbortController();
    api
      .send(townSearch, { query: { q }, signal: controller.signal })
      .then(setSuggestions)
      .catch((e: unknown) => {
        if (!isAborted(e)) setError('Произошла ошибка. Обновите страницу и попробуйте еще раз.');
      });
    return () => controller.abort();
  }, [query]);

  async function choose(option: TownOption) {
    const chosen = await api.send(townChoose, { params: { slug: option.translit } }).catch(() => null);
    if (!chosen) {
      setError('Произошла ошибка. Обновите страницу и попробуйте еще раз.');
      return;
    }
    const { url } = chosen;
    onOpenChange(false);
    navigate(url);
  }

  const shown = suggestions ?? towns;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
        <Dialog.Content
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            trigger.current?.focus();
          }}
          className="fixed inset-0 z-50 flex flex-col bg-surface p-4 sm:inset-auto sm:left-1/2 sm:top-24 sm:max-h-[70vh] sm:w-[456px] sm:-translate-x-1/2 sm:rounded-[var(--radius-card)] sm:p-6 sm:shadow-xl"
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-lg font-semibold">Выберите город</Dialog.Title>
            <Dialog.Close
              className="rounded-md px-2 py-1 text-2xl leading-none text-muted hover:bg-canvas"
              aria-label="Закрыть"
            >
              ×
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Список городов и поиск по названию</Dialog.Description>
          <label htmlFor="town-search" className="sr-only">
            Поиск города
          </label>
          <input
            id="town-search"
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Поиск города"
            autoComplete="off"
            className="mt-3 w-full rounded-lg border border-line bg-canvas px-3 py-2 outline-none focus:border-brand focus:bg-surface"
          />
          {error && (
            <p role="alert" className="mt-3 text-sm text-error">
              {error}
            </p>
          )}
          <div className="mt-3 min-h-0 flex-1 overflow-y-auto">
            {shown === null ? (
              <p className="text-muted">Загрузка...</p>
            ) : shown.length === 0 ? (
              <p className="text-muted">Совпадений не найдено</p>
            ) : (
              <ul className="grid grid-cols-1 gap-1 sm:grid-cols-2">
                {shown.map((t) => (
                  <li key={t.translit}>
                    <button
                      type="button"
                      onClick={() => choose(t)}
                      className="w-full rounded-md px-3 py-2 text-left hover:bg-brand-soft hover:text-brand"
                    >
                      {t.name}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
