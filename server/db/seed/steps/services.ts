import { clinicServices } from '../../schema/services';
import { type ClinicInfo, inTransaction, type SeedContext, type ServiceInfo } from '../context';
import type { Rng } from '../rng';
import type { ClinicKind } from '../texts/clinic-texts';
import { roundPrice } from './prices';

/** Service classes each clinic kind prices (class translits from services.json). */
const ANALYSES = ['analizy-krovi', 'gormony', 'infektsii', 'analizy-mochi-i-kala'];
const IMAGING = ['uzi', 'mrt', 'kt', 'rentgen', 'funktsionalnaya-diagnostika', 'endoskopiya'];
const CLASSES_BY_KIND: Record<ClinicKind, string[]> = {
  clinic: [
    'priem-vracha',
    ...ANALYSES,
    'kompleksnye-obsledovaniya',
    'uzi',
    'funktsionalnaya-diagnostika',
    'endoskopiya',
    'ginekologiya',
    'urologiya',
    'oftalmologiya',
    'lor-protsedury',
    'protsedury',
    'massazh-i-reabilitatsiya',
    'kosmetologiya',
    'spravki-i-medosmotry',
  ],
  dentistry: ['stomatologiya', 'priem-vracha'],
  diagnostics: [...IMAGING, 'analizy-krovi', 'priem-vracha'],
  lab: ANALYSES,
  hospital: [
    'priem-vracha',
    ...ANALYSES,
    ...IMAGING,
    'kompleksnye-obsledovaniya',
    'ginekologiya',
    'urologiya',
    'protsedury',
    'massazh-i-reabilitatsiya',
  ],
  children: [
    'priem-vracha',
    'analizy-krovi',
    'analizy-mochi-i-kala',
    'uzi',
    'lor-protsedury',
    'oftalmologiya',
    'massazh-i-reabilitatsiya',
    'spravki-i-medosmotry',
    'stomatologiya',
  ],
};

/**
 * Services for adults only: prostate, breast and pregnancy care, adult hormone panels and
 * screening, certificates for work (the medical book a job asks for included), weapons and
 * driving, laser eye surgery (from 18). A children's clinic sells none.
 */
export const ADULT_ONLY_SERVICE =
  /предстат|ПСА|молочных желёз|трансвагин|триместр|Тестостерон|ХГЧ|АМГ|внутриматоч|шейки матки|онкоцитолог|вен нижних|брахиоцефальн|скрытую кровь|оружие|ГИБДД|приёме на работу|медицинской книжки|Лазерная коррекция|к\.м\.н\./i;

/**
 * Key lines every clinic of a kind prices, so that a big town has several places for a brain
 * MRI or a chest CT instead of the one or two a random draw would leave.
 */
const KEY_SERVICES: Partial<Record<ClinicKind, string[]>> = {
  diagnostics: [
    'МРТ головного мозга',
    'КТ органов грудной клетки',
    'УЗИ органов брюшной полости (комплексное)',
  ],
  hospital: ['МРТ головного мозга', 'КТ органов грудной клетки', 'УЗИ органов брюшной полости (комплексное)'],
  clinic: ['УЗИ органов брюшной полости (комплексное)'],
};

/** Lines booked by time slot (a machine or a room, not a doctor). */
const SLOT_CLASSES = new Set(IMAGING);
const SLOT_KINDS = new Set<ClinicKind>(['diagnostics', 'hospital', 'clinic']);

/** Each clinic's price list: 15–60 lines fitting its kind and its doctors' specialities. */
export async function seedClinicServices(ctx: SeedContext): Promise<void> {
  const rng = ctx.rng('services');
  const pools = poolsByKind(ctx);
  await inTransaction(ctx, async (session) => {
    const writer = session.writer(clinicServices);
    for (let ci = 0; ci < ctx.clinics.length; ci++) {
      const clinic = ctx.clinics[ci];
      const town = ctx.towns[clinic.townIndex];
      const chosen = choose(rng, clinic, pools[clinic.kind], KEY_SERVICES[clinic.kind] ?? []);
      let sort = 0;
      let slotLines = 0;
      for (const service of chosen) {
        for (const doctorId of lineDoctors(rng, clinic, service)) {
          const id = writer.count + 1;
          const price = Math.max(
            100,
            roundPrice(
              (service.priceMin + rng.next() * (service.priceMax - service.priceMin)) * town.priceFactor,
            ),
          );
          const bookable = rng.chance(service.kind === 'analysis' ? 0.5 : 0.85);
          // A few machine-bound lines per clinic (ultrasound, MRI rooms) are booked by slot.
          const slots =
            bookable &&
            doctorId === null &&
            SLOT_KINDS.has(clinic.kind) &&
            SLOT_CLASSES.has(service.classTranslit) &&
            slotLines < 4 &&
            rng.chance(0.6);
          if (slots) slotLines++;
          const doctor = doctorId === null ? null : ctx.doctors[doctorId - 1];
          // A doctor's own line of one of their visits shows the workplace's price (ADR 039).
          const visit =
            doctor && service.visitType ? visitPriceOf(ctx, doctor, clinic.id, service.visitType) : null;
          writer.add({
            id,
            clinicId: clinic.id,
            synonymId: service.id,
            classId: service.classId,
            doctorId,
            name: doctor
              ? `${service.name}, ${doctor.lastName} ${doctor.initials}`
              : lineName(rng, service.name, clinic.kind),
            durationMinutes: service.duration,
            priceFull: visit?.price ?? price,
            priceClub: visit
              ? visit.clubPrice
              : clinic.clubEnabled
                ? Math.round((price * (100 - clinic.clubDiscountPercent)) / 100)
                : null,
            requiresPrimaryConsultation: service.requiresPrimaryConsultation,
            appointmentOn: bookable,
            hasIntervals: slots,
            isAvailableAppointmentDirect: bookable && !service.requiresPrimaryConsultation && rng.chance(0.9),
            misServiceId: rng.chance(0.15) ? String(rng.int(100_000, 999_999)) : null,
            sort: sort++,
          });
          if (slots) {
            ctx.intervalServices.push({
              id,
              clinicIndex: ci,
              slotMinutes: slotLength(service.duration),
              price,
            });
          }
        }
      }
      if (ci % 500 === 0) {
        ctx.progress('services', ci, ctx.clinics.length);
        await session.ready();
      }
    }
  });
  ctx.progress('services', ctx.clinics.length, ctx.clinics.length);
}

function poolsByKind(ctx: SeedContext): Record<ClinicKind, ServiceInfo[]> {
  const out = {} as Record<ClinicKind, ServiceInfo[]>;
  for (const kind of Object.keys(CLASSES_BY_KIND) as ClinicKind[]) {
    const classes = CLASSES_BY_KIND[kind];
    out[kind] = ctx.services
      .filter((s) => classes.includes(s.classTranslit) && fitsKind(ctx, s, kind))
      .sort((a, b) => classes.indexOf(a.classTranslit) - classes.indexOf(b.classTranslit) || a.id - b.id);
  }
  return out;
}

/**
 * Children's clinics price children's lines (never an adult-only one, never an adult
 * doctor's consultation); adult clinics skip children-only ones.
 */
function fitsKind(ctx: SeedContext, s: ServiceInfo, kind: ClinicKind): boolean {
  const spec = s.speciality >= 0 ? ctx.specialities[s.speciality] : null;
  const childish = (spec?.children ?? false) || /детям|Детский|молочного|фиссур/.test(s.name);
  if (kind === 'children') {
    if (ADULT_ONLY_SERVICE.test(s.name)) return false;
    if (s.classTranslit === 'priem-vracha') return spec?.children ?? false;
    return childish || spec === null || s.classTranslit.startsWith('analizy') || s.classTranslit === 'uzi';
  }
  if (kind === 'dentistry') return s.classTranslit === 'stomatologiya' || spec?.group === 'dentistry';
  return !(spec?.children ?? false);
}

/**
 * Weighted sampling without replacement (Efraimidis–Spirakis) from the lines the clinic's kind
 * and staff allow: the kind's key lines always, lines for specialities the clinic's doctors
 * have weigh more, then the list keeps the class order of a real price list.
 */
function choose(rng: Rng, clinic: ClinicInfo, kindPool: ServiceInfo[], key: string[]): ServiceInfo[] {
  const staffSpecs = new Set(clinic.staff.map(([, s]) => s));
  // A consultation is sold only where a doctor of its speciality works: no 'Приём уролога'
  // in a clinic without a urologist.
  const pool = kindPool.filter(
    (s) => s.classTranslit !== 'priem-vracha' || s.speciality < 0 || staffSpecs.has(s.speciality),
  );
  const count = Math.min(pool.length, rng.int(15, 60));
  const keyed = pool.map((s, i) => {
    const weight =
      s.speciality >= 0 && staffSpecs.has(s.speciality) ? 4 : s.classTranslit === 'priem-vracha' ? 0.5 : 1;
    const draw = Math.log(rng.next() + Number.EPSILON) / weight;
    return [key.includes(s.name) ? Number.POSITIVE_INFINITY : draw, i] as const;
  });
  keyed.sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  return keyed
    .slice(0, count)
    .map(([, i]) => i)
    .sort((a, b) => a - b)
    .map((i) => pool[i]);
}

/**
 * A line is sometimes priced per doctor too (their own name in the line): a consultation now
 * and then, the procedures of the doctor's speciality more often, so that a dentist or an
 * ultrasound doctor has a price list of their own, long enough to fold.
 */
function lineDoctors(rng: Rng, clinic: ClinicInfo, s: ServiceInfo): (number | null)[] {
  if (s.speciality < 0) return [null];
  const own = clinic.staff.filter(([, spec]) => spec === s.speciality).map(([id]) => id);
  if (own.length === 0 || !rng.chance(s.classTranslit === 'priem-vracha' ? 0.3 : 0.85)) return [null];
  return [null, ...rng.shuffle(own).slice(0, rng.int(1, Math.min(3, own.length)))];
}

/** The clinic's own wording of a canonical service name, a quarter of the time. */
function lineName(rng: Rng, name: string, kind: ClinicKind): string {
  if (!rng.chance(0.25)) return name;
  if (name.startsWith('Приём ')) return name.replace(/^Приём /, 'Приём (осмотр, консультация) ');
  if (name.startsWith('УЗИ ')) return name.replace(/^УЗИ /, 'Ультразвуковое исследование ');
  if (name.startsWith('МРТ ')) return name.replace(/^МРТ /, 'Магнитно-резонансная томография ');
  if (name.startsWith('КТ ')) return name.replace(/^КТ /, 'Компьютерная томография ');
  return kind === 'children' ? `${name} (дети)` : name;
}

/** The price of a doctor's visit at a clinic's address, as the doctors step wrote it; null if none. */
function visitPriceOf(
  ctx: SeedContext,
  doctor: SeedContext['doctors'][number],
  clinicId: number,
  visitType: 'clinic' | 'home' | 'telemed',
): { price: number; clubPrice: number | null } | null {
  for (const wi of doctor.workplaces) {
    const place = ctx.workplaces[wi];
    if (ctx.clinics[place.clinicIndex].id === clinicId) return place.prices[visitType] ?? null;
  }
  return null;
}

function slotLength(duration: number): number {
  return [15, 20, 30, 40, 60].find((m) => m >= duration) ?? 60;
}
