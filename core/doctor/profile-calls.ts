import { defineCall } from '../http/call';
import type {
  CabinetProfile,
  ProfileChange,
  ProfileDecisionBody,
  ProfileQuery,
  ProfileSubmitBody,
  ProfileWithdrawBody,
  StaffProfiles,
  StaffProfilesQuery,
} from './profile-contracts';

/** The doctor's profile in the cabinet: public values, the pending change, the last decision. */
export const cabinetProfile = defineCall<{ query: ProfileQuery; reply: CabinetProfile }>()(
  'GET',
  '/cabinet/ajax/profile/',
);

/** Sends the form's fields for moderation (only the changed ones are kept); 201. */
export const cabinetSubmitProfile = defineCall<{ body: ProfileSubmitBody; reply: CabinetProfile }>()(
  'POST',
  '/cabinet/ajax/profile/',
);

/** A new photo (multipart: `photo`, and `doctor_id` for a clinic), re-encoded, sent for moderation; 201. */
export const cabinetUploadPhoto = defineCall<{ body: FormData; reply: CabinetProfile }>()(
  'POST',
  '/cabinet/ajax/profile/photo/',
);

/** Withdraws the pending change (kept as 'withdrawn'). */
export const cabinetWithdrawProfile = defineCall<{ body: ProfileWithdrawBody; reply: CabinetProfile }>()(
  'POST',
  '/cabinet/ajax/profile/withdraw/',
);

/** A pending (not yet public) photo: the doctor, his clinics and staff only. */
export const profileChangePhoto = defineCall<{ params: { id: number }; reply: Blob }>()(
  'GET',
  '/cabinet/ajax/profile/changes/:id/photo/',
);

/** The staff's queue of profile changes: pending (oldest first) or decided (newest first). */
export const staffProfiles = defineCall<{ query: StaffProfilesQuery; reply: StaffProfiles }>()(
  'GET',
  '/api/staff/profiles/',
);

/** Approves (applies to the public page) or rejects with a reason; 409 when already decided. */
export const staffDecideProfile = defineCall<{
  params: { id: number };
  body: ProfileDecisionBody;
  reply: ProfileChange;
}>()('POST', '/api/staff/profiles/:id/decision/');

/** An approved photo, by its content hash: public, cached for a year. */
export const DOCTOR_PHOTO_PATH = '/media/doctors/:name';
export const doctorPhotoUrl = (hash: string) => `/media/doctors/${hash}.webp`;
