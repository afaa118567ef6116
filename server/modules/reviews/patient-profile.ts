import { patientTrust, type Trust } from '../../../core/reviews/trust';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { patientFacts } from './patient-profile-repo';

/**
 * The patient profile call (spec section 7: GET /api/rates/patient_profile/?patient_id=&
 * patient_mobile_id=): how far a review's author can be trusted, and what they have written and
 * booked. Public — the reviews page opens it from any author — so it never carries the phone or
 * the name, only counts and the criteria of core/reviews/trust.ts.
 *
 * The mobile app signs patients in with the same phone sign-in, so its patient id is the same
 * account id: `patient_mobile_id` is looked up like `patient_id` (which wins when both are given).
 */

export interface PatientProfile extends Trust {
  count_rates_positive: number;
  count_rates_negative: number;
  /** Reviews deleted by moderation. */
  count_rates_canceled: number;
  /** Shown reviews without a single rated criterion. */
  count_rates_without_mark: number;
  count_appointments: number;
}

export function createPatientProfileService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    /** The profile of a patient account, or null when there is no such patient. */
    async profile(userId: number): Promise<PatientProfile | null> {
      const facts = await patientFacts(db, userId);
      if (!facts) return null;
      const trust = patientTrust(
        {
          phoneConfirmed: facts.phoneConfirmed,
          createdAt: facts.createdAt,
          appointments: facts.appointments,
          deletedReviews: facts.deleted,
        },
        clock.now(),
      );
      return {
        ...trust,
        count_rates_positive: facts.positive,
        count_rates_negative: facts.negative,
        count_rates_canceled: facts.deleted,
        count_rates_without_mark: facts.withoutMark,
        count_appointments: facts.appointments,
      };
    },
  };
}

export type PatientProfileService = ReturnType<typeof createPatientProfileService>;
