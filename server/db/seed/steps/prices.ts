import type { SeedContext } from '../context';

/** Prices end in 00 (or 50 under a thousand), as price lists do. */
export function roundPrice(x: number): number {
  return x < 1000 ? Math.round(x / 50) * 50 : Math.round(x / 100) * 100;
}

/** Moscow-level consultation price range by speciality group, when services.json has no 'Приём …' line. */
const GROUP_PRICES: Record<string, [number, number]> = {
  psy: [3300, 8000],
  dentistry: [1000, 3200],
  diagnostics: [2000, 4500],
  rehab: [2000, 5000],
};

/**
 * A doctor's base clinic price (Moscow level, before the town factor and per-clinic spread):
 * the middle of the speciality's first-visit price range, jittered later per workplace.
 */
export function consultationPrices(ctx: SeedContext): number[] {
  return ctx.specialities.map((_, si) => {
    const own = ctx.services.find(
      (s) => s.speciality === si && s.classTranslit === 'priem-vracha' && !/на дом|повторный/.test(s.name),
    );
    const [min, max] = own
      ? [own.priceMin, own.priceMax]
      : (GROUP_PRICES[ctx.specialities[si].group] ?? [2300, 5600]);
    return (min + max) / 2;
  });
}
