import { sql } from 'drizzle-orm';
import { haversineKm } from '../../../../core/geo/distance';
import type { SeedContext } from '../context';
import { areaCentre } from '../generate/addresses';

/** Districts a demo clinic account's doctors go to besides its own: the nearest ones. */
const NEIGHBOUR_DISTRICTS = 2;

/**
 * Home visits at the demo clinic accounts (docs/product/demo-data.md), so that each cabinet a
 * person signs in to shows them whenever its staff could make them: an account's first doctor
 * whose speciality goes on home visits does, unless one of its doctors already drew them; and an
 * account with a home-visit doctor serves its own district and the nearest two, as a clinic sets
 * it in the cabinet ('Вызов врача на дом'). Other clinics keep what was drawn and the whole town.
 */
export function demoHomeVisits(ctx: SeedContext) {
  /** Indexes of the demo clinic accounts that have a home-visit doctor. */
  const served = new Set<number>();
  const isAccount = (clinicIndex: number) => clinicIndex < ctx.plan.clinicAccounts;

  return {
    /**
     * Whether a doctor goes on home visits from his first workplace, at clinic `clinicIndex`:
     * as drawn (`drawn`), or as the account's first doctor who may (`may`: his speciality does).
     */
    goesHome(clinicIndex: number, { drawn, may }: { drawn: boolean; may: boolean }): boolean {
      const home = drawn || (may && isAccount(clinicIndex) && !served.has(clinicIndex));
      if (home && isAccount(clinicIndex)) served.add(clinicIndex);
      return home;
    },

    /** Writes the served accounts' areas: their district and the nearest ones, by the districts' middles. */
    async writeAreas(): Promise<void> {
      for (const clinicIndex of served) {
        const clinic = ctx.clinics[clinicIndex];
        if (clinic.districtId === null) continue;
        const ids = nearestDistricts(ctx, clinic.townIndex, clinic.districtId);
        await ctx.db.execute(sql`
          UPDATE clinics SET home_district_ids = ${`{${ids.join(',')}}`}::integer[]
          WHERE id = ${clinic.id}`);
      }
    },
  };
}

/** The district and its NEIGHBOUR_DISTRICTS nearest ones of the town, in id order. */
function nearestDistricts(ctx: SeedContext, townIndex: number, districtId: number): number[] {
  const town = ctx.towns[townIndex];
  const middles = new Map<number, { lat: number; lon: number }>();
  town.data.areas.forEach((area, i) => {
    const id = town.districtIds.get(area.district);
    if (id !== undefined && !middles.has(id)) middles.set(id, areaCentre(town.data, i));
  });
  const own = middles.get(districtId);
  if (!own) return [districtId];
  const neighbours = [...middles]
    .filter(([id]) => id !== districtId)
    .sort(([a, p], [b, q]) => haversineKm(own, p) - haversineKm(own, q) || a - b)
    .slice(0, NEIGHBOUR_DISTRICTS)
    .map(([id]) => id);
  return [districtId, ...neighbours].sort((a, b) => a - b);
}
