import type { ClinicDoctorCard } from '../../../core/clinic/contracts';
import { DoctorCard } from '../directory/doctor-card';
import { VISIT_LABELS } from '../directory/price-chips';
import { FavouriteButton } from '../favourites/favourite-button';
import { ScheduleSlot } from '../schedule/schedule-slot';

/**
 * A doctor card of a clinic's doctor list with the card's data attributes: spec,
 * gender, experience, na-dom, doctor-id (section 3 'Doctor filter options').
 */
export function ClinicDoctorCardItem({
  doctor,
  tz,
  source,
}: {
  doctor: ClinicDoctorCard;
  /** The clinic town's zone, for the booking calendar's days. */
  tz: string;
  source: 'clinic_doctors' | 'clinic_page';
}) {
  // On a clinic's pages the card's workplace is that clinic.
  const place = doctor.workplaces[0];
  return (
    <li
      data-doctor-id={doctor.id}
      data-spec={doctor.specialities.map((s) => s.id).join(',')}
      data-gender={doctor.gender}
      data-experience={doctor.experienceYears}
      data-na-dom={doctor.homeVisit}
    >
      <DoctorCard
        doctor={doctor}
        favourite={<FavouriteButton type="doctors" id={doctor.id} />}
        schedule={
          place &&
          ((type) => (
            <ScheduleSlot
              doctorId={doctor.id}
              lpuId={place.clinicId}
              tz={tz}
              search=""
              source={source}
              type={type}
            />
          ))
        }
      />
      {doctor.service_types && doctor.workplaces_by_clinic && (
        <dl
          className="card mt-1 grid gap-x-4 gap-y-1 p-4 text-sm sm:grid-cols-[max-content_1fr]"
          aria-label="Для сотрудников"
        >
          <dt className="font-medium">Виды приёма</dt>
          <dd>{doctor.service_types.map((t) => VISIT_LABELS[t]).join(', ') || '—'}</dd>
          <dt className="font-medium">Места работы</dt>
          <dd>
            <ul>
              {doctor.workplaces_by_clinic.map(([clinic, places]) => (
                <li key={clinic}>
                  {clinic}: {places.join('; ')}
                </li>
              ))}
            </ul>
          </dd>
        </dl>
      )}
    </li>
  );
}
