import { describe, expect, it } from 'vitest';
import { buildLayIndex, CHILD_LINE, LAY_INDEX, layStems, matchLay } from './lay-match';
import { LAY_QUERIES } from './lay-queries.fixture';
import { CHILDREN_COUNTERPART, LAY_ENTRIES, type LayEntry } from './lay-words';

const phrases = LAY_ENTRIES.flatMap((entry) => entry.phrases.map((phrase) => ({ phrase, entry })));

describe('the lay dictionary', () => {
  it('has hundreds of phrases, none in two entries', () => {
    expect(phrases.length).toBeGreaterThanOrEqual(250);
    const owner = new Map<string, LayEntry>();
    const twice: string[] = [];
    for (const { phrase, entry } of phrases) {
      const key = layStems(phrase).sort().join(' ');
      if (owner.has(key) && owner.get(key) !== entry) twice.push(phrase);
      owner.set(key, entry);
    }
    expect(twice).toEqual([]);
  });

  it.each(phrases)('finds "$phrase" and leads with its entry', ({ phrase, entry }) => {
    const result = matchLay(phrase);
    expect(result).not.toBeNull();
    // A phrase about a child turns a grown-ups' entry to the children's doctor.
    const first = entry.to[0];
    const expected = [first, CHILDREN_COUNTERPART[first] ?? first];
    expect(result!.slugs.slice(0, 3).some((slug) => expected.includes(slug))).toBe(true);
  });

  it('names whom to see, never what the patient has', () => {
    for (const entry of LAY_ENTRIES) {
      // No 'у вас', 'это может быть', 'диагноз', 'скорее всего', 'похоже на'.
      expect(entry.why).not.toMatch(/у вас|может быть|диагноз|скорее всего|похоже на|вероятно/i);
      expect(entry.why).toMatch(/[.!]$/);
      if (entry.urgent) expect(entry.why).toMatch(/звоните 103 или 112|позвоните 112/);
    }
  });
});

describe('matchLay', () => {
  it('finds lay names in their forms ("зубного врача" → Стоматолог) with the line why', () => {
    expect(matchLay('зубного врача')).toEqual({
      slugs: ['stomatolog'],
      why: 'Зубы лечит стоматолог.',
      urgent: false,
    });
    expect(matchLay('болят зубы')?.slugs[0]).toBe('stomatolog');
    expect(matchLay('глазник')?.slugs[0]).toBe('oftalmolog');
    expect(matchLay('женский врач')?.slugs[0]).toBe('ginekolog');
    expect(matchLay('кожник')?.slugs[0]).toBe('dermatolog');
    expect(matchLay('ухо горло нос')?.slugs[0]).toBe('lor');
  });

  it('leads a complaint to whom people see with it', () => {
    expect(matchLay('болит спина')).toEqual({
      slugs: ['nevrolog', 'vertebrolog', 'terapevt'],
      why: 'При боли в спине обычно обращаются к неврологу или вертебрологу.',
      urgent: false,
    });
    expect(matchLay('спина болит')?.slugs[0]).toBe('nevrolog');
    expect(matchLay('сыпь')?.slugs[0]).toBe('dermatolog');
    expect(matchLay('давление')?.slugs[0]).toBe('kardiolog');
  });

  it('reads the words in any order and a child in any form', () => {
    expect(matchLay('у ребенка температура')?.slugs[0]).toBe('pediatr');
    expect(matchLay('температура у ребёнка')?.slugs[0]).toBe('pediatr');
    expect(matchLay('малыш температурит')?.slugs[0]).toBe('pediatr');
  });

  it("turns a grown-ups' complaint to children's doctors for a child", () => {
    const back = matchLay('болит спина у ребёнка');
    expect(back?.slugs[0]).toBe('detskiy-nevrolog');
    expect(back?.slugs).toContain('pediatr');
    expect(back?.why).toBe(`При боли в спине обычно обращаются к неврологу или вертебрологу. ${CHILD_LINE}`);
  });

  it('forgives typos in longer words and finishes a word being typed', () => {
    expect(matchLay('тимпература')?.slugs[0]).toBe('terapevt');
    expect(matchLay('глозник')?.slugs[0]).toBe('oftalmolog');
    expect(matchLay('глазн')?.slugs[0]).toBe('oftalmolog');
    // Short words must be exact: 'зуп' is not 'зуб'.
    expect(matchLay('зуп')).toBeNull();
  });

  it('tells to call 103 or 112 first for urgent complaints, whatever else matched', () => {
    for (const q of [
      'боль в груди',
      'давит в груди',
      'задыхаюсь',
      'перекосило лицо',
      'трудно дышать и кашель',
    ]) {
      const result = matchLay(q);
      expect(result?.urgent, q).toBe(true);
      expect(result?.why, q).toMatch(/103 или 112/);
    }
    // The breast alone is not the chest pain.
    expect(matchLay('грудь')).toMatchObject({ slugs: ['mammolog'], urgent: false });
  });

  it('stays silent on directory words, names and nonsense', () => {
    for (const q of ['кардиолог', 'кордиолог', 'иванов', 'клиника медси', 'щщ', 'zzzz', 'у меня']) {
      expect(matchLay(q), q).toBeNull();
    }
  });

  it('refuses a phrase with no word of its own', () => {
    expect(() => buildLayIndex([{ phrases: ['болит у меня'], to: ['terapevt'], why: 'x.' }])).toThrow(
      /no word of its own/,
    );
  });
});

describe('the quality set: 200 queries as patients type them', () => {
  it('has 200 queries', () => {
    expect(LAY_QUERIES.length).toBe(200);
    expect(new Set(LAY_QUERIES.map(([q]) => q)).size).toBe(200);
  });

  it('gets at least 95 % right in the top 3', () => {
    const wrong = LAY_QUERIES.filter(
      ([query, expected]) => !(matchLay(query)?.slugs.slice(0, 3) ?? []).some((s) => expected.includes(s)),
    );
    const right = (LAY_QUERIES.length - wrong.length) / LAY_QUERIES.length;
    expect(
      right,
      wrong.map(([q, e]) => `${q} → ${matchLay(q)?.slugs.join(',') ?? '—'} (want ${e.join('|')})`).join('\n'),
    ).toBeGreaterThanOrEqual(0.95);
  });

  it('looks a query up in well under a millisecond (the index is built once)', () => {
    const started = performance.now();
    for (let i = 0; i < 5; i++) for (const [q] of LAY_QUERIES) matchLay(q, LAY_INDEX);
    const perQuery = (performance.now() - started) / (5 * LAY_QUERIES.length);
    expect(perQuery).toBeLessThan(1);
  });
});
