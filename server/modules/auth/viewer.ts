import type { FastifyRequest } from 'fastify';
import { ANONYMOUS, type Viewer } from '../../../core/auth/viewer';
import type { UserRole } from '../../db/schema/auth';

/** The viewer as the server knows it: the browser's `Viewer` plus the account behind it. */
export interface SessionViewer extends Viewer {
  userId: number | null;
  role: UserRole | null;
  /**
   * The work account's doctor or clinic. For a clinic network's account, the branch its session
   * runs now (docs/product/cabinet.md, 'Branches of a network'), so every cabinet call acts for it.
   */
  doctorId: number | null;
  clinicId: number | null;
  /** A clinic network's account: its network (it may switch branches). Absent or null otherwise. */
  networkId?: number | null;
}

export const ANONYMOUS_VIEWER: SessionViewer = {
  ...ANONYMOUS,
  userId: null,
  role: null,
  doctorId: null,
  clinicId: null,
  networkId: null,
};

export interface UserRow {
  id: number;
  phone: string | null;
  role: UserRole;
  isRealPatient: boolean;
  medtochkaUuid: string;
  doctorId: number | null;
  /** The session's branch for a network account (its own clinic unless it chose another). */
  clinicId: number | null;
  networkId: number | null;
  /** The account's live membership of its clinic (clinic_members), if any. */
  clinicRole?: 'administrator' | 'receptionist' | 'doctor' | null;
}

export function viewerOf(user: UserRow): SessionViewer {
  return {
    isAnonymous: false,
    isRealPatient: user.role === 'patient' && user.isRealPatient,
    isStaff: user.role === 'staff',
    isDoctor: user.role === 'doctor',
    isLpu: user.role === 'clinic',
    userPhone: user.phone ?? '',
    medtochkaUuid: user.medtochkaUuid,
    userId: user.id,
    role: user.role,
    doctorId: user.doctorId,
    clinicId: user.clinicId,
    networkId: user.role === 'clinic' ? user.networkId : null,
    // A clinic's login names its role (null once removed); every other viewer's shape stays.
    ...(user.role === 'clinic' ? { clinicRole: user.clinicRole ?? null } : {}),
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in account, read from the session on first use and memoised per request. */
    viewer(): Promise<SessionViewer>;
  }
}

export type ViewerLoader = (request: FastifyRequest) => Promise<SessionViewer>;
