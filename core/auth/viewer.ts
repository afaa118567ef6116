/**
 * Who is looking at the page (docs/product/sign-in.md): the server builds it from the session;
 * the browser receives it in the root loader's data and from pullAuth. Its shape is the
 * contract's `Viewer`.
 */
import type { Viewer } from './contracts';

export type { Viewer };

export const ANONYMOUS: Viewer = {
  isAnonymous: true,
  isRealPatient: false,
  isStaff: false,
  isDoctor: false,
  isLpu: false,
  userPhone: '',
  medtochkaUuid: null,
};

/** Staff, doctor and clinic accounts: patients' features answer them 'Недоступно для рабочих аккаунтов'. */
export function isWorkAccount(viewer: Viewer): boolean {
  return viewer.isStaff || viewer.isDoctor || viewer.isLpu;
}

/** Favourite state is fetched only for real patients and anonymous visitors. */
export function canUseFavourites(viewer: Viewer): boolean {
  return viewer.isAnonymous || viewer.isRealPatient;
}

export const WORK_ACCOUNT_TITLE = 'Недоступно для рабочих аккаунтов';

/** What the browser may see: the `Viewer` fields only, whatever else the server knows. */
export function publicViewer(viewer: Viewer): Viewer {
  return {
    isAnonymous: viewer.isAnonymous,
    isRealPatient: viewer.isRealPatient,
    isStaff: viewer.isStaff,
    isDoctor: viewer.isDoctor,
    isLpu: viewer.isLpu,
    userPhone: viewer.userPhone,
    medtochkaUuid: viewer.medtochkaUuid,
    ...(viewer.clinicRole !== undefined ? { clinicRole: viewer.clinicRole } : {}),
  };
}

/**
 * The phone must be confirmed again when the patient-app account behind the
 * session changed — the uuid from pullAuth differs from the one the page knew. Only a real
 * patient is checked.
 */
export function needsReconfirmation(known: Viewer, pulled: Viewer): boolean {
  if (!known.isRealPatient) return false;
  return pulled.medtochkaUuid !== known.medtochkaUuid;
}
