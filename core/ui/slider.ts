/** A slider turns on above 4 slides on narrow screens and above 5 on wide ones. */
export const SLIDER_MIN_NARROW = 5;
export const SLIDER_MIN_WIDE = 6;
/** Wide from this viewport width (Tailwind's md). */
export const SLIDER_WIDE_PX = 768;
/** A page opened on these hashes keeps the plain list: no slider. */
export const SLIDER_SUPPRESSING_HASHES = ['#map_page', '#filters'] as const;

export function sliderEnabled(slides: number, viewportWidth: number, hash: string): boolean {
  if ((SLIDER_SUPPRESSING_HASHES as readonly string[]).includes(hash)) return false;
  return slides >= (viewportWidth >= SLIDER_WIDE_PX ? SLIDER_MIN_WIDE : SLIDER_MIN_NARROW);
}
