import { describe, expect, it } from 'vitest';
import {
  REVIEW_CRITERIA,
  reviewBank,
  reviewTags,
  type Sentiment,
  SPECIALITY_GROUPS,
  specialities,
} from './data';
import { createRng } from './random';
import { replyText, reviewAssessments, reviewTagLinks, reviewText } from './reviews';

const SENTIMENTS: Sentiment[] = ['positive', 'neutral', 'negative'];
// Letters only, so that Cyrillic word boundaries work (\b is ASCII-only in JS).
const word = (w: string) => new RegExp(`(?<![а-яё])${w}(?![а-яё])`, 'i');

describe('reviewText', () => {
  const sentences = (text: string) => text.split(/(?<=[.!?])\s+(?=[А-ЯЁA-Z«])/);

  it('writes 2–6 sentences with every template slot filled', () => {
    const rng = createRng(21);
    for (let i = 0; i < 3000; i++) {
      const spec = rng.pick(specialities);
      const text = reviewText(rng, {
        sentiment: rng.pick(SENTIMENTS),
        group: spec.group,
        speciality: spec.translit,
        children: spec.children,
        doctorGender: rng.chance(0.5) ? 'M' : 'F',
        doctorFirstPatronymic: rng.chance(0.8) ? 'Ирина Сергеевна' : null,
      });
      const n = sentences(text).length;
      expect(n, text).toBeGreaterThanOrEqual(2);
      expect(n, text).toBeLessThanOrEqual(6);
      expect(text).not.toMatch(/[{}[\]|]|undefined|null|\s{2}/);
    }
  });

  it('keeps one patient through a review: the author, or one son or one daughter', () => {
    const rng = createRng(33);
    const son = word('сын[а-яё]*');
    const daughter = /(?<![а-яё])доч/i;
    const child = /ребён|малыш/i;
    const kids = specialities.filter((s) => s.children);
    const adults = specialities.filter((s) => !s.children && s.group !== 'children');
    let sons = 0;
    let daughters = 0;
    for (let i = 0; i < 4000; i++) {
      const spec = rng.pick(i % 2 === 0 ? kids : adults);
      const text = reviewText(rng, {
        sentiment: rng.pick(SENTIMENTS),
        group: spec.group,
        speciality: spec.translit,
        children: spec.children,
        doctorGender: rng.chance(0.5) ? 'M' : 'F',
        doctorFirstPatronymic: 'Ирина Сергеевна',
      });
      expect(son.test(text) && daughter.test(text), text).toBe(false);
      if (!spec.children) expect(son.test(text) || daughter.test(text) || child.test(text), text).toBe(false);
      if (son.test(text)) sons++;
      if (daughter.test(text)) daughters++;
    }
    // Both children's stories are still told.
    expect(sons).toBeGreaterThan(50);
    expect(daughters).toBeGreaterThan(50);
  });

  it('writes a review about the patient it is given', () => {
    const rng = createRng(34);
    for (let i = 0; i < 500; i++) {
      const text = reviewText(rng, {
        sentiment: 'positive',
        group: 'children',
        speciality: 'pediatr',
        children: true,
        doctorGender: 'F',
        patient: 'son',
      });
      expect(/(?<![а-яё])доч/i.test(text), text).toBe(false);
      expect(/живу|сплю/i.test(text), text).toBe(false);
    }
  });

  it('keeps every fragment a single sentence, so counts stay within 2–6', () => {
    const all: string[] = [];
    const walk = (x: unknown): void => {
      if (typeof x === 'string') all.push(x);
      else if (Array.isArray(x)) x.forEach(walk);
      else if (x && typeof x === 'object') Object.values(x).forEach(walk);
    };
    const { tags: _tags, criteria: _criteria, replies: _replies, ...texts } = reviewBank;
    walk(texts);
    for (const s of all) {
      expect(sentences(s), s).toHaveLength(1);
      expect(s, s).toMatch(/[.!?]$/);
    }
  });

  it('agrees verbs with the doctor gender and the author gender', () => {
    const rng = createRng(8);
    for (let i = 0; i < 3000; i++) {
      const opts = {
        sentiment: rng.pick(SENTIMENTS),
        group: rng.pick(SPECIALITY_GROUPS),
        doctorFirstPatronymic: 'Олег Ильич',
      };
      const female = reviewText(rng, { ...opts, doctorGender: 'F', authorGender: 'F' });
      for (const w of ['выслушал', 'объяснил', 'назначил', 'предложил', 'пришёл', 'записался']) {
        expect(female, female).not.toMatch(word(w));
      }
      const male = reviewText(rng, { ...opts, group: 'therapy', doctorGender: 'M', authorGender: 'M' });
      for (const w of ['выслушала', 'объяснила', 'назначила', 'предложила', 'пришла', 'записалась']) {
        expect(male, male).not.toMatch(word(w));
      }
    }
  });

  it('skips name slots when the doctor name is unknown and uses it when known', () => {
    const rng = createRng(4);
    let withName = 0;
    for (let i = 0; i < 2000; i++) {
      const opts = { sentiment: 'positive' as const, group: 'therapy', doctorGender: 'M' as const };
      expect(reviewText(rng, { ...opts, doctorFirstPatronymic: null })).not.toContain('Олег');
      if (reviewText(rng, { ...opts, doctorFirstPatronymic: 'Олег Ильич' }).includes('Олег Ильич'))
        withName++;
    }
    expect(withName).toBeGreaterThan(100);
  });

  it('varies length and rarely repeats itself', () => {
    const rng = createRng(99);
    const texts = Array.from({ length: 5000 }, () =>
      reviewText(rng, {
        sentiment: rng.pick(SENTIMENTS),
        group: rng.pick(SPECIALITY_GROUPS),
        doctorGender: rng.chance(0.5) ? 'M' : 'F',
        doctorFirstPatronymic: rng.pick(['Анна Петровна', 'Игорь Валерьевич', 'Елена Ильинична']),
      }),
    );
    const lengths = texts.map((t) => t.length);
    expect(lengths.filter((l) => l < 150).length).toBeGreaterThan(500);
    expect(lengths.filter((l) => l >= 400).length).toBeGreaterThan(250);
    expect(new Set(texts).size).toBeGreaterThan(4900);
  });
});

describe('review marks, tags and replies', () => {
  it('marks the four criteria within −3…2, following the sentiment', () => {
    const rng = createRng(6);
    for (const sentiment of SENTIMENTS) {
      let sum = 0;
      for (let i = 0; i < 500; i++) {
        const a = reviewAssessments(rng, sentiment);
        expect(a.map((x) => x.name)).toEqual([...REVIEW_CRITERIA]);
        for (const x of a) {
          expect(Number.isInteger(x.value)).toBe(true);
          expect(x.value >= -3 && x.value <= 2).toBe(true);
          sum += x.value;
        }
      }
      const mean = sum / 2000;
      if (sentiment === 'positive') expect(mean).toBeGreaterThan(1.5);
      if (sentiment === 'negative') expect(mean).toBeLessThan(-1.5);
    }
    expect(REVIEW_CRITERIA).toContain('Посоветуете ли врача?');
  });

  it('links praise tags as liked and complaint tags as disliked, fitting the group', () => {
    const rng = createRng(12);
    const byTranslit = new Map(reviewTags.map((t) => [t.translit, t]));
    for (let i = 0; i < 500; i++) {
      for (const link of reviewTagLinks(rng, 'positive', 'therapy')) {
        expect(link.liked).toBe(true);
        expect(byTranslit.get(link.translit)?.groups).toBeUndefined();
      }
      for (const link of reviewTagLinks(rng, 'negative', 'dentistry')) expect(link.liked).toBe(false);
    }
    expect(reviewTags.length).toBeGreaterThanOrEqual(20);
  });

  it('writes replies in the doctor’s gender', () => {
    const rng = createRng(13);
    for (let i = 0; i < 200; i++) {
      const f = replyText(rng, 'doctor', { sentiment: 'positive', doctorGender: 'F' });
      expect(f).not.toMatch(word('Рад'));
      expect(f).not.toMatch(/[{}[\]|]/);
      expect(replyText(rng, 'clinic', { sentiment: 'positive', doctorGender: 'F' })).not.toMatch(word('ему'));
    }
  });
});
