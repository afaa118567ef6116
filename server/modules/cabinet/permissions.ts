import type { FastifyInstance } from 'fastify';
import { BRANCH_TEXTS } from '../../../core/cabinet/branches';
import { NOTIFY_TEXTS } from '../../../core/cabinet/notifications';
import { PEOPLE_TEXTS } from '../../../core/cabinet/people';
import {
  type CabinetAction,
  type CabinetRole,
  cabinetRoleOf,
  can,
  PERMISSION_TEXTS,
  routeAction,
} from '../../../core/cabinet/permissions';
import { PRICE_TEXTS } from '../../../core/cabinet/prices';
import { SETTINGS_TEXTS } from '../../../core/cabinet/settings';
import { ACCESSIBILITY_TEXTS } from '../../../core/clinic/accessibility';
import { MIS_KEY_TEXTS } from '../../../core/mis/keys';
import { forbidden } from '../../http/errors';
import type { SessionViewer } from '../auth/viewer';

/** The work account's cabinet role from its session (none for a removed person). */
export function roleOf(viewer: SessionViewer): CabinetRole | null {
  if (viewer.role === 'doctor') return viewer.doctorId === null ? null : 'doctor';
  if (viewer.role === 'clinic') return viewer.clinicId === null ? null : cabinetRoleOf(viewer);
  return null;
}

/** Whether the signed-in person may take this action (for handlers that decide within a call). */
export function viewerCan(viewer: SessionViewer, action: Parameters<typeof can>[1]): boolean {
  return can(roleOf(viewer), action);
}

/**
 * What a doctor's account reads when refused a call about the clinic itself: the text its page
 * has always given ('… меняет клиника: войдите как клиника'); anyone else refused reads
 * PERMISSION_TEXTS.refused.
 */
const DOCTOR_REFUSALS: { readonly [A in CabinetAction]?: string } = {
  'clinic.page': ACCESSIBILITY_TEXTS.clinicOnly,
  prices: PRICE_TEXTS.clinicOnly,
  settings: SETTINGS_TEXTS.clinicOnly,
  notifications: NOTIFY_TEXTS.clinicOnly,
  'mis.keys': MIS_KEY_TEXTS.clinicOnly,
  branches: BRANCH_TEXTS.networkOnly,
  people: PEOPLE_TEXTS.clinicOnly,
};

/**
 * Every cabinet call's permission, in one place (core/cabinet/permissions.ts): an onRequest hook,
 * before the body is read, finds the route's action and refuses a doctor's or a clinic's login
 * whose role may not take it (403). A cabinet call missing from the table is refused to them all.
 * Anyone else (anonymous, a patient, staff) goes on to the handler, which answers them as before.
 */
export function registerCabinetPermissions(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    if (url === undefined) return;
    const action = routeAction(request.method, url);
    if (action === undefined) return;
    const viewer = await request.viewer();
    if (viewer.role !== 'clinic' && viewer.role !== 'doctor') return;
    if (action !== null && can(roleOf(viewer), action)) return;
    const text = action !== null && viewer.role === 'doctor' ? DOCTOR_REFUSALS[action] : undefined;
    throw forbidden(text ?? PERMISSION_TEXTS.refused);
  });
}
