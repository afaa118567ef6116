import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { logout } from '../../../core/auth/calls';
import { maskPhoneForDisplay } from '../../../core/auth/phone-display';
import { isWorkAccount } from '../../../core/auth/viewer';
import { cabinetPagesFor, STAFF_PAGES } from '../../../core/cabinet/pages';
import { Button } from '../../components/ui/button';
import { showSnackbar } from '../../components/ui/snackbar';
import { useCall } from '../../lib/use-call';
import { useHydrated } from '../../lib/use-hydrated';
import { Reconfirmation } from './reconfirmation';
import { useRootAuth } from './use-root-auth';

function MenuLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <li>
      <a href={href} className="block px-4 py-2 text-sm hover:bg-canvas">
        {children}
      </a>
    </li>
  );
}

const entry =
  'rounded-lg border border-brand px-3 py-2 text-sm font-medium text-brand hover:bg-brand-soft sm:px-4';

/**
 * The header's account entry: 'Войти' for visitors; for a signed-in account a small menu with
 * the masked phone, 'Профиль', 'Мои записи' and 'Избранное' for patients, 'Модерация отзывов' for staff,
 * the cabinet's pages for doctors and clinics (`cabinetPagesFor`, as each cabinet page links
 * them), and 'Выйти'.
 */
export function AccountMenu() {
  const { user } = useRootAuth();
  const [open, setOpen] = useState(false);
  const out = useCall(logout);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const location = useLocation();
  // For the link's address, not a button: the server's HTML names no visitor's page.
  const hydrated = useHydrated();

  // Close on a click elsewhere or Escape, like any disclosure menu.
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (user.isAnonymous) {
    // Back to this page after signing in; the login page itself needs no return address. Added
    // after hydration: the server may see the path without its trailing slash, and cached
    // pages must not carry one visitor's address.
    const here = `${location.pathname}${location.search}`;
    const onLogin = /^\/login\/?$/.test(location.pathname);
    const to = hydrated && !onLogin ? `/login/?next=${encodeURIComponent(here)}` : '/login/';
    return (
      <Link to={to} className={entry}>
        Войти
      </Link>
    );
  }

  async function signOut() {
    const outcome = await out.run({});
    // Signed out: the page is read again as a visitor's (the button stays busy meanwhile).
    if (outcome.ok) window.location.reload();
    else if (outcome.error !== null)
      showSnackbar({ text: 'Не получилось выйти. Проверьте соединение и попробуйте снова.' });
  }

  const phone = maskPhoneForDisplay(user.userPhone) || 'Аккаунт';
  return (
    <div ref={root} className="relative">
      <Reconfirmation user={user} />
      <Button
        variant="bare"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
        className={entry}
      >
        <span className="sr-only">Аккаунт </span>
        {phone}
      </Button>
      {open && (
        <ul
          id={menuId}
          className="absolute right-0 top-full z-40 mt-2 w-48 rounded-lg border border-line bg-surface py-1 shadow-lg"
        >
          {!isWorkAccount(user) && (
            <>
              <li>
                <a href="/profile/" className="block px-4 py-2 text-sm hover:bg-canvas">
                  Профиль
                </a>
              </li>
              <li>
                <a href="/profile/appointments" className="block px-4 py-2 text-sm hover:bg-canvas">
                  Мои записи
                </a>
              </li>
              <li>
                <a href="/favourites" className="block px-4 py-2 text-sm hover:bg-canvas">
                  Избранное
                </a>
              </li>
            </>
          )}
          {user.isStaff && <MenuLink href={STAFF_PAGES.reviews.path}>{STAFF_PAGES.reviews.title}</MenuLink>}
          {user.isStaff && <MenuLink href={STAFF_PAGES.profiles.path}>{STAFF_PAGES.profiles.title}</MenuLink>}
          {user.isStaff && <MenuLink href={STAFF_PAGES.search.path}>{STAFF_PAGES.search.title}</MenuLink>}
          {user.isStaff && <MenuLink href={STAFF_PAGES.plans.path}>{STAFF_PAGES.plans.title}</MenuLink>}
          {cabinetPagesFor(user).map((page) => (
            <MenuLink key={page.key} href={page.path}>
              {page.title}
            </MenuLink>
          ))}
          <li>
            <Button
              variant="bare"
              busy={out.busy || out.done}
              onClick={() => void signOut()}
              className="block w-full px-4 py-2 text-left text-sm hover:bg-canvas disabled:opacity-60"
            >
              Выйти
            </Button>
          </li>
        </ul>
      )}
    </div>
  );
}
