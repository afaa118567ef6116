import { useNavigate } from 'react-router';
import type { ClinicDoctorCard, ClinicDoctorFilterOptions } from '../../../core/clinic/contracts';
import { doctorFiltersToParams, NO_DOCTOR_FILTERS } from '../../../core/clinic/doctor-filters';
import { plural, WORDS } from '../../../core/text/plural';
import { ClinicDoctorCardItem } from './doctors-card';
import { DoctorsFilters } from './doctors-filters';

/**
 * The doctors block of the main clinic page: the best rated doctors and the doctors page's
 * filters; a filter change goes to the doctors page with the filters in the hash.
 */
export function ClinicDoctorsBlock({
  doctorsUrl,
  doctors,
  total,
  options,
  tz,
}: {
  /** The clinic's '…/vrachi/' page. */
  doctorsUrl: string;
  /** The clinic town's zone. */
  tz: string;
  doctors: ClinicDoctorCard[];
  total: number;
  options: ClinicDoctorFilterOptions;
}) {
  const navigate = useNavigate();
  if (total === 0) return null;
  return (
    <section aria-labelledby="doctors-h" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="doctors-h" className="text-xl font-semibold">
          Врачи клиники
        </h2>
        <a href={doctorsUrl} className="text-brand hover:underline">
          Все врачи ({plural(total, WORDS.doctor)})
        </a>
      </div>
      <div className="card p-4 sm:p-5">
        <DoctorsFilters
          options={options}
          filters={NO_DOCTOR_FILTERS}
          onChange={(next) => navigate(`${doctorsUrl}#${doctorFiltersToParams(next)}`)}
        />
      </div>
      <ul className="flex flex-col gap-4">
        {doctors.map((d) => (
          <ClinicDoctorCardItem key={d.id} doctor={d} tz={tz} source="clinic_page" />
        ))}
      </ul>
    </section>
  );
}
