import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { BulkSession } from './bulk';
import type { Town } from './generate/data';
import { createRng, hashSeed, type Rng } from './rng';
import type { SizePlan } from './sizes';
import type { ClinicKind } from './texts/clinic-texts';

export interface TownInfo {
  id: number;
  slug: string;
  name: string;
  region: string;
  regionCode: string;
  tz: string;
  lat: number;
  lon: number;
  phoneCode: string;
  priceFactor: number;
  radiusKm: number;
  weight: number;
  /** Today in the town's zone, 'yyyy-MM-dd', and its ISO weekday. */
  today: string;
  todayWeekday: number;
  /** Raw curated record, handed to the address and phone generators. */
  data: TownData;
  districtIds: Map<string, number>;
  metroIds: Map<string, number>;
}

/** The curated town record (towns.json), as the address and phone generators take it. */
export type TownData = Town;

export interface SpecialityInfo {
  id: number;
  translit: string;
  name: string;
  group: string;
  children: boolean;
  homeVisit: boolean;
  online: boolean;
  staffAppointmentType: boolean;
  weight: number;
  /** Treatments of the speciality in the genitive ('гайморита'), for texts. */
  treatments: string[];
}

export interface ServiceInfo {
  id: number;
  classId: number;
  classTranslit: string;
  kind: 'service' | 'diagnostics' | 'analysis';
  name: string;
  priceMin: number;
  priceMax: number;
  duration: number;
  /** Index into ctx.specialities, or -1 when any doctor may perform it. */
  speciality: number;
  requiresPrimaryConsultation: boolean;
  /** The doctor's visit this service is (ADR 039), or null. */
  visitType: 'clinic' | 'home' | 'telemed' | null;
}

export interface ClinicInfo {
  id: number;
  townIndex: number;
  /** The clinic network it is a branch of, or null. */
  networkId: number | null;
  kind: ClinicKind;
  /** Its district's id (districts.id), or null where the town lists none. */
  districtId: number | null;
  clubEnabled: boolean;
  clubDiscountPercent: number;
  /** Relative size: how many doctors it attracts. */
  size: number;
  /** Opening hours per ISO weekday (index 0 = Monday), minutes from midnight; null = closed. */
  hours: ([number, number] | null)[];
  /** Holiday dates with special hours: no appointments are booked on them. */
  holidays: Set<string>;
  /** Doctors working here: [doctorId, mainSpecialityIndex]. */
  staff: [number, number][];
}

export interface WorkplaceInfo {
  id: number;
  doctorIndex: number;
  clinicIndex: number;
  /** Length of a clinic visit slot in minutes (the 'clinic' price's duration). */
  slotMinutes: number;
  price: number;
  /** Visit types with a price here besides 'clinic'. */
  home: boolean;
  telemed: boolean;
  /** The prices of the visits here (workplace_prices): a line of one of them shows them (ADR 039). */
  prices: Partial<Record<'clinic' | 'home' | 'telemed', { price: number; clubPrice: number | null }>>;
}

export interface DoctorInfo {
  id: number;
  townIndex: number;
  gender: 'M' | 'F';
  /** 'Елена Сергеевна': how reviews address the doctor. */
  firstPatronymic: string;
  lastName: string;
  initials: string;
  mainSpeciality: number;
  scienceDegree: number;
  careerStartYear: number;
  /** Indexes into ctx.workplaces. */
  workplaces: number[];
}

export interface UsersInfo {
  /** Patients have ids patientFirstId … patientFirstId + patients - 1. */
  patientFirstId: number;
  patients: number;
  /** How each patient signs reviews ('Анна К.'), and when they registered (ms). */
  authorNames: string[];
  /** 'Анна Иванова': the name a patient books under. */
  fullNames: string[];
  authorFemale: Uint8Array;
  createdAt: Float64Array;
  /** Cabinet accounts that answer reviews: doctor id → user id, clinic id → user id. */
  doctorUsers: Map<number, number>;
  clinicUsers: Map<number, number>;
}

export interface SeedContext {
  db: Db;
  seed: number;
  now: Date;
  plan: SizePlan;
  /** Load with per-row FK triggers off (needs a superuser; integrity is checked in bulk at the end). */
  fastLoad: boolean;
  towns: TownInfo[];
  specialities: SpecialityInfo[];
  services: ServiceInfo[];
  clinics: ClinicInfo[];
  doctors: DoctorInfo[];
  workplaces: WorkplaceInfo[];
  /** Price-list lines booked by time slot without a doctor (MRI, ultrasound…): they get their own schedule. */
  intervalServices: { id: number; clinicIndex: number; slotMinutes: number; price: number }[];
  users: UsersInfo;
  counts: Record<string, number>;
  /** An independent random stream per area, so changing one area leaves the others' rows alone. */
  rng(stream: string): Rng;
  progress(stage: string, done: number, total: number): void;
}

export function createContext(
  db: Db,
  opts: {
    seed: number;
    now: Date;
    plan: SizePlan;
    fastLoad: boolean;
    onProgress?: (p: { stage: string; done: number; total: number }) => void;
  },
): SeedContext {
  return {
    db,
    seed: opts.seed,
    now: opts.now,
    plan: opts.plan,
    fastLoad: opts.fastLoad,
    towns: [],
    specialities: [],
    services: [],
    clinics: [],
    doctors: [],
    workplaces: [],
    intervalServices: [],
    users: {
      patientFirstId: 1,
      patients: 0,
      authorNames: [],
      fullNames: [],
      authorFemale: new Uint8Array(0),
      createdAt: new Float64Array(0),
      doctorUsers: new Map(),
      clinicUsers: new Map(),
    },
    counts: {},
    rng: (stream) => createRng(hashSeed(opts.seed, stream)),
    progress: (stage, done, total) => opts.onProgress?.({ stage, done, total }),
  };
}

/**
 * Runs one stage in a transaction with a bulk session: one commit per stage instead of one
 * per batch, and the stage's row counts recorded on success.
 */
export async function inTransaction<T>(
  ctx: SeedContext,
  fn: (session: BulkSession) => Promise<T>,
): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    // Foreign-key triggers cost more than the insert itself (a lookup per row and key);
    // 'replica' skips them for this transaction only. Unique, check and exclusion constraints still apply.
    if (ctx.fastLoad) await tx.execute(sql.raw('SET LOCAL session_replication_role = replica'));
    const session = new BulkSession(tx, ctx.plan.batchSize);
    const result = await fn(session);
    for (const [table, n] of Object.entries(await session.close()))
      ctx.counts[table] = (ctx.counts[table] ?? 0) + n;
    return result;
  });
}
