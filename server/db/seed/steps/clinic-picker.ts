import type { SeedContext, SpecialityInfo } from '../context';
import type { Rng } from '../rng';
import type { ClinicKind } from '../texts/clinic-texts';

/** Which clinics a speciality works in, by clinic kind, with relative weights. */
const PROFILES = {
  dental: { dentistry: 6, clinic: 1 },
  childDental: { dentistry: 3, children: 2 },
  diagnostics: { diagnostics: 4, clinic: 2, hospital: 1 },
  children: { children: 4, clinic: 2 },
  surgery: { clinic: 3, hospital: 2 },
  general: { clinic: 4, hospital: 1 },
} satisfies Record<string, Partial<Record<ClinicKind, number>>>;

export type Profile = keyof typeof PROFILES;

export function profileOf(spec: Pick<SpecialityInfo, 'group' | 'children'>): Profile {
  if (spec.group === 'dentistry') return spec.children ? 'childDental' : 'dental';
  if (spec.group === 'diagnostics') return 'diagnostics';
  if (spec.children) return 'children';
  if (spec.group === 'surgery') return 'surgery';
  return 'general';
}

/**
 * Picks a clinic index for a doctor: first the town's still empty clinics, then weighted by
 * kind and clinic size.
 * Cumulative weights + binary search keep it O(log n) for Moscow's thousands of clinics.
 */
export function clinicPicker(ctx: SeedContext): (rng: Rng, townIndex: number, profile: Profile) => number {
  const tables = ctx.towns.map((_, ti) => {
    const inTown = ctx.clinics.flatMap((c, ci) => (c.townIndex === ti ? [ci] : []));
    const byProfile = {} as Record<Profile, { clinics: number[]; cumulative: number[]; next: number }>;
    for (const profile of Object.keys(PROFILES) as Profile[]) {
      const weights: Partial<Record<ClinicKind, number>> = PROFILES[profile];
      let clinics = inTown.filter((ci) => weights[ctx.clinics[ci].kind]);
      // A town without a fitting kind still gets the doctor, in its general clinics (never in a
      // children's, dental or diagnostic one, whose profile would not fit).
      if (clinics.length === 0)
        clinics = inTown.filter((ci) => ['clinic', 'hospital'].includes(ctx.clinics[ci].kind));
      if (clinics.length === 0) clinics = inTown;
      let sum = 0;
      const cumulative = clinics.map((ci) => {
        sum += (weights[ctx.clinics[ci].kind] ?? 1) * ctx.clinics[ci].size;
        return sum;
      });
      byProfile[profile] = { clinics, cumulative, next: 0 };
    }
    return byProfile;
  });
  return (rng, townIndex, profile) => {
    const table = tables[townIndex][profile];
    const { clinics, cumulative } = table;
    // Half the time a doctor joins a clinic nobody works at yet, so no clinic stays empty.
    while (table.next < clinics.length && ctx.clinics[clinics[table.next]].staff.length > 0) table.next++;
    if (table.next < clinics.length && rng.chance(0.5)) return clinics[table.next++];
    const x = rng.next() * cumulative[cumulative.length - 1];
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] > x) hi = mid;
      else lo = mid + 1;
    }
    return clinics[lo];
  };
}
