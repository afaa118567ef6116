/** Directory picks: a town by size, a speciality by weight, a service's price in a town. */
import { resolveTown, type Service, type Speciality, specialities, type Town, towns } from './data';
import { type Rng, weightedPicker } from './random';

const pickTownBySize = weightedPicker(towns.map((t) => [t, t.weight] as const));
const pickSpecialityByWeight = weightedPicker(specialities.map((s) => [s, s.weight] as const));

export function pickTown(rng: Rng): Town {
  return pickTownBySize(rng);
}

export function pickSpeciality(rng: Rng): Speciality {
  return pickSpecialityByWeight(rng);
}

/** A clinic's price for a service in a town, rounded the way price lists are (to 50 or 100 ₽). */
export function servicePrice(
  rng: Rng,
  service: Pick<Service, 'priceMin' | 'priceMax'>,
  town: Town | string,
): number {
  const t = resolveTown(town);
  const raw = rng.float(service.priceMin, service.priceMax) * t.priceFactor;
  const step = raw < 5000 ? 50 : 100;
  return Math.max(step, Math.round(raw / step) * step);
}
