import clinicsData from '../data/clinics.json' with { type: 'json' };
import type { Rng } from '../rng';

export type ClinicKind = 'clinic' | 'dentistry' | 'diagnostics' | 'lab' | 'hospital' | 'children';

interface ClinicsData {
  interview: { question: string; answers: string[] }[];
  promotions: { title: string; body: string }[];
  equipment: {
    kind: string;
    name: string;
    attributes: { name: string; value: string }[];
    description: string;
  }[];
  covidRules: string[];
  licenceAuthorities: Record<string, string>;
  federalLicenceAuthority: string;
  descriptions: string[];
}

const data = clinicsData as ClinicsData;

/** The first sentence says what kind of place it is; curated detail sentences follow. */
const OPENERS: Record<ClinicKind, string[]> = {
  clinic: [
    'Многопрофильный медицинский центр для взрослых и детей.',
    'Многопрофильная клиника с приёмом специалистов более чем двадцати направлений.',
    'Частная поликлиника полного цикла: консультации, диагностика и лечение в одном месте.',
    'Семейная клиника, где наблюдаются пациенты всех возрастов.',
  ],
  dentistry: [
    'Стоматологическая клиника полного цикла: терапия, хирургия, ортопедия и ортодонтия.',
    'Семейная стоматология для взрослых и детей.',
    'Стоматологический центр с собственной зуботехнической лабораторией.',
    'Клиника эстетической стоматологии и имплантации.',
  ],
  diagnostics: [
    'Диагностический центр: МРТ, КТ, УЗИ и функциональная диагностика.',
    'Центр лучевой диагностики с аппаратами экспертного класса.',
    'Диагностический центр, где заключение выдают в день исследования.',
  ],
  lab: [
    'Медицинская лаборатория: более тысячи видов исследований.',
    'Пункт забора анализов сетевой лаборатории.',
    'Лабораторный центр с собственной автоматизированной лабораторией.',
  ],
  hospital: [
    'Многопрофильный стационар с хирургическим и терапевтическим отделениями.',
    'Частная больница с круглосуточным стационаром и реанимацией.',
    'Клиническая больница: плановая хирургия, стационар и поликлиническое отделение.',
  ],
  children: [
    'Детский медицинский центр: педиатры и узкие специалисты для детей от рождения до 18 лет.',
    'Детская поликлиника с кабинетами диагностики и процедурным кабинетом.',
    'Клиника для детей и подростков с программами ведения детей до года.',
  ],
};

/**
 * Curated details that cannot contradict other fields: sentences with years or hours would
 * disagree with founded_year and clinic_hours, so they are left out.
 */
const DETAILS = data.descriptions.filter((d) => !/\d|без выходных/.test(d));
const CHILD_DETAIL = /детей|дети/i;

/** 1–3 sentences: what the clinic is, then up to two practical details. */
export function clinicDescription(rng: Rng, kind: ClinicKind, foundedYear: number | null): string {
  const parts = [rng.pick(OPENERS[kind])];
  if (foundedYear && rng.chance(0.35)) parts.push(`Работает с ${foundedYear} года.`);
  const pool = DETAILS.filter((d) => kind === 'children' || kind === 'clinic' || !CHILD_DETAIL.test(d));
  const extra = rng.int(0, 3 - parts.length);
  parts.push(...rng.shuffle([...pool]).slice(0, extra));
  return parts.join(' ');
}

export function covidRules(rng: Rng): string[] {
  return rng.shuffle([...data.covidRules]).slice(0, rng.int(0, 4));
}

export function clinicInterview(rng: Rng): { question: string; answer: string }[] {
  return rng
    .shuffle([...data.interview])
    .slice(0, rng.int(0, 3))
    .map((q) => ({ question: q.question, answer: rng.pick(q.answers) }));
}

/** Equipment kinds shown by each clinic kind. */
const EQUIPMENT_KINDS: Record<ClinicKind, string[]> = {
  diagnostics: ['mrt', 'kt', 'uzi', 'xray', 'functional', 'endoscopy'],
  hospital: ['mrt', 'kt', 'uzi', 'xray', 'endoscopy', 'functional', 'rehab'],
  dentistry: ['dentistry'],
  clinic: ['uzi', 'functional', 'ent', 'eyes', 'cosmetology'],
  children: ['uzi', 'functional', 'ent'],
  lab: ['lab'],
};

/** 0–5 devices for diagnostic centres, fewer elsewhere. */
export function clinicEquipment(rng: Rng, kind: ClinicKind): ClinicsData['equipment'] {
  const max = kind === 'diagnostics' ? 5 : kind === 'hospital' ? 3 : 2;
  if (kind !== 'diagnostics' && !rng.chance(0.3)) return [];
  const kinds = EQUIPMENT_KINDS[kind];
  return rng
    .shuffle(data.equipment.filter((e) => kinds.includes(e.kind)))
    .slice(0, rng.int(kind === 'diagnostics' ? 1 : 0, max));
}

const DENTAL = /имплант|зуб|стомат|гигиен|кариес|брекет|отбел/i;
const LAB = /анализ|чек-ап/i;
const CHILD = /дет|школ/i;

/** 0–3 promotions that fit the clinic kind (no implant offers at a laboratory). */
export function clinicPromotions(rng: Rng, kind: ClinicKind): { title: string; body: string }[] {
  const fits = data.promotions.filter((p) => {
    const text = `${p.title} ${p.body}`;
    if (kind === 'dentistry') return DENTAL.test(text);
    if (kind === 'lab') return LAB.test(text) && !DENTAL.test(text);
    if (kind === 'children')
      return !DENTAL.test(text) && (CHILD.test(text) || !/мужск|женщин|пенсион/i.test(text));
    return !DENTAL.test(text);
  });
  return rng.shuffle(fits).slice(0, rng.int(0, Math.min(3, fits.length)));
}

/** Regional health ministries issue most licences; a few come from the federal regulator. */
export function licenceAuthority(rng: Rng, townSlug: string): string {
  const regional = data.licenceAuthorities[townSlug];
  return regional && !rng.chance(0.1) ? regional : data.federalLicenceAuthority;
}
