import type { ReactNode } from 'react';
import { CABINET_CALLBACKS_PATH, CALLBACK_TEXTS } from '../../../core/cabinet/callbacks';
import { CABINET_SCHEDULE_PATH } from '../../../core/cabinet/days-off';
import { CABINET_PRICES_PATH, PRICE_TEXTS } from '../../../core/cabinet/prices';
import { CABINET_APPOINTMENTS_PATH, RECEPTION_TEXTS } from '../../../core/cabinet/reception';
import { ACCESSIBILITY_TEXTS, CABINET_CLINIC_PATH } from '../../../core/clinic/accessibility';
import { CABINET_PROFILE_PATH, PROFILE_TEXTS } from '../../../core/doctor/profile-edit';
import { CABINET_INTEGRATION_PATH, MIS_KEY_TEXTS } from '../../../core/mis/keys';
import { CABINET_EFFECTIVENESS_PATH, EFFECTIVENESS_TEXTS } from '../../../core/stats/effectiveness';

/** The cabinet's pages, each linking the others. */
const PAGES = [
  { href: CABINET_APPOINTMENTS_PATH, label: RECEPTION_TEXTS.title },
  { href: CABINET_CALLBACKS_PATH, label: CALLBACK_TEXTS.title },
  { href: CABINET_SCHEDULE_PATH, label: 'Расписание' },
  { href: CABINET_PROFILE_PATH, label: PROFILE_TEXTS.title },
  { href: CABINET_CLINIC_PATH, label: ACCESSIBILITY_TEXTS.cabinetTitle },
  { href: CABINET_PRICES_PATH, label: PRICE_TEXTS.title },
  { href: CABINET_INTEGRATION_PATH, label: MIS_KEY_TEXTS.title },
  { href: CABINET_EFFECTIVENESS_PATH, label: EFFECTIVENESS_TEXTS.title },
] as const;

/**
 * A cabinet page's frame: its title, the links to the other cabinet pages, and for anyone but a
 * doctor or a clinic account the way to sign in as one (`refusal`) instead of the content.
 */
export function CabinetPage({
  title,
  current,
  refusal,
  next,
  children,
}: {
  title: string;
  current: string;
  /** Shown instead of the content to visitors, patients and staff. */
  refusal: string | null;
  /** Where signing in comes back to. */
  next: string;
  children: ReactNode;
}) {
  return (
    <>
      <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
      {refusal !== null ? (
        <div className="card mt-6 p-8 text-center" role="status">
          <p className="text-lg font-semibold">{refusal}</p>
          <a
            href={`/login/?kind=doctor&next=${encodeURIComponent(next)}`}
            className="mt-4 inline-block rounded-lg bg-brand px-5 py-2.5 font-medium text-white hover:bg-brand-dark"
          >
            {RECEPTION_TEXTS.signInButton}
          </a>
        </div>
      ) : (
        <>
          <nav aria-label="Кабинет" className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            {PAGES.filter((p) => p.href !== current).map((p) => (
              <a key={p.href} href={p.href} className="text-brand hover:underline">
                {p.label}
              </a>
            ))}
          </nav>
          {children}
        </>
      )}
    </>
  );
}
