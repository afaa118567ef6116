/**
 * Who is looking at the page: the spec's global `User` (section 3). The server builds it from
 * the session; the browser receives it in the root loader's data and from pullAuth.
 */
export interface Viewer {
  isAnonymous: boolean;
  /** A patient who confirmed a phone. */
  isRealPatient: boolean;
  isStaff: boolean;
  /** A doctor's work account. */
  isDoctor: boolean;
  /** A clinic's work account. */
  isLpu: boolean;
  /** Digits with the country code, e.g. '79001234567'; empty for anonymous visitors. */
  userPhone: string;
  /** The patient-app account id; a change means the phone must be confirmed again. */
  medtochkaUuid: string | null;
}

export const ANONYMOUS: Viewer = {
  isAnonymous: true,
  isRealPatient: false,
  isStaff: false,
  isDoctor: false,
  isLpu: false,
  userPhone: '',
  medtochkaUuid: null,
};

/** Staff, doctor and clinic accounts (spec section 6: 'Недоступно для рабочих аккаунтов'). */
export function isWorkAccount(viewer: Viewer): boolean {
  return viewer.isStaff || viewer.isDoctor || viewer.isLpu;
}

/** Spec section 6: favourite state is fetched only for real patients and anonymous visitors. */
export function canUseFavourites(viewer: Viewer): boolean {
  return viewer.isAnonymous || viewer.isRealPatient;
}

export const WORK_ACCOUNT_TITLE = 'Недоступно для рабочих аккаунтов';

/** What the browser may see: the spec's `User` fields only, whatever else the server knows. */
export function publicViewer(viewer: Viewer): Viewer {
  return {
    isAnonymous: viewer.isAnonymous,
    isRealPatient: viewer.isRealPatient,
    isStaff: viewer.isStaff,
    isDoctor: viewer.isDoctor,
    isLpu: viewer.isLpu,
    userPhone: viewer.userPhone,
    medtochkaUuid: viewer.medtochkaUuid,
  };
}

/**
 * Spec section 4: the phone must be confirmed again when the patient-app account behind the
 * session changed — the uuid from pullAuth differs from the one the page knew. Only a real
 * patient is checked.
 */
export function needsReconfirmation(known: Viewer, pulled: Viewer): boolean {
  if (!known.isRealPatient) return false;
  return pulled.medtochkaUuid !== known.medtochkaUuid;
}
