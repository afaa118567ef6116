import { PROFILE_TEXTS } from '../../../core/doctor/profile-edit';
import { badRequest, forbidden, notFound, unauthorized } from '../../http/errors';
import type { SessionViewer } from '../auth/viewer';
import type { DoctorRef, ProfileRepo } from './profile-repo';

// Who may do what with a doctor's profile and documents (profile-edit.ts, documents.ts): the
// doctor himself, his clinics, staff.

/** A page of the staff's queues (profile changes, documents). */
export const STAFF_PAGE_SIZE = 20;

/**
 * The doctor the viewer may edit (his profile, his documents): himself (a doctor), or one of its
 * doctors (a clinic; another clinic's doctor is a 404). Patients and staff: 403; nobody: 401.
 */
export async function editableDoctor(
  repo: ProfileRepo,
  viewer: SessionViewer,
  asked: number | undefined,
  pickFirst = false,
): Promise<{ doctor: DoctorRef; userId: number; doctors: { id: number; name: string }[] }> {
  if (viewer.userId === null) throw unauthorized(PROFILE_TEXTS.signIn);
  if (viewer.role === 'doctor' && viewer.doctorId !== null) {
    if (asked !== undefined && asked !== viewer.doctorId) throw notFound(PROFILE_TEXTS.noDoctor);
    const doctor = await repo.doctor(viewer.doctorId);
    if (!doctor) throw notFound(PROFILE_TEXTS.noDoctor);
    return { doctor, userId: viewer.userId, doctors: [] };
  }
  if (viewer.role === 'clinic' && viewer.clinicId !== null) {
    const list = await repo.clinicDoctors(viewer.clinicId);
    const id = asked ?? (pickFirst ? list[0]?.id : undefined);
    if (id === undefined) throw badRequest(PROFILE_TEXTS.pickDoctor);
    if (!list.some((d) => d.id === id)) throw notFound(PROFILE_TEXTS.noDoctor);
    const doctor = await repo.doctor(id);
    if (!doctor) throw notFound(PROFILE_TEXTS.noDoctor);
    return { doctor, userId: viewer.userId, doctors: list };
  }
  throw forbidden(PROFILE_TEXTS.doctorsOnly);
}

/** Staff only: the staff member's user id. */
export function requireStaff(viewer: SessionViewer): number {
  if (viewer.userId === null) throw unauthorized(PROFILE_TEXTS.staffOnly);
  if (!viewer.isStaff) throw forbidden(PROFILE_TEXTS.staffOnly);
  return viewer.userId;
}

/** Whether the viewer may see the doctor's private files: himself, one of his clinics, staff. */
export async function seesDoctorsFiles(repo: ProfileRepo, viewer: SessionViewer, doctorId: number) {
  return (
    viewer.isStaff ||
    (viewer.role === 'doctor' && viewer.doctorId === doctorId) ||
    (viewer.role === 'clinic' && viewer.clinicId !== null && (await repo.worksAt(doctorId, viewer.clinicId)))
  );
}
