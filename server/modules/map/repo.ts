import { asc, eq } from 'drizzle-orm';
import { clinicUrl } from '../../../core/directory/urls';
import type { MapClinic } from '../../../core/map/contracts';
import type { Db } from '../../db/client';
import { clinics } from '../../db/schema/clinics';
import { metroStations, towns } from '../../db/schema/towns';

/** A town's map holds at most this many pins (the biggest seeded town has far fewer). */
const MAX_PINS = 3000;

export interface MapTownRows {
  town: { id: number; slug: string; name: string; lat: number; lon: number };
  clinics: (MapClinic & { metroId: number | null })[];
  metro: { id: number; name: string }[];
}

/** Everything the town's map is drawn from; null for an unknown town. */
export async function readMapTown(db: Db, slug: string): Promise<MapTownRows | null> {
  const [town] = await db
    .select({ id: towns.id, slug: towns.slug, name: towns.name, lat: towns.lat, lon: towns.lon })
    .from(towns)
    .where(eq(towns.slug, slug))
    .limit(1);
  if (!town) return null;
  const [rows, metro] = await Promise.all([
    db
      .select({
        id: clinics.id,
        slug: clinics.slug,
        name: clinics.name,
        street: clinics.street,
        house: clinics.house,
        phones: clinics.phones,
        lat: clinics.lat,
        lon: clinics.lon,
        metroId: clinics.metroId,
      })
      .from(clinics)
      .where(eq(clinics.townId, town.id))
      .orderBy(asc(clinics.id))
      .limit(MAX_PINS),
    db
      .select({ id: metroStations.id, name: metroStations.name })
      .from(metroStations)
      .where(eq(metroStations.townId, town.id)),
  ]);
  return {
    town,
    metro,
    clinics: rows.map((r) => ({
      id: r.id,
      name: r.name,
      address: `${r.street}, ${r.house}`,
      phone: r.phones[0] ?? null,
      href: clinicUrl(town.slug, r),
      lat: r.lat,
      lon: r.lon,
      metroId: r.metroId,
    })),
  };
}
