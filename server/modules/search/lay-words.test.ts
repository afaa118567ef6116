import { describe, expect, it } from 'vitest';
import { CHILDREN_COUNTERPART, LAY_ENTRIES } from '../../../core/search/lay-words';
import specialities from '../../db/seed/data/specialities.json';

/** The lay dictionary (core/search/lay-words.ts) against the directory's specialities. */
describe('the lay dictionary leads to specialities the directory has', () => {
  const slugs = new Set(specialities.map((s) => s.translit));
  const children = new Set(specialities.filter((s) => s.children).map((s) => s.translit));

  it.each(LAY_ENTRIES.map((entry) => ({ phrase: entry.phrases[0], entry })))(
    '"$phrase" leads to existing specialities',
    ({ entry }) => {
      expect(entry.to.length).toBeGreaterThan(0);
      expect(entry.to.filter((slug) => !slugs.has(slug))).toEqual([]);
    },
  );

  it("turns grown-ups' specialities to existing children's ones", () => {
    for (const [grownUps, child] of Object.entries(CHILDREN_COUNTERPART)) {
      expect(slugs.has(grownUps), grownUps).toBe(true);
      expect(children.has(child), child).toBe(true);
    }
  });
});
