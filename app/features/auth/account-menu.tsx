import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { maskPhoneForDisplay } from '../../../core/auth/phone-display';
import { Button } from '../../components/ui/button';
import { late } from '../../lib/late';
import { useHydrated } from '../../lib/use-hydrated';
import { Reconfirmation } from './reconfirmation';
import { useRootAuth } from './use-root-auth';

/**
 * The open menu's list: loaded when the page is idle for a signed-in account, and at the latest as
 * the pointer nears the button, on focus, or on the press.
 */
const MenuList = late(() => import('./account-menu-list').then((m) => m.AccountMenuList), { boundary: true });
export const preloadAccountMenu = () => MenuList.preload().catch(() => {});

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

  // A signed-in account may open the menu any moment (a phone has no hover to warn of it): its
  // list is fetched when the browser has nothing else to do, off the first load.
  useEffect(() => {
    if (user.isAnonymous) return;
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1500));
    idle(() => void preloadAccountMenu());
  }, [user.isAnonymous]);

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

  const phone = maskPhoneForDisplay(user.userPhone) || 'Аккаунт';
  return (
    <div ref={root} className="relative">
      <Reconfirmation user={user} />
      <Button
        variant="bare"
        aria-expanded={open}
        aria-controls={menuId}
        onPointerEnter={preloadAccountMenu}
        onFocus={preloadAccountMenu}
        onClick={() => {
          void preloadAccountMenu();
          setOpen((v) => !v);
        }}
        className={entry}
      >
        <span className="sr-only">Аккаунт </span>
        {phone}
      </Button>
      {open && <MenuList user={user} menuId={menuId} />}
    </div>
  );
}
