/**
 * 'tiny' exists for unit tests only; `npm run seed` and the server offer small and large, and
 * `npm run seed -- --size xl` loads Russia's scale for the benchmark (every region's centre).
 */
export type SeedSize = 'tiny' | 'small' | 'large' | 'xl';

export interface SizePlan {
  clinics: number;
  doctors: number;
  /** Reviews in total (doctor and clinic reviews together). */
  reviews: number;
  /** Minimum clinics and doctors per town, so that the smallest town still has a real list. */
  minClinicsPerTown: number;
  minDoctorsPerTown: number;
  /** Share of doctors whose next two weeks get booked appointments (the slowest table to load). */
  appointmentDoctorShare: number;
  /** Patient accounts per review. */
  usersPerReview: number;
  /** Doctor and clinic cabinet accounts (the first doctors and clinics of the data set). */
  doctorAccounts: number;
  clinicAccounts: number;
  batchSize: number;
  /**
   * Also the administrative centres of the other regions (data/towns-xl.json) after the 16
   * towns of data/towns.json. Off for tiny, small and large, whose data stays as it was.
   */
  allRegions: boolean;
}

export const SIZES: Record<SeedSize, SizePlan> = {
  tiny: {
    clinics: 40,
    doctors: 200,
    reviews: 1_500,
    minClinicsPerTown: 2,
    minDoctorsPerTown: 6,
    appointmentDoctorShare: 0.5,
    usersPerReview: 1 / 3,
    doctorAccounts: 3,
    clinicAccounts: 3,
    batchSize: 5_000,
    allRegions: false,
  },
  small: {
    clinics: 320,
    doctors: 3_200,
    reviews: 32_000,
    minClinicsPerTown: 6,
    minDoctorsPerTown: 40,
    appointmentDoctorShare: 0.35,
    usersPerReview: 1 / 3,
    doctorAccounts: 10,
    clinicAccounts: 10,
    batchSize: 10_000,
    allRegions: false,
  },
  large: {
    // Enough Moscow doctors that the biggest speciality list reaches page 200 (≥ 4,000 doctors).
    clinics: 24_000,
    doctors: 120_000,
    reviews: 1_200_000,
    minClinicsPerTown: 300,
    minDoctorsPerTown: 1_500,
    appointmentDoctorShare: 0.1,
    usersPerReview: 1 / 3,
    doctorAccounts: 50,
    clinicAccounts: 50,
    batchSize: 10_000,
    allRegions: false,
  },
  xl: {
    // Russia's scale (issue 49): 83 towns, one per region's centre; Moscow alone gets ~100,000
    // doctors. The minimums keep the smallest centre (Magas, Anadyr) a real list of its own.
    clinics: 100_000,
    doctors: 600_000,
    reviews: 6_000_000,
    minClinicsPerTown: 250,
    minDoctorsPerTown: 1_500,
    appointmentDoctorShare: 0.04,
    usersPerReview: 1 / 3,
    doctorAccounts: 50,
    clinicAccounts: 50,
    batchSize: 20_000,
    allRegions: true,
  },
};
