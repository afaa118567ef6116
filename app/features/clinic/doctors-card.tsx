import type { ClinicDoctorCard } from '../../../server/modules/clinic/clinic-doctors-service';
import { DoctorCard } from '../directory/doctor-card';

/**
 * A doctor card of a clinic's doctor list with the spec's card data attributes: spec,
 * gender, experience, na-dom, doctor-id (section 3 'Doctor filter options').
 */
export function ClinicDoctorCardItem({ doctor }: { doctor: ClinicDoctorCard }) {
  return (
    <li
      data-doctor-id={doctor.id}
      data-spec={doctor.specialities.map((s) => s.id).join(',')}
      data-gender={doctor.gender}
      data-experience={doctor.experienceYears}
      data-na-dom={doctor.homeVisit}
    >
      <DoctorCard doctor={doctor} />
    </li>
  );
}
