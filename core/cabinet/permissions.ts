/**
 * Who may do what in a clinic's cabinet (docs/product/roles.md, 'People of a clinic'): one table
 * of actions and the roles allowed each. The server checks every cabinet call against it (one
 * hook, server/modules/cabinet/permissions.ts) and the cabinet's menu hides the pages a role may
 * not open (core/cabinet/pages.ts).
 */

/** A person's role in a clinic: the clinic's logins are administrators or receptionists. */
export const CABINET_ROLES = ['administrator', 'receptionist', 'doctor'] as const;
export type CabinetRole = (typeof CABINET_ROLES)[number];

export const CABINET_ROLE_TITLES: Record<CabinetRole, string> = {
  administrator: 'Администратор',
  receptionist: 'Регистратор',
  doctor: 'Врач',
};

const ALL: readonly CabinetRole[] = ['administrator', 'receptionist', 'doctor'];
const DESK: readonly CabinetRole[] = ['administrator', 'receptionist'];
const ADMIN_AND_DOCTOR: readonly CabinetRole[] = ['administrator', 'doctor'];
const ADMIN: readonly CabinetRole[] = ['administrator'];

/**
 * The actions and who may take them. A doctor's calls stay his own (the handlers take his doctor
 * from the session); a receptionist runs the desk but not the clinic's page, prices, integration
 * keys, settings or people.
 */
export const CABINET_PERMISSIONS = {
  /** The reception list, the calendar, the schedule pages' reads. */
  'calendar.view': ALL,
  /** A visit's status: arrived, no-show, cancelled (a doctor: his own visits). */
  'visits.status': ALL,
  /** Booking a caller at the desk, moving and confirming visits. */
  'visits.desk': DESK,
  /** Booking over a taken time, with a reason. */
  'visits.overbook': ADMIN,
  /** Weekly hours, dated hours, days off, the online-booking switch. */
  'schedule.edit': ALL,
  /** Blocking a range of a doctor's times, and giving it back. */
  'schedule.block': DESK,
  /** Callback requests of the clinic's page. */
  callbacks: ALL,
  /** The patient card at the desk. */
  patients: DESK,
  /** Doctors' profiles (a doctor: his own), their documents. */
  profile: ADMIN_AND_DOCTOR,
  /** Reviews about the account, and replies to them. */
  reviews: ADMIN_AND_DOCTOR,
  /** The page's statistics. */
  effectiveness: ADMIN_AND_DOCTOR,
  /** The clinic's page: about, hours, rules, promotions, photos, licences, equipment, accessibility. */
  'clinic.page': ADMIN,
  /** Price lines, club participation and the doctors' visit prices. */
  prices: ADMIN,
  /** Reminder and booking settings. */
  settings: ADMIN,
  /** The contact for the site's bookings. */
  notifications: ADMIN,
  /** Keys of the clinic's software (MIS). */
  'mis.keys': ADMIN,
  /** The clinic's webhooks and their delivery log. */
  webhooks: ADMIN,
  /** The branches of a network account. */
  branches: ADMIN,
  /** The clinic's people: inviting, changing a role, removing. */
  people: ADMIN,
  /** The plan page ('Тариф'): the page's software version, what the next one adds. */
  'plan.view': ALL,
  /** Asking staff for a higher version: a clinic's administrator, a doctor for his own page. */
  'plan.request': ADMIN_AND_DOCTOR,
} as const satisfies Record<string, readonly CabinetRole[]>;
export type CabinetAction = keyof typeof CABINET_PERMISSIONS;

/** May this role take this action? No role (a removed person, a stranger) may take none. */
export function can(role: CabinetRole | null | undefined, action: CabinetAction): boolean {
  if (!role) return false;
  return (CABINET_PERMISSIONS[action] as readonly CabinetRole[]).includes(role);
}

/**
 * The work account's cabinet role: a doctor's account is a doctor; a clinic's login has the role
 * its membership gives it (none when removed). `clinicRole` absent (an older page's viewer) reads
 * as none.
 */
export function cabinetRoleOf(account: {
  isDoctor: boolean;
  isLpu: boolean;
  clinicRole?: CabinetRole | null;
}): CabinetRole | null {
  if (account.isDoctor) return 'doctor';
  if (account.isLpu && (account.clinicRole === 'administrator' || account.clinicRole === 'receptionist'))
    return account.clinicRole;
  return null;
}

const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * The calls' actions, by the route's path (Fastify's pattern) and whether it reads or writes.
 * The longest matching path decides; an entry without `write` takes `read` for both.
 */
const ROUTE_ACTIONS: readonly { path: string; read: CabinetAction; write?: CabinetAction; exact?: true }[] = [
  { path: '/cabinet/ajax/appointments/', read: 'calendar.view', write: 'visits.desk' },
  { path: '/cabinet/ajax/appointments/:id/status/', read: 'visits.status', exact: true },
  { path: '/cabinet/ajax/calendar/', read: 'calendar.view', write: 'visits.desk' },
  { path: '/cabinet/ajax/schedule/', read: 'calendar.view', write: 'schedule.edit' },
  { path: '/cabinet/ajax/schedule/blocks/', read: 'calendar.view', write: 'schedule.block' },
  { path: '/cabinet/ajax/callbacks/', read: 'callbacks' },
  { path: '/cabinet/ajax/patients/', read: 'patients' },
  { path: '/cabinet/ajax/profile/', read: 'profile' },
  { path: '/cabinet/ajax/effectiveness/', read: 'effectiveness' },
  { path: '/cabinet/ajax/clinic/', read: 'clinic.page' },
  { path: '/cabinet/ajax/prices/', read: 'prices' },
  { path: '/cabinet/ajax/doctor-prices/', read: 'prices' },
  { path: '/cabinet/ajax/settings/', read: 'settings' },
  { path: '/cabinet/ajax/notifications/', read: 'notifications' },
  { path: '/cabinet/ajax/mis-keys/', read: 'mis.keys' },
  { path: '/cabinet/ajax/webhooks/', read: 'webhooks' },
  { path: '/cabinet/ajax/branches/', read: 'branches' },
  { path: '/cabinet/ajax/people/', read: 'people' },
  { path: '/cabinet/ajax/plan/', read: 'plan.view', write: 'plan.request' },
  // Outside /cabinet/ajax/: the cabinet's reviews list and a work account's reply to a review.
  { path: '/api/cabinet/reviews/', read: 'reviews', exact: true },
  { path: '/api/reviews/:id/replies/', read: 'reviews', exact: true },
];

/** Paths every call under which is a cabinet call: one missing from the table is refused. */
export const CABINET_CALL_PREFIX = '/cabinet/ajax/';

/**
 * The action a call takes: by the longest path of the table that is the route's path or (unless
 * exact) a prefix of it. Undefined for a call that is not the cabinet's; null for a cabinet call
 * the table does not know (refused to every role: a new call must be added here).
 */
export function routeAction(method: string, path: string): CabinetAction | null | undefined {
  let best: (typeof ROUTE_ACTIONS)[number] | undefined;
  for (const entry of ROUTE_ACTIONS) {
    const matches = entry.exact ? path === entry.path : path.startsWith(entry.path);
    if (matches && (!best || entry.path.length > best.path.length)) best = entry;
  }
  if (!best) return path.startsWith(CABINET_CALL_PREFIX) ? null : undefined;
  return READ_METHODS.has(method.toUpperCase()) ? best.read : (best.write ?? best.read);
}

export const PERMISSION_TEXTS = {
  refused: 'Недостаточно прав: это может сделать администратор клиники',
} as const;
