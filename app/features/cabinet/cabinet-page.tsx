import type { ReactNode } from 'react';
import { cabinetPagesFor } from '../../../core/cabinet/pages';
import { RECEPTION_TEXTS } from '../../../core/cabinet/reception';
import { useRootAuth } from '../auth/use-root-auth';

/**
 * A cabinet page's frame: its title, the links to the other cabinet pages, and for anyone but a
 * doctor or a clinic account the way to sign in as one (`refusal`) instead of the content. A page
 * a doctor's account is refused says so in its `refusal` too.
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
          <CabinetNav current={current} />
          {children}
        </>
      )}
    </>
  );
}

/**
 * The links to the account's other cabinet pages, named as the header's account menu names them
 * (`cabinetPagesFor`): a doctor is never shown a page about the clinic itself.
 */
export function CabinetNav({ current }: { current: string }) {
  const { user } = useRootAuth();
  return (
    <nav aria-label="Кабинет" className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
      {cabinetPagesFor(user)
        .filter((p) => p.path !== current)
        .map((p) => (
          <a key={p.path} href={p.path} className="text-brand hover:underline">
            {p.title}
          </a>
        ))}
    </nav>
  );
}
