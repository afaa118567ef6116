import { useId, useState } from 'react';
import { filterByName } from '../../../core/clinic/doctor-filters';
import { Modal } from '../../components/ui/modal';

export interface SpecialityOption {
  id: number;
  name: string;
  count: number;
}

/**
 * Speciality picker 'Специалист': full screen on phones, a 650 px
 * side menu on desktop, with a case-insensitive substring filter on the name.
 */
export function DoctorsSpecialityPicker({
  open,
  onOpenChange,
  specialities,
  selected,
  onSelect,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  specialities: readonly SpecialityOption[];
  selected: number | null;
  onSelect: (id: number | null) => void;
}) {
  const inputId = useId();
  const [query, setQuery] = useState('');
  const shown = filterByName(specialities, query);
  const choose = (id: number | null) => {
    onSelect(id);
    onOpenChange(false);
    setQuery('');
  };
  const option = (id: number | null, name: string, count?: number) => (
    <li key={id ?? 'all'}>
      <button
        type="button"
        aria-pressed={selected === id}
        onClick={() => choose(id)}
        className={`flex w-full items-center justify-between gap-3 rounded-lg px-3 py-2.5 text-left hover:bg-brand-soft ${selected === id ? 'bg-brand-soft font-semibold text-brand' : ''}`}
      >
        <span>{name}</span>
        {count !== undefined && <span className="text-sm text-muted">{count}</span>}
      </button>
    </li>
  );
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Специалист"
      mobile="fullscreen"
      desktop="side"
      width={650}
    >
      <label htmlFor={inputId} className="sr-only">
        Название специальности
      </label>
      <input
        id={inputId}
        type="search"
        autoComplete="off"
        placeholder="Поиск по названию"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        className="h-11 w-full rounded-lg border border-line bg-surface px-3 text-base outline-none placeholder:text-muted focus:border-brand"
      />
      {shown.length > 0 && (
        <ul className="mt-3 flex flex-col gap-0.5">
          {!query.trim() && option(null, 'Все специальности')}
          {shown.map((s) => option(s.id, s.name, s.count))}
        </ul>
      )}
      <p role="status" className={shown.length ? 'sr-only' : 'mt-6 text-center text-ink-soft'}>
        {shown.length ? '' : 'Совпадений не найдено'}
      </p>
    </Modal>
  );
}
