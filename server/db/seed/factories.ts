/**
 * Test factories: one realistic row (plus the rows it cannot live without) per call, built
 * by the same row builders as the seed. Everything not overridden is derived from a
 * per-call counter, so a test run is reproducible. They do not maintain denormalised
 * numbers (ratings, counts): that is the job of the modules under test.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { users, type users as usersTable } from '../schema/auth';
import { clinicHours, clinics } from '../schema/clinics';
import {
  doctorActivities,
  doctorSpecialities,
  doctors,
  workplacePrices,
  workplaces,
} from '../schema/doctors';
import { reviews } from '../schema/reviews';
import { clinicServices, serviceClasses, serviceSynonyms } from '../schema/services';
import { specialities } from '../schema/specialities';
import { towns } from '../schema/towns';
import { specialities as specialityData, towns as townData } from './generate/data';
import { personName, slugify } from './generate/names';
import { createRng, hashSeed, type Rng } from './generate/random';
import { clinicRow, clinicWeekHours, hhmm } from './rows/clinic';
import { doctorGender, doctorRow } from './rows/doctor';
import { pickSentiment, reviewRow } from './rows/review';
import { userRow } from './rows/user';
import type { ClinicKind } from './texts/clinic-texts';

type TownRow = typeof towns.$inferSelect;
type SpecialityRow = typeof specialities.$inferSelect;
type ClinicRow = typeof clinics.$inferSelect;
type DoctorRow = typeof doctors.$inferSelect;
type WorkplaceRow = typeof workplaces.$inferSelect;
type ReviewRow = typeof reviews.$inferSelect;
type UserRow = typeof usersTable.$inferSelect;
type ClinicServiceRow = typeof clinicServices.$inferSelect;
type SynonymRow = typeof serviceSynonyms.$inferSelect;

/** Factories stamp rows with this clock, so tests can compare dates exactly. */
export const FACTORY_NOW = new Date('2025-06-10T09:00:00.000Z');

let counter = 0;

/**
 * Starts the factories' sequence again: each test file gets the same rows whatever ran before it
 * in the same worker (server/testing/setup.ts; the server tests share their worker's modules).
 */
export function restartFactorySequence(): void {
  counter = 0;
}

function next(kind: string): { n: number; rng: Rng } {
  counter++;
  return { n: counter, rng: createRng(hashSeed('factory', kind, counter)) };
}

/** The row without its id, so the identity column assigns one. */
function withoutId<T extends { id: number }>(row: T): Omit<T, 'id'> {
  const { id: _id, ...rest } = row;
  return rest;
}

/** A town modelled on a curated one (Moscow by default) with a unique slug. */
export async function createTown(db: Db, overrides: Partial<TownRow> = {}): Promise<TownRow> {
  const { n } = next('town');
  const model = townData.find((t) => t.slug === overrides.slug) ?? townData[0];
  const [row] = await db
    .insert(towns)
    .values({
      slug: `${model.slug}-${n}`,
      name: model.name,
      nameIn: model.nameIn,
      nameGen: model.nameGen,
      region: model.region,
      lat: model.lat,
      lon: model.lon,
      tz: model.tz,
      phoneCode: model.phoneCode,
      population: model.population,
      sort: n,
      ...overrides,
    })
    .returning();
  return row;
}

/** A speciality modelled on a curated one (therapist by default) with a unique translit. */
export async function createSpeciality(
  db: Db,
  overrides: Partial<SpecialityRow> = {},
): Promise<SpecialityRow> {
  const { n } = next('speciality');
  const model = specialityData.find((s) => s.translit === overrides.translit) ?? specialityData[0];
  const [row] = await db
    .insert(specialities)
    .values({
      name: model.name,
      namePlural: model.namePlural,
      nameGenPlural: model.nameGenPlural,
      nameDat: model.nameDat,
      translit: `${model.translit}-${n}`,
      group: model.group,
      children: model.children,
      staffAppointmentType: model.staffAppointmentType,
      sort: n,
      ...overrides,
    })
    .returning();
  return row;
}

/** A clinic in the town (address drawn from the curated town it resembles) with weekly hours. */
export async function createClinic(
  db: Db,
  input: { townId: number } & Partial<Omit<ClinicRow, 'townId'>>,
): Promise<ClinicRow> {
  const { n, rng } = next('clinic');
  const town = await townOf(db, input.townId);
  const model = townData.find((t) => town.slug.startsWith(t.slug)) ?? townData[0];
  const kind = (input.kind ?? 'clinic') as ClinicKind;
  const name = input.name ?? `Медицинский центр «Тест ${n}»`;
  const street = rng.pick(rng.pick(model.areas).streets);
  const row = clinicRow(rng, {
    id: 0,
    townId: town.id,
    centre: { lat: town.lat, lon: town.lon, radiusKm: model.radiusKm },
    kind,
    name,
    slug: slugify(name),
    networkId: null,
    street,
    house: String(rng.int(1, 120)),
    districtId: null,
    metroId: null,
    phones: [
      `7${town.phoneCode}${String(rng.int(2_000_000, 9_999_999)).slice(0, 10 - town.phoneCode.length)}`,
    ],
    now: FACTORY_NOW,
  });
  const [clinic] = await db
    .insert(clinics)
    // Takes bookings unless a test says otherwise: the data set's 8 % that do not would make a
    // test's outcome depend on how many clinics the tests before it made.
    .values({ ...withoutId(row), isAppointmentOn: true, ...input })
    .returning();
  const hours = clinicWeekHours(rng, kind);
  await db.insert(clinicHours).values(
    hours.map((h, i) => ({
      clinicId: clinic.id,
      weekday: i + 1,
      opens: h ? hhmm(h[0]) : null,
      closes: h ? hhmm(h[1]) : null,
    })),
  );
  return clinic;
}

/**
 * A doctor with specialities (the first is the main one; created when not given), a
 * workplace at each clinic (one new clinic in the town when not given) and a 'clinic' price.
 */
export async function createDoctor(
  db: Db,
  input: { townId: number; specialityIds?: number[]; clinicIds?: number[] } & Partial<
    Omit<DoctorRow, 'townId'>
  >,
): Promise<DoctorRow & { workplaces: WorkplaceRow[]; specialityIds: number[] }> {
  const { townId, specialityIds: givenSpecs, clinicIds: givenClinics, ...overrides } = input;
  const { rng } = next('doctor');
  const town = await townOf(db, townId);
  const specialityIds = givenSpecs?.length ? givenSpecs : [(await createSpeciality(db)).id];
  const clinicIds = givenClinics?.length ? givenClinics : [(await createClinic(db, { townId })).id];
  const [main] = await db.select().from(specialities).where(eq(specialities.id, specialityIds[0]));
  const model = specialityData.find((s) => main.translit.startsWith(s.translit));
  const gender = overrides.gender ?? doctorGender(rng, main.translit, main.group);
  const name = personName(rng, gender);
  const row = doctorRow(rng, {
    id: 0,
    townId,
    townSlug: town.slug,
    regionCode: '77',
    gender,
    name,
    slug: slugify(`${name.lastName} ${name.firstName} ${name.patronymic}`),
    speciality: {
      name: main.name,
      group: main.group,
      children: main.children,
      staffAppointmentType: main.staffAppointmentType,
      homeVisit: model?.homeVisit ?? false,
      online: model?.online ?? false,
      treatments: [],
    },
    now: FACTORY_NOW,
  });
  const price = overrides.minPrice ?? 3000;
  const [doctor] = await db
    .insert(doctors)
    .values({ ...withoutId(row), minPrice: price, ...overrides })
    .returning();
  await db.insert(doctorSpecialities).values(
    specialityIds.map((specialityId, i) => ({
      doctorId: doctor.id,
      specialityId,
      isMain: i === 0,
      townId,
      rating: doctor.rating,
      reviewsCount: doctor.reviewsCount,
    })),
  );
  const places = await db
    .insert(workplaces)
    .values(clinicIds.map((clinicId, sort) => ({ doctorId: doctor.id, clinicId, sort })))
    .returning();
  await db
    .insert(workplacePrices)
    .values(
      places.map((w) => ({ workplaceId: w.id, visitType: 'clinic' as const, price, durationMinutes: 30 })),
    );
  return { ...doctor, workplaces: places, specialityIds };
}

/** A publication (by default), conference or membership of a doctor, with a numbered title. */
export async function createDoctorActivity(
  db: Db,
  input: { doctorId: number } & Partial<Omit<typeof doctorActivities.$inferInsert, 'doctorId'>>,
): Promise<typeof doctorActivities.$inferSelect> {
  const { n } = next('activity');
  const [row] = await db
    .insert(doctorActivities)
    .values({
      kind: 'publication',
      year: 2020,
      title: `Опыт лечения артериальной гипертензии: наблюдение ${n}`,
      details: '«Кардиология»',
      ...input,
    })
    .returning();
  return row;
}

/** A published, verified review of a doctor or (with clinicId only) of a clinic. */
export async function createReview(
  db: Db,
  input: { doctorId?: number | null; clinicId?: number | null } & Partial<ReviewRow>,
): Promise<ReviewRow> {
  const { rng } = next('review');
  if (!input.doctorId && !input.clinicId) throw new Error('createReview needs a doctorId or a clinicId');
  const doctor = input.doctorId
    ? (await db.select().from(doctors).where(eq(doctors.id, input.doctorId)))[0]
    : undefined;
  const sentiment = input.sentiment ?? pickSentiment(rng);
  const authorGender = rng.chance(0.68) ? 'F' : 'M';
  const row = reviewRow(rng, {
    id: 0,
    doctorId: input.doctorId ?? null,
    clinicId: input.clinicId ?? null,
    userId: input.userId ?? null,
    authorName: personName(rng, authorGender).firstName,
    authorGender,
    sentiment,
    group: 'generic',
    children: false,
    doctorGender: doctor?.gender ?? 'F',
    doctorFirstPatronymic: doctor ? `${doctor.firstName} ${doctor.patronymic ?? ''}`.trim() : null,
    notBefore: FACTORY_NOW.getTime() - 365 * 86_400_000,
    now: FACTORY_NOW,
  });
  const [review] = await db
    .insert(reviews)
    .values({
      ...withoutId(row),
      status: 'published',
      isVerified: true,
      deletedReason: null,
      publishedAt: row.createdAt,
      ...input,
    })
    .returning();
  return review;
}

/** A patient (by default) with a unique phone in a range the seed never uses ('7998…'). */
export async function createUser(db: Db, overrides: Partial<UserRow> = {}): Promise<UserRow> {
  const { n, rng } = next('user');
  const role = overrides.role ?? 'patient';
  const row = userRow(rng, {
    id: 0,
    phone: `7998${String(n).padStart(7, '0')}`,
    role,
    name: personName(rng, rng.chance(0.6) ? 'F' : 'M'),
    createdAt: FACTORY_NOW,
  });
  const [user] = await db
    .insert(users)
    .values({ ...withoutId(row), ...overrides })
    .returning();
  return user;
}

async function townOf(db: Db, townId: number): Promise<TownRow> {
  const [town] = await db.select().from(towns).where(eq(towns.id, townId));
  if (!town) throw new Error(`No town ${townId}`);
  return town;
}

/**
 * A line of a clinic's price list, of a new service (class 'diagnostics' and its synonym) unless
 * `synonymId` is given. Bookable by time slot by default: give it schedule rules to see slots.
 */
export async function createClinicService(
  db: Db,
  input: { clinicId: number; synonym?: Partial<Omit<SynonymRow, 'id' | 'classId'>> } & Partial<
    Omit<ClinicServiceRow, 'clinicId'>
  >,
): Promise<ClinicServiceRow & { synonymTranslit: string }> {
  const { n } = next('clinic-service');
  const { synonym: synonymInput, ...line } = input;
  let synonymId = line.synonymId;
  let classId = line.classId;
  let translit: string;
  if (synonymId === undefined) {
    const [cls] = await db
      .insert(serviceClasses)
      .values({ name: `Диагностика ${n}`, translit: `diagnostika-${n}`, kind: 'diagnostics' })
      .returning();
    const name = synonymInput?.name ?? `МРТ головного мозга ${n}`;
    const [synonym] = await db
      .insert(serviceSynonyms)
      .values({ classId: cls.id, name, translit: slugify(name), ...synonymInput })
      .returning();
    synonymId = synonym.id;
    classId = cls.id;
    translit = synonym.translit;
  } else {
    const [synonym] = await db.select().from(serviceSynonyms).where(eq(serviceSynonyms.id, synonymId));
    classId ??= synonym.classId;
    translit = synonym.translit;
  }
  const [row] = await db
    .insert(clinicServices)
    .values({
      synonymId,
      classId: classId as number,
      name: synonymInput?.name ?? `МРТ головного мозга ${n}`,
      durationMinutes: 30,
      priceFull: 4500,
      priceClub: null,
      appointmentOn: true,
      hasIntervals: true,
      isAvailableAppointmentDirect: true,
      ...line,
    })
    .returning();
  return { ...row, synonymTranslit: translit };
}
