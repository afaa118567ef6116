import type { ReactNode } from 'react';
import { logout } from '../../../core/auth/calls';
import { isWorkAccount, type Viewer } from '../../../core/auth/viewer';
import { cabinetPagesFor, STAFF_PAGES } from '../../../core/cabinet/pages';
import { Button } from '../../components/ui/button';
import { showSnackbar } from '../../components/ui/snackbar';
import { useCall } from '../../lib/use-call';

function MenuLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <li>
      <a href={href} className="block px-4 py-2 text-sm hover:bg-canvas">
        {children}
      </a>
    </li>
  );
}

/**
 * The account menu's open list (AccountMenu): its own chunk, loaded when the menu is about to
 * open, as no page shows it before a press (the cabinet's and staff pages' names stay off the
 * first load).
 */
export function AccountMenuList({ user, menuId }: { user: Viewer; menuId: string }) {
  const out = useCall(logout);

  async function signOut() {
    const outcome = await out.run({});
    // Signed out: the page is read again as a visitor's (the button stays busy meanwhile).
    if (outcome.ok) window.location.reload();
    else if (outcome.error !== null)
      showSnackbar({ text: 'Не получилось выйти. Проверьте соединение и попробуйте снова.' });
  }

  return (
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
  );
}
