import { useId } from 'react';
import {
  SOFTWARE_VERSION_LABELS,
  type SoftwareVersion,
  softwareBenefits,
} from '../../../core/directory/software-version';

/**
 * The software-version badge of a doctor's or clinic's page: an icon
 * with the level's name; a click opens a note on what the level gives. The note is a native
 * popover (light dismiss, Escape) so it works before the page's scripts load.
 */
export function SoftwareBadge({ version, page }: { version: SoftwareVersion; page: 'doctor' | 'clinic' }) {
  const id = useId();
  const label = SOFTWARE_VERSION_LABELS[version];
  const owner = page === 'clinic' ? 'Клиника пользуется' : 'Врач пользуется';
  return (
    <>
      <button
        type="button"
        popoverTarget={id}
        aria-label={`Версия ПроДокторов «${label}». Что это значит`}
        className="inline-flex items-center gap-1 rounded-full bg-brand-soft px-3 py-1 text-sm font-medium text-brand hover:ring-1 hover:ring-brand"
      >
        <svg viewBox="0 0 16 16" className="h-4 w-4" aria-hidden="true">
          <path
            fill="currentColor"
            d="M8 1.2 10 5.6l4.8.5-3.6 3.2 1 4.7L8 11.6 3.8 14l1-4.7L1.2 6.1 6 5.6 8 1.2Z"
          />
        </svg>
        <span aria-hidden="true">{label}</span>
      </button>
      <div
        id={id}
        popover="auto"
        role="dialog"
        aria-label={`Версия «${label}»`}
        className="m-auto w-[min(22rem,calc(100vw-2rem))] rounded-[var(--radius-card)] border border-line bg-surface p-5 text-ink shadow-xl backdrop:bg-ink/30"
      >
        <p className="text-lg font-semibold">Версия «{label}»</p>
        <p className="mt-1 text-sm text-ink-soft">
          {owner} сервисом ПроДокторов для специалистов. Что даёт эта версия:
        </p>
        <ul className="mt-3 flex flex-col gap-2 text-sm">
          {softwareBenefits(version, page).map((benefit) => (
            <li key={benefit} className="flex gap-2">
              <span aria-hidden="true" className="text-success">
                ✓
              </span>
              {benefit}
            </li>
          ))}
        </ul>
        <button
          type="button"
          popoverTarget={id}
          popoverTargetAction="hide"
          className="mt-4 w-full rounded-lg border border-line px-4 py-2 text-sm font-medium hover:border-brand hover:text-brand"
        >
          Понятно
        </button>
      </div>
    </>
  );
}
