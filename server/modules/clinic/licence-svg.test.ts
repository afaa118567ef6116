import { describe, expect, it } from 'vitest';
import { wrapWords } from './licence-svg';

describe('wrapWords', () => {
  it('breaks text into lines of at most the width, whole words only', () => {
    expect(wrapWords('Министерство здравоохранения Приморского края', 20)).toEqual([
      'Министерство',
      'здравоохранения',
      'Приморского края',
    ]);
    expect(wrapWords('  один   два  ', 20)).toEqual(['один два']);
  });

  it('keeps a word longer than the width on its own line', () => {
    expect(wrapWords('а Главмосздравнадзоруправление б', 10)).toEqual([
      'а',
      'Главмосздравнадзоруправление',
      'б',
    ]);
    expect(wrapWords('', 10)).toEqual([]);
  });
});
