import { lazy, type MouseEvent, Suspense, useState } from 'react';
import type { ConfirmationFlow } from '../../../core/auth/confirmation';
import { useHydrated } from '../../lib/use-hydrated';

// The phone form (and libphonenumber) loads only when a visitor asks to sign in.
const SignInModal = lazy(() => import('./sign-in-modal').then((m) => ({ default: m.SignInModal })));

/**
 * A gated action's sign-in in place: the link to the patient's sign-in page (`loginHref`, with
 * `?next=`) opens 'Войдите, чтобы продолжить' over the page instead, and the sign-in comes back
 * to `next` (the same page, the chosen time kept). Before the page has hydrated the link works
 * as a link.
 */
export function SignInGate({
  loginHref,
  className,
  children,
  flow = 'patient',
}: {
  loginHref: string;
  className: string;
  children: string;
  /** `noRegistration` on the booking pages: the visitor confirms the phone by SMS only. */
  flow?: Extract<ConfirmationFlow, 'patient' | 'noRegistration'>;
}) {
  const [open, setOpen] = useState(false);
  // A link, not a Button: before hydration it works as a link (the sign-in page), so it is never
  // disabled; a click React replays after hydrating must not also open the dialog.
  const hydrated = useHydrated();
  const next = new URL(loginHref, 'http://site').searchParams.get('next') ?? '/';

  function openModal(event: MouseEvent<HTMLAnchorElement>) {
    if (!hydrated) return;
    event.preventDefault();
    setOpen(true);
  }

  return (
    <>
      <a href={loginHref} onClick={openModal} className={className}>
        {children}
      </a>
      {open && (
        <Suspense fallback={null}>
          <SignInModal open={open} onOpenChange={setOpen} next={next} flow={flow} />
        </Suspense>
      )}
    </>
  );
}
