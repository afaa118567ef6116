import { describe, expect, it } from 'vitest';
import { emptyTypeahead, TYPEAHEAD_RESET_MS, typeahead } from './typeahead';

const labels = ['Кардиолог', 'Дерматолог', 'Детский хирург', 'Кардиохирург', 'Невролог'];

describe('typeahead', () => {
  it('finds the first option starting with the typed letters', () => {
    const r = typeahead(emptyTypeahead, 'н', 1000, labels, -1);
    expect(r.index).toBe(4);
  });

  it('builds a prefix while typing quickly', () => {
    const a = typeahead(emptyTypeahead, 'д', 1000, labels, -1);
    expect(a.index).toBe(1);
    const b = typeahead(a.state, 'е', 1100, labels, a.index);
    expect(b.index).toBe(1);
    const c = typeahead(b.state, 'т', 1200, labels, b.index);
    expect(c.index).toBe(2);
  });

  it('cycles through options with the same first letter when one letter is repeated', () => {
    const a = typeahead(emptyTypeahead, 'к', 1000, labels, -1);
    const b = typeahead(a.state, 'к', 1100, labels, a.index);
    const c = typeahead(b.state, 'к', 1200, labels, b.index);
    expect([a.index, b.index, c.index]).toEqual([0, 3, 0]);
  });

  it('starts a new lookup after the reset delay', () => {
    const a = typeahead(emptyTypeahead, 'д', 1000, labels, -1);
    const b = typeahead(a.state, 'н', 1000 + TYPEAHEAD_RESET_MS + 1, labels, a.index);
    expect(b.state.buffer).toBe('н');
    expect(b.index).toBe(4);
  });

  it('skips disabled options and keeps the position when nothing matches', () => {
    const r = typeahead(emptyTypeahead, 'к', 1000, labels, -1, (i) => i === 0);
    expect(r.index).toBe(3);
    expect(typeahead(emptyTypeahead, 'я', 1000, labels, 2).index).toBe(2);
  });
});
