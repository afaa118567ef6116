/** Clinics: names, descriptions, interviews, rules, promotions, equipment and licences. */
import { type ClinicKind, clinicBank, type EquipmentItem, resolveTown, type Town } from './data';
import { hashSeed, type Rng } from './random';

/**
 * 'Медицинский центр «Кордис»', 'Стоматология «Жемчужина»', 'Клиника доктора Белова'.
 * Names are invented; none is a real chain's trademark.
 */
export function clinicName(rng: Rng, kind: ClinicKind | string): string {
  const k = (kind in clinicBank.prefixes ? kind : 'clinic') as ClinicKind;
  const themed = clinicBank.names[k === 'clinic' || k === 'hospital' ? 'general' : k] ?? [];
  if ((k === 'clinic' || k === 'dentistry') && rng.chance(0.08)) {
    const prefix = k === 'dentistry' ? 'Стоматология' : 'Клиника';
    return `${prefix} доктора ${rng.pick(clinicBank.doctorSurnamesGen)}`;
  }
  // Themed names mostly, sometimes a general one ('Детская клиника «Гармония»').
  const pool = themed.length > 0 && rng.chance(0.75) ? themed : clinicBank.names.general;
  return `${rng.pick(clinicBank.prefixes[k])} «${rng.pick(pool)}»`;
}

/** A few lines for the clinic's description field. */
export function clinicDescription(rng: Rng): string {
  return rng.sample(clinicBank.descriptions, rng.int(2, 4)).join(' ');
}

/** 3–5 interview questions, each with one of its answers. */
export function clinicInterview(rng: Rng): { question: string; answer: string }[] {
  return rng
    .sample(clinicBank.interview, rng.int(3, 5))
    .map((q) => ({ question: q.question, answer: rng.pick(q.answers) }));
}

export function covidRules(rng: Rng): string[] {
  return rng.sample(clinicBank.covidRules, rng.int(3, 6));
}

export function promotion(rng: Rng): { title: string; body: string } {
  return rng.pick(clinicBank.promotions);
}

/** Equipment of the given kinds ('mrt', 'kt', 'uzi', 'xray', 'endoscopy', 'dentistry', 'eyes', …). */
export function equipmentFor(rng: Rng, kinds: readonly string[], max = 4): EquipmentItem[] {
  const pool = clinicBank.equipment.filter((e) => kinds.includes(e.kind));
  return rng.sample(pool, Math.min(max, rng.int(1, Math.max(1, max))));
}

/** Licence number in the 2022+ register format: 'Л041-01137-77/00368512'. */
export function licenceNumber(rng: Rng, town: Town | string): string {
  const t = resolveTown(town);
  const authority = String(10000 + (hashSeed('authority', t.slug) % 90000)).padStart(5, '0');
  const serial = String(rng.int(100000, 99999999)).padStart(8, '0');
  return `Л041-${authority}-${t.regionCode}/${serial}`;
}

export function licenceAuthority(town: Town | string): string {
  const t = resolveTown(town);
  return clinicBank.licenceAuthorities[t.slug] ?? clinicBank.federalLicenceAuthority;
}
