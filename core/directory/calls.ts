import { defineCall } from '../http/call';
import type {
  ClinicSpecialities,
  ClinicSpecialitiesBody,
  DoctorListQuery,
  DoctorListReply,
} from './contracts';

/** The doctor list as JSON: the same data the list page renders, for the apps and widgets. */
export const doctorList = defineCall<{ query: DoctorListQuery; reply: DoctorListReply }>()(
  'GET',
  '/api/doctors/',
);

/** The specialities of the doctors working at each of the given clinics. */
export const clinicSpecialities = defineCall<{ body: ClinicSpecialitiesBody; reply: ClinicSpecialities }>()(
  'POST',
  '/ajax/lpus/specialities/',
);
