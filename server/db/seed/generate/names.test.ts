import { describe, expect, it } from 'vitest';
import { names, specialities, towns } from './data';
import { fullName, personName, slugify } from './names';
import { createRng } from './random';

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
