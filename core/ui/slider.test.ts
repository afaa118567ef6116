import { describe, expect, it } from 'vitest';
import { sliderEnabled } from './slider';

describe('sliderEnabled', () => {
  it('turns on above 4 slides on a phone and above 5 on a wide screen', () => {
    expect(sliderEnabled(4, 390, '')).toBe(false);
    expect(sliderEnabled(5, 390, '')).toBe(true);
    expect(sliderEnabled(5, 1280, '')).toBe(false);
    expect(sliderEnabled(6, 1280, '')).toBe(true);
  });

  it('stays off while the map or the filters are open by hash', () => {
    expect(sliderEnabled(10, 390, '#map_page')).toBe(false);
    expect(sliderEnabled(10, 1280, '#filters')).toBe(false);
    expect(sliderEnabled(10, 1280, '#rate-5')).toBe(true);
  });
});
