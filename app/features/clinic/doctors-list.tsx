import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { clinicDoctors } from '../../../core/clinic/calls';
import type {
  ClinicDoctorFilterOptions,
  ClinicDoctorsList as ListData,
} from '../../../core/clinic/contracts';
import {
  clinicDoctorsQuery,
  type DoctorFilters,
  doctorFiltersToParams,
  NO_DOCTOR_FILTERS,
  parseDoctorFilters,
} from '../../../core/clinic/doctor-filters';
import { queryString } from '../../../core/http/call';
import { plural, WORDS } from '../../../core/text/plural';
import { Button } from '../../components/ui/button';
import { Pagination } from '../../components/ui/pagination';
import { api, isApiError } from '../../lib/api';
import { useHashParams } from '../../lib/use-hash-state';
import { useHydrated } from '../../lib/use-hydrated';
import { useMediaQuery, useViewer } from '../../lib/use-viewer';
import { ClinicDoctorCardItem } from './doctors-card';
import { DoctorsFilters } from './doctors-filters';

/**
 * The clinic doctors page list. Without filters it is the
 * server-rendered page of ?page=; the filters (and their page) live in the URL hash, so each
 * change is a history entry and back/forward restore it, and the list comes from the call.
 */
export function ClinicDoctorsList({
  clinicId,
  initial,
  options,
  tz,
}: {
  /** The clinic town's zone. */
  tz: string;
  clinicId: number;
  initial: ListData;
  options: ClinicDoctorFilterOptions;
}) {
  const location = useLocation();
  const [hashParams, setHashParams] = useHashParams();
  // The hash exists only in the browser: read it once hydrated, so the first render matches the server's.
  const hydrated = useHydrated();
  const filters = hydrated ? parseDoctorFilters(hashParams) : NO_DOCTOR_FILTERS;
  // Staff on desktop see every filtered card without paging (the server checks the role).
  const viewer = useViewer();
  const desktop = useMediaQuery('(min-width: 1024px)');
  const staffView = viewer.isStaff && desktop;
  const query = clinicDoctorsQuery(filters, staffView);
  const key = queryString(query);
  // Lists already fetched, by hash: back and forward show them at once.
  const cache = useRef(new Map<string, ListData>());
  const [fetched, setFetched] = useState<{ key: string; list: ListData } | null>(null);
  const [loading, setLoading] = useState(false);
  const top = useRef<HTMLDivElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `query` is rebuilt on every render; `key` stands for it
  useEffect(() => {
    if (!key) return;
    const cached = cache.current.get(key);
    if (cached) {
      setFetched({ key, list: cached });
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    api
      .send(clinicDoctors, {
        params: { id: clinicId },
        query,
        signal: controller.signal,
      })
      .then((list) => {
        cache.current.set(key, list);
        setFetched({ key, list });
      })
      .catch((error: unknown) => {
        // A lost connection or a newer request is not worth a word; a refusal is logged.
        if (!(isApiError(error) && error.kind !== 'http')) console.error(error);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [key, clinicId]);

  // Until the filtered list arrives the previous one stays, dimmed.
  const list = !key ? initial : fetched?.key === key ? fetched.list : (fetched?.list ?? initial);
  const stale = key !== '' && fetched?.key !== key;
  const setFilters = (next: DoctorFilters) => setHashParams(doctorFiltersToParams(next));
  const onPage = (page: number) => {
    setFilters({ ...filters, page });
    top.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <div ref={top} className="scroll-mt-20">
      <div className="card p-4 sm:p-5">
        <DoctorsFilters options={options} filters={filters} onChange={setFilters} />
      </div>
      <div aria-busy={loading || stale} className={`mt-4 transition-opacity ${stale ? 'opacity-50' : ''}`}>
        <p role="status" className="text-ink-soft">
          {stale ? 'Загрузка...' : list.total > 0 ? `Найдено: ${plural(list.total, WORDS.doctor)}` : ''}
        </p>
        {list.data.length > 0 ? (
          <ul className="mt-3 flex flex-col gap-4">
            {list.data.map((d) => (
              <ClinicDoctorCardItem key={d.id} doctor={d} tz={tz} source="clinic_doctors" />
            ))}
          </ul>
        ) : (
          !stale && (
            <div className="card mt-3 flex flex-col items-center gap-3 p-8 text-center">
              <p className="text-lg font-semibold">Врачи не найдены</p>
              <p className="text-ink-soft">Попробуйте изменить или сбросить фильтры.</p>
              <Button onClick={() => setHashParams(new URLSearchParams())}>Сбросить фильтры</Button>
            </div>
          )
        )}
      </div>
      {key ? (
        <Pagination
          page={list.current_page}
          numPages={list.num_pages}
          search={location.search}
          onSelect={onPage}
        />
      ) : (
        <Pagination page={list.current_page} numPages={list.num_pages} search={location.search} />
      )}
    </div>
  );
}
