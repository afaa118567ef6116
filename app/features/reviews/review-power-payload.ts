import { reviewFormUrl } from '../../../core/reviews/urls';

/** The review-power dialog's payload: where the patient can review the doctor and the clinic. */
export interface ReviewPowerPayload {
  doctorReviewUrl: string | null;
  lpuReviewUrl: string | null;
  lpuList: { name: string; address: string; reviewUrl: string; doctorPrsLandingUrl: string | null }[];
}

/** A past visit as the 'Мои записи' page lists it: a doctor's visit, or a clinic's service. */
export interface ReviewableVisit {
  id: number;
  doctorId: number | null;
  clinicId: number;
}

/** The payload for one visit: the doctor's review form (when a doctor saw the patient) and the clinic's. */
export function visitReviewPayload(visit: ReviewableVisit): ReviewPowerPayload {
  return {
    doctorReviewUrl: visit.doctorId === null ? null : reviewFormUrl('doctor', visit.doctorId),
    lpuReviewUrl: reviewFormUrl('lpu', visit.clinicId),
    lpuList: [],
  };
}

/**
 * From a doctor's page: the doctor's form, and the clinic's when the doctor works in one, or
 * the list of the clinics (name, address) to choose from when in several.
 */
export function doctorReviewPayload(doctor: {
  id: number;
  workplaces: { clinicId: number; clinicName: string; address: string }[];
}): ReviewPowerPayload {
  const clinics = [...new Map(doctor.workplaces.map((w) => [w.clinicId, w])).values()];
  return {
    doctorReviewUrl: reviewFormUrl('doctor', doctor.id),
    lpuReviewUrl: clinics.length === 1 ? reviewFormUrl('lpu', clinics[0].clinicId) : null,
    lpuList:
      clinics.length > 1
        ? clinics.map((c) => ({
            name: c.clinicName,
            address: c.address,
            reviewUrl: reviewFormUrl('lpu', c.clinicId),
            doctorPrsLandingUrl: null,
          }))
        : [],
  };
}
