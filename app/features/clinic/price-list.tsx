import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { priceList } from '../../../core/clinic/calls';
import type { PriceListPage } from '../../../core/clinic/contracts';
import {
  PRICE_LIST_NOT_FOUND,
  PRICE_SEARCH_DEBOUNCE_MS,
  type PriceListRequest,
  priceListQuery,
  showAllButtonVisible,
} from '../../../core/clinic/price-list';
import { priceStatus } from '../../../core/clinic/price-status';
import { Button } from '../../components/ui/button';
import { Pagination } from '../../components/ui/pagination';
import { api, isApiError, isRefusal } from '../../lib/api';
import { ClubPriceBanner, ClubSwitch, useClubSwitch } from '../club/club-banner';
import { PriceListGroups } from './price-list-groups';
import { PriceListSearch } from './price-list-search';
import { PriceListSwitch } from './price-list-switch';

export interface PriceListProps {
  clinicId: number;
  /** The server-rendered page (?page= of the unfiltered list). */
  initial: PriceListPage;
  /** The clinic's service classes: the search box's suggestions. */
  categories: string[];
  /** The price update status: code 0–3 and the date of the last update. */
  updateStatus: { code: number; date: string | null };
  /** The clinic town's zone: the booking buttons' calendars count days in it. */
  tz: string;
  /** A clinic in the club: its discount on services (the banner, the switch's badge). */
  club?: { discountPercent: number };
}

type View = { kind: 'list'; list: PriceListPage } | { kind: 'notFound' };

const TONES = {
  success: 'text-success',
  neutral: 'text-ink-soft',
  warning: 'text-warning',
  error: 'text-error',
} as const;

function sameRequest(a: PriceListRequest, b: PriceListRequest): boolean {
  return (
    a.page === b.page &&
    a.onlineOnly === b.onlineOnly &&
    a.search?.kind === b.search?.kind &&
    a.search?.value.trim() === b.search?.value.trim()
  );
}

/** A lost connection is not worth a word: a network disconnect is ignored. */
function isNetworkError(error: unknown): boolean {
  return (
    (isApiError(error) && error.kind !== 'http') || (typeof navigator !== 'undefined' && !navigator.onLine)
  );
}

/**
 * The clinic price list: the server-rendered page shows until a
 * search, the online switch or a page change; each successful answer replaces it. A 404 hides
 * the pagination and shows 'Такой услуги нет в клинике'; other failures are only logged.
 */
export function PriceList({ clinicId, initial, categories, updateStatus, tz, club }: PriceListProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  // null until the visitor asks for something: the server-rendered list stands.
  const [request, setRequest] = useState<PriceListRequest | null>(null);
  const [view, setView] = useState<View>({ kind: 'list', list: initial });
  const [loading, setLoading] = useState(false);
  const [clubOn, setClubOn] = useClubSwitch(location.search);
  const debounce = useRef<ReturnType<typeof setTimeout>>(undefined);
  const searchRef = useRef<HTMLInputElement>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const locationRef = useRef(location);
  locationRef.current = location;

  const initialRequest: PriceListRequest = {
    clinicId,
    page: initial.current_page,
    search: null,
    onlineOnly: false,
  };
  const applied = request ?? initialRequest;

  const update = (change: Partial<PriceListRequest>) =>
    setRequest((prev) => {
      const current = prev ?? initialRequest;
      const next = { ...current, ...change };
      return sameRequest(current, next) ? prev : next;
    });

  /** Mirrors the page in ?page= (replacing the entry, no navigation: the clinic route skips reloading). */
  const keepPageInUrl = useCallback(
    (page: number) => {
      const { pathname, search, hash } = locationRef.current;
      const params = new URLSearchParams(search);
      if (page > 1) params.set('page', String(page));
      else params.delete('page');
      const next = params.size ? `?${params}` : '';
      if (next !== search)
        navigate({ pathname, search: next, hash }, { replace: true, preventScrollReset: true });
    },
    [navigate],
  );

  useEffect(() => {
    if (!request) return;
    const controller = new AbortController();
    setLoading(true);
    api
      .send(priceList, { query: priceListQuery(request), signal: controller.signal })
      .then((list): View => ({ kind: 'list', list }))
      .catch((error: unknown): View | undefined => {
        if (isRefusal(priceList, error, 404)) return { kind: 'notFound' };
        if (!isNetworkError(error)) console.error(error);
      })
      .then((next) => next && setView(next))
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    // A newer request aborts this one, so a slow stale answer never overwrites a fresh one.
    return () => controller.abort();
  }, [request]);

  useEffect(() => () => clearTimeout(debounce.current), []);

  const search = (value: string, kind: 'text' | 'category') => {
    clearTimeout(debounce.current);
    update({ search: value.trim() ? { kind, value } : null, page: 1 });
    keepPageInUrl(1);
  };

  const onType = (value: string) => {
    setText(value);
    clearTimeout(debounce.current);
    debounce.current = setTimeout(() => search(value, 'text'), PRICE_SEARCH_DEBOUNCE_MS);
  };

  const onCategory = (category: string) => {
    setText(category);
    search(category, 'category');
  };

  const onOnlineOnly = (on: boolean) => {
    update({ onlineOnly: on, page: 1 });
    keepPageInUrl(1);
  };

  const onPage = (page: number) => {
    update({ page });
    keepPageInUrl(page);
    sectionRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  const showAll = () => {
    onOnlineOnly(false);
    searchRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    searchRef.current?.focus({ preventScroll: true });
  };

  const status = priceStatus(updateStatus.code, updateStatus.date);
  const list = view.kind === 'list' ? view.list : null;

  return (
    <section
      ref={sectionRef}
      id="prices"
      className="card scroll-mt-32 p-5 sm:scroll-mt-20 sm:p-6"
      aria-labelledby="prices-h"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="prices-h" className="text-xl font-semibold">
          Цены на услуги
        </h2>
        {status && (
          <p className={`text-sm ${TONES[status.tone]}`} data-price-status={updateStatus.code}>
            {status.text}
          </p>
        )}
      </div>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-6">
        <div className="sm:flex-1">
          <PriceListSearch
            value={text}
            categories={categories}
            onType={onType}
            onCategory={onCategory}
            onSubmit={() => search(text, 'text')}
            inputRef={searchRef}
          />
        </div>
        <PriceListSwitch checked={applied.onlineOnly} onChange={onOnlineOnly} />
      </div>

      {club && (
        <div className="mt-4 flex flex-col gap-3">
          <ClubPriceBanner discountPercent={club.discountPercent} />
          <ClubSwitch on={clubOn} onChange={setClubOn} discountPercent={club.discountPercent} />
        </div>
      )}

      <div aria-busy={loading} className={`mt-5 transition-opacity ${loading ? 'opacity-50' : ''}`}>
        {list && (
          <PriceListGroups
            groups={list.data}
            booking={{ clinicId, tz }}
            club={club && { on: clubOn, discountPercent: club.discountPercent }}
          />
        )}
        <div role="status">
          {!list && (
            <p className="rounded-lg bg-canvas px-4 py-6 text-center text-ink-soft">{PRICE_LIST_NOT_FOUND}</p>
          )}
        </div>
      </div>

      {list &&
        showAllButtonVisible({
          onlineOnly: applied.onlineOnly,
          page: list.current_page,
          numPages: list.num_pages,
        }) && (
          <div className="mt-4 flex justify-center">
            {/* Of server markup: Button waits for this section to hydrate, after the page (ADR 021). */}
            <Button variant="secondary" onClick={showAll}>
              Показать все услуги
            </Button>
          </div>
        )}

      {list && list.num_pages > 1 && (
        <Pagination
          page={list.current_page}
          numPages={list.num_pages}
          search={location.search}
          onSelect={onPage}
        />
      )}
    </section>
  );
}
