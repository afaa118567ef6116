import type { FastifyRequest } from 'fastify';
import { ANONYMOUS, type Viewer } from '../../../core/auth/viewer';
import type { UserRole } from '../../db/schema/auth';

/** The viewer as the server knows it: the browser's `Viewer` plus the account behind it. */
export interface SessionViewer extends Viewer {
  userId: number | null;
  role: UserRole | null;
  /** The work account's doctor or clinic. */
  doctorId: number | null;
  clinicId: number | null;
}

export const ANONYMOUS_VIEWER: SessionViewer = {
  ...ANONYMOUS,
  userId: null,
  role: null,
  doctorId: null,
  clinicId: null,
};

export interface UserRow {
  id: number;
  phone: string | null;
  role: UserRole;
  isRealPatient: boolean;
  medtochkaUuid: string;
  doctorId: number | null;
  clinicId: number | null;
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
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in account, read from the session on first use and memoised per request. */
    viewer(): Promise<SessionViewer>;
  }
}

export type ViewerLoader = (request: FastifyRequest) => Promise<SessionViewer>;
