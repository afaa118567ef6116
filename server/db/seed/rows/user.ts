import type { UserRole, users } from '../../schema/auth';
import type { Row } from '../bulk';
import type { Rng } from '../rng';

/** Fixed demo accounts: sign in with these phones (codes appear in the dev outbox). */
export const STAFF_PHONE = '79990000001';
export const DOCTOR_PHONE_BASE = 79990001001;
export const CLINIC_PHONE_BASE = 79990002001;
/** The clinic network accounts ('79990003001'…): one for the data set's first network, on its first branch. */
export const NETWORK_PHONE_BASE = 79990003001;
/** The first demo clinic's receptionist (docs/product/roles.md): the desk, not prices or people. */
export const RECEPTIONIST_PHONE = '79990004001';
/**
 * The software versions of the demo cabinet accounts' pages, in account order: the first doctor
 * and the first clinic see their page effectiveness, the second ones see what Стандарт would give;
 * the fourth and fifth (in the small and large data sets, which no e2e scenario signs in as) make
 * every level a demo account, Ультима included: doctor 79990001005 shows his own phone, clinic
 * 79990002005 no ads.
 */
export const DOCTOR_ACCOUNT_VERSIONS = ['STANDARD', 'LIGHT', null, 'PRO', 'ULTIMA'] as const;
export const CLINIC_ACCOUNT_VERSIONS = ['PRO', 'LIGHT', null, 'STANDARD', 'ULTIMA'] as const;

/** Patients' phones '79010000000'…'79899999999': distinct for every index, never a demo account. */
const PATIENT_SPAN = 880_000_000;
const PATIENT_STEP = 7_919_111; // coprime with the span, so index → phone is one-to-one

export function patientPhone(index: number): string {
  const n = 10_000_000 + ((index * PATIENT_STEP) % PATIENT_SPAN);
  return `79${String(n).padStart(9, '0')}`;
}

/** A version-4-shaped uuid from the rng (the column default would be random, breaking determinism). */
export function seededUuid(rng: Rng): string {
  const hex = Array.from({ length: 32 }, () => rng.int(0, 15).toString(16));
  hex[12] = '4';
  hex[16] = ((rng.int(0, 15) & 0x3) | 0x8).toString(16);
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

export interface UserRowInput {
  id: number;
  phone: string;
  role: UserRole;
  name: { firstName: string; lastName: string; patronymic: string | null };
  doctorId?: number | null;
  clinicId?: number | null;
  networkId?: number | null;
  createdAt: Date;
  email?: string | null;
}

export function userRow(rng: Rng, input: UserRowInput): Row<typeof users> {
  const patient = input.role === 'patient';
  return {
    id: input.id,
    phone: input.phone,
    role: input.role,
    doctorId: input.doctorId ?? null,
    clinicId: input.clinicId ?? null,
    networkId: input.networkId ?? null,
    firstName: input.name.firstName,
    lastName: input.name.lastName,
    patronymic: input.name.patronymic,
    birthDate: patient && rng.chance(0.4) ? birthDate(rng) : null,
    email: input.email ?? null,
    isRealPatient: patient && rng.chance(0.9),
    medtochkaUuid: seededUuid(rng),
    deletingSince: null,
    erasedAt: null,
    notifyEmail: false,
    createdAt: input.createdAt,
  };
}

function birthDate(rng: Rng): string {
  return `${rng.int(1948, 2006)}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`;
}
