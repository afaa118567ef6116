import { zonedDay } from '../../../../core/dates/zoned';
import { districts, metroStations, towns } from '../../schema/towns';
import { insertAll, type Row } from '../bulk';
import type { SeedContext, TownData, TownInfo } from '../context';
import { towns as townsData, xlTowns } from '../generate/data';
import { slugify } from '../generate/names';

/**
 * Towns (sorted by weight: Moscow first), their districts and metro stations. The 'xl' set adds
 * every other region's centre after the 16 towns of the smaller sets.
 */
export async function seedTowns(ctx: SeedContext): Promise<void> {
  const data: TownData[] = ctx.plan.allRegions ? [...townsData, ...xlTowns] : townsData;
  const rank = [...data.keys()].sort((a, b) => data[b].weight - data[a].weight || a - b);
  const sortOf = new Map(rank.map((index, position) => [index, position + 1]));

  const townRows: Row<typeof towns>[] = [];
  const districtRows: Row<typeof districts>[] = [];
  const metroRows: Row<typeof metroStations>[] = [];

  data.forEach((t, i) => {
    const id = i + 1;
    townRows.push({
      id,
      slug: t.slug,
      name: t.name,
      nameIn: t.nameIn,
      nameGen: t.nameGen,
      region: t.region,
      lat: t.lat,
      lon: t.lon,
      tz: t.tz,
      phoneCode: t.phoneCode,
      population: t.population,
      sort: sortOf.get(i) ?? id,
    });
    const today = zonedDay(ctx.now, t.tz);
    const info: TownInfo = {
      id,
      slug: t.slug,
      name: t.name,
      region: t.region,
      regionCode: t.regionCode,
      tz: t.tz,
      lat: t.lat,
      lon: t.lon,
      phoneCode: t.phoneCode,
      priceFactor: t.priceFactor,
      radiusKm: t.radiusKm,
      weight: t.weight,
      today: today.date,
      todayWeekday: today.isoWeekday,
      data: t,
      districtIds: new Map(),
      metroIds: new Map(),
    };
    for (const name of unique(t.districts)) {
      const districtId = districtRows.length + 1;
      districtRows.push({ id: districtId, townId: id, name, slug: slugify(name) });
      info.districtIds.set(name, districtId);
    }
    const slugs = new Set<string>();
    for (const name of unique(t.metro)) {
      const metroId = metroRows.length + 1;
      metroRows.push({ id: metroId, townId: id, name, slug: uniqueSlug(slugify(name), slugs) });
      info.metroIds.set(name, metroId);
    }
    ctx.towns.push(info);
  });

  ctx.counts.towns = await insertAll(ctx.db, towns, townRows);
  ctx.counts.districts = await insertAll(ctx.db, districts, districtRows);
  ctx.counts.metro_stations = await insertAll(ctx.db, metroStations, metroRows);
  ctx.progress('towns', townRows.length, townRows.length);
}

function unique(names: string[]): string[] {
  return [...new Set(names)];
}

/** Slugs are unique per town: a repeated station name gets '-2', '-3'… */
export function uniqueSlug(base: string, taken: Set<string>): string {
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  taken.add(slug);
  return slug;
}
