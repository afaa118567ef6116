import { useEffect, useRef, useState } from 'react';
import { searchSuggest } from '../../../core/search/calls';
import type { SearchResults } from '../../../core/search/contracts';
import { normaliseSearchQuery, SEARCH_DEBOUNCE_MS, searchHint } from '../../../core/search/query';
import { api } from '../../lib/api';

export type SuggestionsState =
  /** Too short to search: 'Введите 2 символа для поиска'. */
  | { status: 'hint'; hint: string }
  /** Waiting for the pause in typing or the answer; the last answer stays on screen meanwhile. */
  | { status: 'loading'; previous: SearchResults | null }
  | { status: 'ready'; results: SearchResults }
  | { status: 'error' };

/**
 * The header search's suggestions for what is typed: fetched 300 ms after typing stops,
 * each query once (kept for the page's life), and a newer query aborts the older request,
 * so a slow old answer can never replace a newer one. Nothing happens while `enabled` is false.
 */
export function useSearchSuggestions(town: string, input: string, enabled: boolean): SuggestionsState {
  const query = normaliseSearchQuery(input);
  const [state, setState] = useState<SuggestionsState>(() => ({
    status: 'hint',
    hint: searchHint(query) ?? '',
  }));
  const answers = useRef(new Map<string, SearchResults>());

  useEffect(() => {
    if (!enabled) return;
    const hint = searchHint(query);
    if (hint) {
      setState({ status: 'hint', hint });
      return;
    }
    const key = `${town}\n${query}`;
    const known = answers.current.get(key);
    if (known) {
      setState({ status: 'ready', results: known });
      return;
    }
    setState((s) => ({
      status: 'loading',
      previous: s.status === 'ready' ? s.results : s.status === 'loading' ? s.previous : null,
    }));
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const results = await api.send(searchSuggest, {
          query: { q: query, town },
          signal: controller.signal,
        });
        if (controller.signal.aborted) return;
        answers.current.set(key, results);
        setState({ status: 'ready', results });
      } catch {
        if (!controller.signal.aborted) setState({ status: 'error' });
      }
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [town, query, enabled]);

  return state;
}
