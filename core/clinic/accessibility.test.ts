import { describe, expect, it } from 'vitest';
import { isAccessibilityFeature, orderedFeatures, stepFreeOnly } from './accessibility';

describe('accessibility', () => {
  it("lists a clinic's features once each, in the list's order, dropping unknown ones", () => {
    expect(orderedFeatures(['hearing', 'lift', 'step_free', 'lift', 'elevator'])).toEqual([
      'step_free',
      'lift',
      'hearing',
    ]);
    expect(orderedFeatures([])).toEqual([]);
    expect(isAccessibilityFeature('toilet')).toBe(true);
    expect(isAccessibilityFeature('TOILET')).toBe(false);
  });

  it('filters the list on 1, on or true, and on nothing else', () => {
    for (const on of ['1', 'on', 'true'])
      expect(stepFreeOnly(new URLSearchParams({ bez_stupenek: on }))).toBe(true);
    for (const off of ['', '0', 'yes'])
      expect(stepFreeOnly(new URLSearchParams({ bez_stupenek: off }))).toBe(false);
    expect(stepFreeOnly(new URLSearchParams())).toBe(false);
  });
});
