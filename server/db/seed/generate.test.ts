import { describe, expect, it } from 'vitest';
import {
  address,
  CLINIC_KINDS,
  clinicBank,
  clinicName,
  createRng,
  fullName,
  hashSeed,
  licenceNumber,
  mobilePhone,
  names,
  personName,
  phone,
  REVIEW_CRITERIA,
  replyText,
  reviewAssessments,
  reviewBank,
  reviewTagLinks,
  reviewTags,
  reviewText,
  type Sentiment,
  SPECIALITY_GROUPS,
  serviceClasses,
  servicePrice,
  slugify,
  specialities,
  townBySlug,
  towns,
  treatments,
} from './generate';

const SENTIMENTS: Sentiment[] = ['positive', 'neutral', 'negative'];
// Letters only, so that Cyrillic word boundaries work (\b is ASCII-only in JS).
const word = (w: string) => new RegExp(`(?<![а-яё])${w}(?![а-яё])`, 'i');

describe('createRng', () => {
  it('repeats the same stream for the same seed and differs for another seed', () => {
    const a = createRng(123);
    const b = createRng(123);
    const c = createRng(124);
    const sa = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(sa);
    expect(Array.from({ length: 20 }, () => c.next())).not.toEqual(sa);
  });

  it('keeps next() in [0, 1) and int() within inclusive bounds', () => {
    const rng = createRng(1);
    const seen = new Set<number>();
    for (let i = 0; i < 10_000; i++) {
      const x = rng.next();
      expect(x >= 0 && x < 1).toBe(true);
      const n = rng.int(3, 7);
      expect(n >= 3 && n <= 7).toBe(true);
      seen.add(n);
    }
    expect([...seen].sort()).toEqual([3, 4, 5, 6, 7]);
  });

  it('picks by weight roughly in proportion', () => {
    const rng = createRng(5);
    let heavy = 0;
    for (let i = 0; i < 10_000; i++)
      if (
        rng.weighted([
          ['a', 1],
          ['b', 3],
        ]) === 'b'
      )
        heavy++;
    expect(heavy / 10_000).toBeGreaterThan(0.7);
    expect(heavy / 10_000).toBeLessThan(0.8);
  });

  it('forks by label independently of how much the parent was used', () => {
    const a = createRng(9);
    const b = createRng(9);
    for (let i = 0; i < 100; i++) b.next();
    expect(a.fork('doctor:1').next()).toBe(b.fork('doctor:1').next());
    expect(a.fork('doctor:1').next()).not.toBe(a.fork('doctor:2').next());
  });

  it('shuffles a copy and samples distinct items', () => {
    const rng = createRng(2);
    const items = [1, 2, 3, 4, 5, 6];
    const shuffled = rng.shuffle(items);
    expect(items).toEqual([1, 2, 3, 4, 5, 6]);
    expect([...shuffled].sort()).toEqual(items);
    expect(new Set(rng.sample(items, 4)).size).toBe(4);
  });

  it('hashes seed parts without collisions between different splits', () => {
    expect(hashSeed('ab', 'c')).not.toBe(hashSeed('a', 'bc'));
    expect(hashSeed(1, 'x')).toBe(hashSeed(1, 'x'));
  });
});

describe('generators are deterministic', () => {
  it('produces the same names, texts, addresses and phones from the same seed', () => {
    const run = (seed: number) => {
      const rng = createRng(seed);
      return Array.from({ length: 50 }, () => ({
        name: personName(rng, rng.chance(0.5) ? 'M' : 'F', rng.pick(['moskva', 'kazan', 'ufa'])),
        text: reviewText(rng, {
          sentiment: rng.pick(SENTIMENTS),
          group: rng.pick(SPECIALITY_GROUPS),
          doctorGender: 'F',
          doctorFirstPatronymic: 'Анна Петровна',
        }),
        address: address(rng, rng.pick(towns)),
        phone: phone(rng, 'moskva'),
        clinic: clinicName(rng, rng.pick(CLINIC_KINDS)),
        reply: replyText(rng, 'clinic', { sentiment: 'negative' }),
      }));
    };
    expect(run(77)).toEqual(run(77));
    expect(run(77)).not.toEqual(run(78));
  });
});

describe('personName', () => {
  it('agrees surname and patronymic with the gender', () => {
    const rng = createRng(11);
    const femaleSurnames = new Set(names.surnames.map((s) => s[1]));
    for (const town of [undefined, 'kazan', 'ufa', 'moskva']) {
      for (let i = 0; i < 2000; i++) {
        const f = personName(rng, 'F', town);
        expect(f.patronymic).toMatch(/(вна|чна)$/);
        const regional = town ? (names.regional[town]?.surnames.map((s) => s[1]) ?? []) : [];
        expect(femaleSurnames.has(f.lastName) || regional.includes(f.lastName)).toBe(true);
        const m = personName(rng, 'M', town);
        expect(m.patronymic).toMatch(/ич$/);
        expect(m.lastName).not.toMatch(/(ова|ева|ёва|ина|ская|цкая)$/);
      }
    }
  });

  it('stores correct feminine surname forms', () => {
    for (const [m, f] of names.surnames) {
      if (/(ов|ев|ёв|ин|ын)$/.test(m)) expect(f).toBe(`${m}а`);
      else if (/(ский|цкий)$/.test(m)) expect(f).toBe(m.replace(/ий$/, 'ая'));
      else if (/.{3}ой$/.test(m)) expect(f).toBe(m.replace(/ой$/, 'ая'));
      else expect(f).toBe(m);
    }
    expect(names.surnames.length).toBeGreaterThanOrEqual(200);
    expect(names.surnames).toContainEqual(['Черных', 'Черных']);
    expect(names.surnames).toContainEqual(['Шевченко', 'Шевченко']);
  });

  it('gets the irregular patronymics right', () => {
    expect(names.patronymics.Илья).toEqual(['Ильич', 'Ильинична']);
    expect(names.patronymics.Никита).toEqual(['Никитич', 'Никитична']);
    expect(names.patronymics.Кузьма).toEqual(['Кузьмич', 'Кузьминична']);
    expect(names.patronymics.Лев).toEqual(['Львович', 'Львовна']);
    expect(names.patronymics.Пётр).toEqual(['Петрович', 'Петровна']);
  });

  it('has a patronymic for every father name in every list', () => {
    const fathers = [...names.fathers, ...Object.values(names.regional).flatMap((r) => r.fathers)];
    for (const [father] of fathers) expect(names.patronymics[father], father).toBeDefined();
  });

  it('gives Kazan a share of Tatar names and Moscow none', () => {
    const rng = createRng(3);
    const tatar = new Set(names.regional.kazan.surnames.flat());
    const count = (town: string) =>
      Array.from({ length: 1000 }, () => personName(rng, 'M', town)).filter((n) => tatar.has(n.lastName))
        .length;
    expect(count('kazan')).toBeGreaterThan(250);
    expect(count('moskva')).toBe(0);
  });

  it('formats the full name surname first', () => {
    expect(fullName({ lastName: 'Иванова', firstName: 'Елена', patronymic: 'Сергеевна' })).toBe(
      'Иванова Елена Сергеевна',
    );
  });
});

describe('slugify', () => {
  it('transliterates the way seed-data.md §6 does', () => {
    expect(slugify('Щёлково')).toBe('shchyolkovo');
    expect(slugify('Щёлково, ул. Подъездная')).toBe('shchyolkovo-ul-podezdnaya');
    expect(slugify('Иванов Иван Иванович')).toBe('ivanov-ivan-ivanovich');
    expect(slugify('ЛОР (оториноларинголог)')).toBe('lor-otorinolaringolog');
    expect(slugify('Хабаровск')).toBe('khabarovsk');
    expect(slugify('Цой')).toBe('tsoy');
    expect(slugify('Сыктывкар')).toBe('syktyvkar');
    expect(slugify('Мытищи')).toBe('mytishchi');
    expect(slugify('Нижний Новгород')).toBe('nizhniy-novgorod');
    expect(slugify('Мануальный терапевт')).toBe('manualniy-terapevt');
    expect(slugify('Общий анализ крови (ОАК)')).toBe('obshchiy-analiz-krovi-oak');
    expect(slugify('Тольятти')).toBe('tolyatti');
    expect(slugify('  --Café №5--  ')).toBe('cafe-5');
  });

  it('matches the stored town slugs, spb being the one short alias', () => {
    for (const t of towns) if (t.slug !== 'spb') expect(slugify(t.name), t.name).toBe(t.slug);
  });

  it('matches the stored speciality translits apart from the short overrides', () => {
    const overrides = new Set(['lor', 'oftalmolog', 'uzi']);
    for (const s of specialities)
      if (!overrides.has(s.translit)) expect(slugify(s.name), s.name).toBe(s.translit);
  });
});

describe('towns.json', () => {
  it('has the required towns with the agreed slugs', () => {
    expect(towns.length).toBeGreaterThanOrEqual(12);
    const expected: Record<string, string> = {
      moskva: 'Москва',
      spb: 'Санкт-Петербург',
      novosibirsk: 'Новосибирск',
      ekaterinburg: 'Екатеринбург',
      kazan: 'Казань',
      krasnodar: 'Краснодар',
      vladivostok: 'Владивосток',
    };
    for (const [slug, name] of Object.entries(expected)) expect(townBySlug(slug).name).toBe(name);
    expect(townBySlug('vladivostok').nameIn).toBe('во Владивостоке');
    expect(() => townBySlug('atlantida')).toThrow();
  });

  it('uses valid IANA time zones with the right offsets', () => {
    const offset = (tz: string) =>
      new Intl.DateTimeFormat('en-US', { timeZone: tz, timeZoneName: 'shortOffset' })
        .formatToParts(new Date('2026-01-15T12:00:00Z'))
        .find((p) => p.type === 'timeZoneName')?.value;
    for (const t of towns) {
      expect(() => new Intl.DateTimeFormat(undefined, { timeZone: t.tz }), t.slug).not.toThrow();
      expect(t.tz).toMatch(/^(Europe|Asia)\//);
    }
    expect(offset(townBySlug('moskva').tz)).toBe('GMT+3');
    expect(offset(townBySlug('samara').tz)).toBe('GMT+4');
    expect(offset(townBySlug('ekaterinburg').tz)).toBe('GMT+5');
    expect(offset(townBySlug('novosibirsk').tz)).toBe('GMT+7');
    expect(offset(townBySlug('vladivostok').tz)).toBe('GMT+10');
  });

  it('has districts, streets and metro of the agreed sizes', () => {
    const metroTowns = [
      'moskva',
      'spb',
      'novosibirsk',
      'ekaterinburg',
      'kazan',
      'samara',
      'nizhniy-novgorod',
    ];
    for (const t of towns) {
      expect(t.districts.length, t.slug).toBeGreaterThanOrEqual(6);
      expect(t.districts.length, t.slug).toBeLessThanOrEqual(12);
      expect(t.streets.length, t.slug).toBeGreaterThanOrEqual(15);
      expect(t.streets.length, t.slug).toBeLessThanOrEqual(30);
      expect(new Set(t.streets).size).toBe(t.streets.length);
      expect(t.metro.length > 0, t.slug).toBe(metroTowns.includes(t.slug));
      expect(t.lat).toBeGreaterThan(40);
      expect(t.lon).toBeGreaterThan(19);
      expect(t.phoneCode).toMatch(/^\d{3,4}$/);
      expect(t.regionCode).toMatch(/^\d{2}$/);
      // Flat lists are the union of the areas.
      expect(new Set(t.areas.flatMap((a) => a.streets))).toEqual(new Set(t.streets));
    }
    expect(townBySlug('moskva').metro.length).toBeGreaterThanOrEqual(30);
    expect(townBySlug('spb').metro.length).toBeGreaterThanOrEqual(30);
  });
});

describe('catalogue data', () => {
  it('has enough specialities, services and treatments', () => {
    expect(specialities.length).toBeGreaterThanOrEqual(65);
    expect(serviceClasses.flatMap((c) => c.services).length).toBeGreaterThanOrEqual(85);
    expect(treatments.length).toBeGreaterThanOrEqual(30);
  });

  it('has unique, URL-safe translits everywhere', () => {
    const slug = /^[a-z0-9]+(-[a-z0-9]+)*$/;
    const check = (list: string[]) => {
      expect(new Set(list).size).toBe(list.length);
      for (const t of list) expect(t).toMatch(slug);
    };
    check(specialities.map((s) => s.translit));
    check(serviceClasses.flatMap((c) => [c.translit, ...c.services.map((s) => s.translit)]));
    check(treatments.map((t) => t.translit));
    check(reviewTags.map((t) => t.translit));
    for (const t of reviewTags) expect(t.translit).toBe(slugify(t.name));
  });

  it('keeps the slugs the rest of the app links to', () => {
    const translits = new Set(specialities.map((s) => s.translit));
    for (const t of [
      'terapevt',
      'kardiolog',
      'stomatolog',
      'lor',
      'ginekolog',
      'pediatr',
      'oftalmolog',
      'uzi',
    ]) {
      expect(translits.has(t), t).toBe(true);
    }
  });

  it('refers only to specialities that exist and uses known groups', () => {
    const translits = new Set(specialities.map((s) => s.translit));
    for (const s of specialities) expect(SPECIALITY_GROUPS).toContain(s.group);
    for (const c of serviceClasses) {
      expect(['service', 'diagnostics', 'analysis']).toContain(c.kind);
      for (const s of c.services) {
        if (s.speciality) expect(translits.has(s.speciality), s.speciality).toBe(true);
        expect(Number.isInteger(s.priceMin) && Number.isInteger(s.priceMax)).toBe(true);
        expect(s.priceMin).toBeGreaterThan(0);
        expect(s.priceMax).toBeGreaterThan(s.priceMin);
        expect(s.duration).toBeGreaterThan(0);
      }
    }
    for (const t of treatments) for (const s of t.specialities) expect(translits.has(s), s).toBe(true);
    for (const key of [
      ...Object.keys(reviewBank.specialityReasons),
      ...Object.keys(reviewBank.specialityBodies),
    ]) {
      expect(translits.has(key), key).toBe(true);
    }
  });

  it('has a licence authority for every town', () => {
    for (const t of towns) expect(clinicBank.licenceAuthorities[t.slug], t.slug).toBeDefined();
  });
});

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

describe('clinics, addresses and phones', () => {
  it('names clinics with a prefix and a quoted name', () => {
    const rng = createRng(14);
    for (const kind of CLINIC_KINDS) {
      for (let i = 0; i < 50; i++)
        expect(clinicName(rng, kind)).toMatch(/^[А-ЯЁ][^«»]* («[^«»]+»|доктора [А-ЯЁ]\S+)$/);
    }
  });

  it('builds addresses from the town’s own streets, districts and metro', () => {
    const rng = createRng(15);
    for (const town of towns) {
      for (let i = 0; i < 100; i++) {
        const a = address(rng, town);
        const area = town.areas.find((x) => x.district === a.district);
        expect(area?.streets).toContain(a.street);
        if (a.metro === null) expect(area?.metro).toHaveLength(0);
        else expect(area?.metro).toContain(a.metro);
        expect(a.house).toMatch(/^\d+/);
        expect(a.full).toBe(`${a.street}, д. ${a.house}`);
        expect(Math.abs(a.lat - town.lat)).toBeLessThan(0.2);
      }
    }
  });

  it('dials 11-digit numbers in the town’s area code', () => {
    const rng = createRng(16);
    for (const town of towns) {
      for (let i = 0; i < 20; i++) {
        const p = phone(rng, town);
        expect(p).toMatch(/^7\d{10}$/);
        expect([town.phoneCode, ...town.altPhoneCodes].some((c) => p.startsWith(`7${c}`))).toBe(true);
      }
    }
    expect(mobilePhone(rng)).toMatch(/^79\d{9}$/);
  });

  it('formats licence numbers and prices', () => {
    const rng = createRng(17);
    expect(licenceNumber(rng, 'moskva')).toMatch(/^Л041-\d{5}-77\/\d{8}$/);
    const service = { priceMin: 1000, priceMax: 3000 };
    for (let i = 0; i < 100; i++) {
      const p = servicePrice(rng, service, 'kazan');
      expect(p % 50).toBe(0);
      expect(p).toBeGreaterThanOrEqual(600);
      expect(p).toBeLessThanOrEqual(2200);
    }
  });
});
