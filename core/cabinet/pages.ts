import { type CabinetAction, type CabinetRole, cabinetRoleOf, can } from './permissions';

/**
 * The cabinet's pages (and staff's): their paths and the names the account menu gives them. The
 * menu sits in the header of every public page, so these live apart from the pages' own texts and
 * rules: a patient's first load carries a dozen words, not the cabinet's forms.
 */
export const CABINET_PAGES = {
  appointments: { path: '/cabinet/appointments/', title: 'Записи на приём' },
  calendar: { path: '/cabinet/calendar/', title: 'Календарь' },
  callbacks: { path: '/cabinet/callbacks/', title: 'Обратные звонки' },
  schedule: { path: '/cabinet/schedule/', title: 'Расписание' },
  clinic: { path: '/cabinet/clinic/', title: 'Страница клиники' },
  prices: { path: '/cabinet/prices/', title: 'Цены и услуги' },
  integration: { path: '/cabinet/integration/', title: 'Интеграция с МИС' },
  effectiveness: { path: '/cabinet/effectiveness/', title: 'Эффективность страницы' },
  profile: { path: '/cabinet/profile/', title: 'Мой профиль', clinicTitle: 'Профили врачей' },
  reviews: { path: '/cabinet/reviews/', title: 'Отзывы обо мне', clinicTitle: 'Отзывы о клинике' },
  people: { path: '/cabinet/people/', title: 'Сотрудники' },
  plan: { path: '/cabinet/plan/', title: 'Тариф' },
} as const;
export type CabinetPageKey = keyof typeof CABINET_PAGES;

export const STAFF_PAGES = {
  reviews: { path: '/staff/reviews/', title: 'Модерация отзывов' },
  profiles: { path: '/staff/profiles/', title: 'Модерация профилей' },
  search: { path: '/staff/search/', title: 'Поиск без результатов' },
  plans: { path: '/staff/plans/', title: 'Тарифы' },
} as const;

/** The cabinet's pages in the menu's order (the header's account menu and every cabinet page's links). */
const CABINET_ORDER: readonly CabinetPageKey[] = [
  'appointments',
  'calendar',
  'callbacks',
  'schedule',
  'clinic',
  'prices',
  'integration',
  'effectiveness',
  'profile',
  'reviews',
  'people',
  'plan',
];

/**
 * What a page needs its viewer's role to allow (core/cabinet/permissions.ts): a page a role is
 * refused is never shown it as a link. A page not named needs the calendar only.
 */
const PAGE_ACTIONS: { readonly [K in CabinetPageKey]?: CabinetAction } = {
  callbacks: 'callbacks',
  clinic: 'clinic.page',
  prices: 'prices',
  integration: 'mis.keys',
  effectiveness: 'effectiveness',
  profile: 'profile',
  reviews: 'reviews',
  people: 'people',
  plan: 'plan.view',
};

/** Which kind of work account looks at the cabinet, and a clinic login's role. */
export interface CabinetAccount {
  isDoctor: boolean;
  isLpu: boolean;
  /**
   * A clinic login's role (null: removed, nothing to open). Absent, a clinic's viewer reads as
   * its administrator: the menu only hides links, the server refuses what a role may not do.
   */
  clinicRole?: CabinetRole | null;
}

/** The account's role for its menu. */
function menuRole(account: CabinetAccount): CabinetRole | null {
  if (account.isLpu && account.clinicRole === undefined) return 'administrator';
  return cabinetRoleOf(account);
}

/** A cabinet page's name for this account: a clinic's profile page edits its doctors' profiles. */
export function cabinetTitle(key: CabinetPageKey, account: CabinetAccount): string {
  const page: { title: string; clinicTitle?: string } = CABINET_PAGES[key];
  return account.isLpu && page.clinicTitle ? page.clinicTitle : page.title;
}

/**
 * The cabinet's pages this account may open, in menu order and named for it: one list for the
 * header's menu and the cabinet's own links, so their names never disagree. None for an account
 * that is neither a doctor nor a clinic's member.
 */
export function cabinetPagesFor(
  account: CabinetAccount,
): { key: CabinetPageKey; path: string; title: string }[] {
  const role = menuRole(account);
  if (!role) return [];
  return CABINET_ORDER.filter((key) => can(role, PAGE_ACTIONS[key] ?? 'calendar.view')).map((key) => ({
    key,
    path: CABINET_PAGES[key].path,
    title: cabinetTitle(key, account),
  }));
}

/**
 * Whether a clinic's login is refused a cabinet page by its role (a receptionist opening the
 * prices, the clinic page, the MIS keys…): the page's loader refuses it as the calls behind it
 * do, rather than reading what the role may not see. Doctors' accounts and others are the
 * pages' own business.
 */
export function clinicRoleRefuses(key: CabinetPageKey, account: CabinetAccount): boolean {
  if (!account.isLpu) return false;
  const role = menuRole(account);
  return !role || !can(role, PAGE_ACTIONS[key] ?? 'calendar.view');
}

/**
 * Where a sign-in goes when the page it came from asked for none (`next` is the home page): a
 * doctor or a clinic to the cabinet's first page, staff to the reviews queue; a patient to `next`.
 * The patients' home page has nothing for a work account to do.
 */
export function landingAfterSignIn(account: CabinetAccount & { isStaff: boolean }, next: string): string {
  if (next !== '/') return next;
  if (account.isDoctor || account.isLpu) return CABINET_PAGES.appointments.path;
  if (account.isStaff) return STAFF_PAGES.reviews.path;
  return next;
}
