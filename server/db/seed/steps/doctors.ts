import { visitClubPrice } from '../../../../core/cabinet/visit-prices';
import { doctorSpecialities, doctors, workplacePrices, workplaces } from '../../schema/doctors';
import type { Row } from '../bulk';
import {
  type DoctorInfo,
  inTransaction,
  type SeedContext,
  type SpecialityInfo,
  type TownInfo,
} from '../context';
import { PORTRAIT_COUNT, pickByHash, portraitUrl } from '../generate/demo-images';
import { personName, slugify } from '../generate/names';
import { apportion, type Rng, weightedIndex } from '../rng';
import { doctorGender, doctorRow } from '../rows/doctor';
import { DOCTOR_ACCOUNT_VERSIONS } from '../rows/user';
import { clinicPicker, type Profile, profileOf } from './clinic-picker';
import { demoHomeVisits } from './demo-home-visits';
import { consultationPrices, roundPrice } from './prices';

/** Doctors with their specialities, workplaces in clinics of their town and visit prices. */
export async function seedDoctors(ctx: SeedContext): Promise<void> {
  const rng = ctx.rng('doctors');
  const perTown = apportion(
    ctx.plan.doctors,
    ctx.towns.map((t) => t.weight),
    ctx.plan.minDoctorsPerTown,
  );
  const total = perTown.reduce((a, b) => a + b, 0);
  const specWeights = ctx.specialities.map((s) => s.weight);
  const related = relatedSpecialities(ctx.specialities);
  const basePrices = consultationPrices(ctx);
  const pick = clinicPicker(ctx);
  const demoHome = demoHomeVisits(ctx);

  await inTransaction(ctx, async (session) => {
    const doctorWriter = session.writer(doctors);
    const specWriter = session.writer(doctorSpecialities, [doctorWriter]);
    const workplaceWriter = session.writer(workplaces, [doctorWriter]);
    const priceWriter = session.writer(workplacePrices, [workplaceWriter]);

    for (let ti = 0; ti < ctx.towns.length; ti++) {
      const town = ctx.towns[ti];
      for (let k = 0; k < perTown[ti]; k++) {
        const id = ctx.doctors.length + 1;
        const si = weightedIndex(rng, specWeights);
        const spec = ctx.specialities[si];
        const gender = doctorGender(rng, spec.translit, spec.group);
        const name = personName(rng, gender, town.slug);
        const row = doctorRow(rng, {
          id,
          townId: town.id,
          townSlug: town.slug,
          regionCode: town.regionCode,
          gender,
          name,
          slug: slugify([name.lastName, name.firstName, name.patronymic].filter(Boolean).join(' ')),
          speciality: spec,
          now: ctx.now,
        });
        if (id <= ctx.plan.doctorAccounts && id <= DOCTOR_ACCOUNT_VERSIONS.length)
          row.softwareVersion = DOCTOR_ACCOUNT_VERSIONS[id - 1];
        // A drawn portrait (public/demo/portraits, 'Демо' on it) for seven doctors in ten, by the
        // id's hash; the demo accounts keep their initials until they upload a photo themselves.
        if (id > ctx.plan.doctorAccounts && pickByHash(id, 10) < 7)
          row.photoUrl = portraitUrl(pickByHash(id * 31 + 7, PORTRAIT_COUNT));
        const info: DoctorInfo = {
          id,
          townIndex: ti,
          gender,
          firstPatronymic: [name.firstName, name.patronymic].filter(Boolean).join(' '),
          lastName: name.lastName,
          initials: `${name.firstName[0]}.${name.patronymic ? ` ${name.patronymic[0]}.` : ''}`,
          mainSpeciality: si,
          scienceDegree: row.scienceDegree,
          careerStartYear: row.careerStartYear,
          workplaces: [],
        };
        ctx.doctors.push(info);

        const extra = extraSpecialities(rng, related[si]);
        // Each doctor prices visits around the speciality's level; degrees cost more.
        const degree = row.scienceDegree === 2 ? 1.5 : row.scienceDegree === 1 ? 1.25 : 1;
        const base = basePrices[si] * degree * rng.float(0.75, 1.3);
        const places = planWorkplaces(rng, ctx, pick, town, ti, info, profileOf(spec), base, row, (ci) =>
          demoHome.goesHome(ci, { drawn: row.homeVisit, may: spec.homeVisit }),
        );
        row.minPrice = Math.min(...places.prices.filter((p) => p.visitType === 'clinic').map((p) => p.price));
        // The doctor goes first: a child batch flushes its parents' pending rows, never later ones.
        doctorWriter.add(row);
        for (const s of [si, ...extra]) {
          specWriter.add({
            doctorId: id,
            specialityId: s + 1,
            isMain: s === si,
            townId: town.id,
            rating: 0,
            reviewsCount: 0,
          });
        }
        for (const wp of places.workplaces) workplaceWriter.add(wp);
        for (const p of places.prices) priceWriter.add(p);

        if (id % 2000 === 0) {
          ctx.progress('doctors', id, total);
          await session.ready();
        }
      }
    }
  });
  await demoHome.writeAreas();
  ctx.progress('doctors', total, total);
}

function planWorkplaces(
  rng: Rng,
  ctx: SeedContext,
  pick: ReturnType<typeof clinicPicker>,
  town: TownInfo,
  townIndex: number,
  doctor: DoctorInfo,
  profile: Profile,
  base: number,
  row: { homeVisit: boolean; online: boolean; gender: 'M' | 'F' },
  /** Whether the doctor goes on home visits from his first workplace, at that clinic. */
  goesHome: (clinicIndex: number) => boolean,
): { workplaces: Row<typeof workplaces>[]; prices: Row<typeof workplacePrices>[] } {
  const w = { workplaces: [] as Row<typeof workplaces>[], prices: [] as Row<typeof workplacePrices>[] };
  const wanted = rng.chance(0.6) ? 1 : rng.chance(0.75) ? 2 : 3;
  const chosen = new Set<number>();
  for (let attempt = 0; chosen.size < wanted && attempt < wanted * 4; attempt++) {
    chosen.add(pick(rng, townIndex, profile));
  }
  let sort = 0;
  for (const ci of chosen) {
    const clinic = ctx.clinics[ci];
    const id = ctx.workplaces.length + 1;
    const first = sort === 0;
    const price = clamp(roundPrice(base * town.priceFactor * (0.9 + rng.next() * 0.25)), 1200, 6500);
    const slotMinutes = rng.pick([20, 30, 30, 30, 40]);
    const home = first && goesHome(ci);
    // A demo account's doctor who did not draw home visits gets them (steps/demo-home-visits.ts):
    // his home price comes from a hash, not the stream, so the doctors after him stay as they were.
    const chosenHome = home && !row.homeVisit;
    if (chosenHome) row.homeVisit = true;
    const telemed = first && row.online;
    const info: (typeof ctx.workplaces)[number] = {
      id,
      doctorIndex: doctor.id - 1,
      clinicIndex: ci,
      slotMinutes,
      price,
      home,
      telemed,
      prices: {},
    };
    ctx.workplaces.push(info);
    doctor.workplaces.push(id - 1);
    clinic.staff.push([doctor.id, doctor.mainSpeciality]);
    w.workplaces.push({
      id,
      doctorId: doctor.id,
      clinicId: clinic.id,
      position: position(rng, row.gender),
      isAppointmentOn: clinic.kind !== 'lab' && rng.chance(0.9),
      hasSpecialPlacement: rng.chance(0.03),
      sort: sort++,
      misId: null,
      misSchedule: false,
    });
    w.prices.push({
      workplaceId: id,
      visitType: 'clinic',
      price,
      // The club rule (core/club), as the cabinet sets it: 30 % off a visit at the clinic.
      clubPrice: visitClubPrice('clinic', price, clinic.clubEnabled),
      partnerPrice: null,
      durationMinutes: slotMinutes,
    });
    if (home) {
      w.prices.push({
        workplaceId: id,
        visitType: 'home',
        // Coming home costs the doctor the road: never less than the visit at the clinic.
        price: homeVisitPrice(price, chosenHome ? pickByHash(doctor.id, 1000) / 1000 : rng.next()),
        clubPrice: null,
        partnerPrice: null,
        durationMinutes: 60,
      });
    }
    if (telemed) {
      const online = Math.max(900, roundPrice((1000 + rng.next() * 1500) * Math.max(town.priceFactor, 0.8)));
      w.prices.push({
        workplaceId: id,
        visitType: 'telemed',
        price: online,
        clubPrice: null,
        partnerPrice: rng.chance(0.4) ? roundPrice(online * 0.9) : null,
        durationMinutes: 30,
      });
    }
    for (const p of w.prices) {
      if (p.workplaceId === id) info.prices[p.visitType] = { price: p.price, clubPrice: p.clubPrice ?? null };
    }
  }
  return w;
}

/**
 * A home visit's price from the same doctor's visit at the clinic: 25–75 % above it (the road, an
 * hour instead of a slot), at least 2 500 ₽. `r` is the generator's draw, 0…1.
 */
export function homeVisitPrice(clinicPrice: number, r: number): number {
  return Math.max(2500, roundPrice(clinicPrice * (1.25 + r * 0.5)));
}

const clamp = (x: number, min: number, max: number) => Math.min(max, Math.max(min, x));

function position(rng: Rng, gender: 'M' | 'F'): string | null {
  const x = rng.next();
  if (x < 0.01) return 'Главный врач';
  if (x < 0.05) return gender === 'F' ? 'Заведующая отделением' : 'Заведующий отделением';
  if (x < 0.15) return 'Ведущий специалист';
  return null;
}

/** Specialities a doctor may hold besides the main one: same group and same patients (adults or children). */
function relatedSpecialities(specs: SpecialityInfo[]): number[][] {
  const pediatr = specs.findIndex((s) => s.translit === 'pediatr');
  return specs.map((s, i) => {
    const out = specs.flatMap((o, j) =>
      j !== i && o.group === s.group && o.children === s.children ? [j] : [],
    );
    // A children's doctor may also see children as a paediatrician; a children's dentist may not.
    const dental = s.group === 'dentistry';
    if (s.children && !dental && pediatr >= 0 && pediatr !== i && !out.includes(pediatr)) out.push(pediatr);
    return out;
  });
}

function extraSpecialities(rng: Rng, candidates: number[]): number[] {
  if (candidates.length === 0) return [];
  const n = Math.min(candidates.length, rng.chance(0.55) ? 0 : rng.chance(0.7) ? 1 : 2);
  return rng.shuffle([...candidates]).slice(0, n);
}
