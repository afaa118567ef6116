/**
 * The whole `small` data set checked for contradictions a patient would notice: services and
 * doctors a clinic of its kind would not have, key scans missing in big towns, reviews that
 * change who was treated or the author's gender halfway, repeated courses and publications,
 * and a 'Документы проверены' badge over a document the modal calls invalid.
 * Each check lists the offending ids, so a failure says where to look.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { showsVerifiedBadge } from '../../../core/doctor/documents';
import { openSeededDatabase } from '../../testing/seeded-database';
import type { Database } from '../client';
import names from './data/names.json' with { type: 'json' };
import reviewsData from './data/reviews.json' with { type: 'json' };
import { SIZES } from './sizes';

const NOW = new Date('2025-06-10T09:00:00.000Z');
const TODAY = '2025-06-10';

let database: Database;

beforeAll(async () => {
  database = await openSeededDatabase({ size: 'small', seed: 1, now: NOW });
}, 900_000);

afterAll(async () => {
  await database?.close();
});

async function rows<T>(query: string): Promise<T[]> {
  return (await database.db.execute(sql.raw(query))).rows as T[];
}

/** Fails listing the first offenders (ids or short descriptions) and how many there are. */
function expectNone(bad: unknown[], what: string): void {
  expect(bad.length, `${bad.length} ${what}: ${bad.slice(0, 30).join(', ')}`).toBe(0);
}

/** Ids (or short descriptions) of the offending rows; empty when the data set is clean. */
async function offenders(query: string): Promise<string[]> {
  return (await rows<{ x: unknown }>(query)).map((r) => String(r.x));
}

/**
 * Services no children's clinic sells: adult screening, prostate, breast and pregnancy care,
 * certificates and the medical book for work, laser eye surgery.
 */
const ADULT_ONLY_SERVICE =
  'предстат|ПСА|молочных желёз|трансвагин|триместр|Тестостерон|ХГЧ|АМГ|внутриматоч|шейки матки|онкоцитолог|вен нижних|оружие|ГИБДД|приёме на работу|медицинской книжки|Лазерная коррекция';

describe('clinics sell what their profile fits', () => {
  it('children’s clinics sell no adult-only services or adult consultations', async () => {
    const bad = await offenders(`
      SELECT c.id || ':' || s.name AS x FROM clinic_services cs
      JOIN clinics c ON c.id = cs.clinic_id JOIN service_synonyms s ON s.id = cs.synonym_id
      JOIN service_classes k ON k.id = s.class_id
      LEFT JOIN specialities sp ON sp.id = s.speciality_id
      WHERE c.kind = 'children'
        AND (s.name ~* '${ADULT_ONLY_SERVICE}' OR (k.translit = 'priem-vracha' AND NOT coalesce(sp.children, false)))
      ORDER BY c.id, s.id`);
    expectNone(bad, 'children’s clinic:service');
  });

  it('dental clinics sell dentistry only, laboratories analyses only', async () => {
    const bad = await offenders(`
      SELECT c.kind || ' ' || c.id || ':' || s.name AS x FROM clinic_services cs
      JOIN clinics c ON c.id = cs.clinic_id JOIN service_synonyms s ON s.id = cs.synonym_id
      JOIN service_classes k ON k.id = s.class_id
      LEFT JOIN specialities sp ON sp.id = s.speciality_id
      WHERE (c.kind = 'dentistry' AND k.translit <> 'stomatologiya' AND coalesce(sp."group", '') <> 'dentistry')
         OR (c.kind = 'lab' AND k.kind <> 'analysis')
      ORDER BY c.id, s.id`);
    expectNone(bad, 'clinic:service');
  });

  it('sells a consultation only where a doctor of its speciality works', async () => {
    const bad = await offenders(`
      SELECT cs.clinic_id || ':' || s.name AS x FROM clinic_services cs
      JOIN service_synonyms s ON s.id = cs.synonym_id JOIN service_classes k ON k.id = s.class_id
      WHERE k.translit = 'priem-vracha' AND s.speciality_id IS NOT NULL
        AND NOT EXISTS (
          SELECT 1 FROM workplaces w JOIN doctor_specialities ds ON ds.doctor_id = w.doctor_id
          WHERE w.clinic_id = cs.clinic_id AND ds.speciality_id = s.speciality_id)
      ORDER BY cs.clinic_id, s.id`);
    expectNone(bad, 'clinic:consultation without such a doctor');
  });

  it('doctors hold specialities that fit the kind of every clinic they work at', async () => {
    const bad = await offenders(`
      SELECT DISTINCT c.kind || ' ' || c.id || ': doctor ' || w.doctor_id || ' ' || sp.name AS x
      FROM workplaces w JOIN clinics c ON c.id = w.clinic_id
      JOIN doctor_specialities ds ON ds.doctor_id = w.doctor_id JOIN specialities sp ON sp.id = ds.speciality_id
      WHERE (c.kind = 'children' AND NOT sp.children)
         OR (c.kind = 'dentistry' AND sp."group" <> 'dentistry')
         OR (c.kind = 'diagnostics' AND sp."group" <> 'diagnostics')
         OR c.kind = 'lab'
      ORDER BY x`);
    expectNone(bad, 'clinic: doctor speciality');
  });

  it('brain MRI and the other key scans are offered by several clinics in the biggest towns', async () => {
    const counts = await rows<{ town: string; service: string; n: number }>(`
      SELECT t.slug AS town, s.name AS service, count(DISTINCT cs.clinic_id)::int AS n
      FROM towns t CROSS JOIN service_synonyms s
      LEFT JOIN clinics c ON c.town_id = t.id
      LEFT JOIN clinic_services cs ON cs.clinic_id = c.id AND cs.synonym_id = s.id
      WHERE t.slug IN ('moskva', 'spb')
        AND s.name IN ('МРТ головного мозга', 'КТ органов грудной клетки', 'УЗИ органов брюшной полости (комплексное)')
      GROUP BY 1, 2 ORDER BY 1, 2`);
    expect(counts).toHaveLength(6);
    // More than two everywhere; every diagnostic centre and hospital of these towns has them.
    expect(counts.filter((c) => c.n < 5)).toEqual([]);
  });
});

/** Words only the female variant of a '[он|она]' (author) or '{он|она}' (doctor) token has. */
function femaleOnlyWords(open: string, close: string): Set<string> {
  const templates: string[] = [];
  const walk = (x: unknown): void => {
    if (typeof x === 'string') templates.push(x);
    else if (Array.isArray(x)) x.forEach(walk);
    else if (x && typeof x === 'object') Object.values(x).forEach(walk);
  };
  walk(reviewsData);
  const esc = (c: string) => `\\${c}`;
  const token = new RegExp(
    `${esc(open)}([^${esc(open)}${esc(close)}|]*)\\|([^${esc(open)}${esc(close)}]*)${esc(close)}`,
    'g',
  );
  const words = (s: string) => s.toLowerCase().match(/[а-яё]+/g) ?? [];
  const female = new Set<string>();
  const elsewhere = new Set<string>();
  for (const t of templates) {
    for (const m of t.matchAll(token)) {
      for (const w of words(m[2])) female.add(w);
      for (const w of words(m[1])) elsewhere.add(w);
    }
    // Plain text and the other kind's tokens: such a word says nothing of this gender.
    for (const w of words(t.replace(token, ' '))) elsewhere.add(w);
  }
  for (const w of elsewhere) female.delete(w);
  return female;
}

const maleNames = new Set<string>([
  ...names.male.map(([n]) => n as string),
  ...Object.values(names.regional).flatMap((r) => r.male.map(([n]) => n as string)),
]);

describe('prices a patient would trust', () => {
  it('a doctor’s home visit costs at least the visit at the clinic', async () => {
    const bad = await offenders(`
      SELECT h.workplace_id || ': ' || c.price || ' / на дому ' || h.price AS x
      FROM workplace_prices h JOIN workplace_prices c ON c.workplace_id = h.workplace_id AND c.visit_type = 'clinic'
      WHERE h.visit_type = 'home' AND h.price < c.price
      ORDER BY h.workplace_id`);
    expectNone(bad, 'workplace: clinic / home');
    const [{ n }] = await rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM workplace_prices WHERE visit_type = 'home'`,
    );
    expect(n).toBeGreaterThan(0);
  });
});

describe('the demo clinic accounts take home visits where their staff could', () => {
  it('serve their own district and the two nearest once their doctors go home; the third account has one', async () => {
    const accounts = SIZES.small.clinicAccounts;
    const goHome = `EXISTS (SELECT 1 FROM workplaces w
      JOIN workplace_prices p ON p.workplace_id = w.id AND p.visit_type = 'home' WHERE w.clinic_id = c.id)`;
    const bad = await offenders(`
      SELECT c.id || ': ' || c.district_id || ' / ' || c.home_district_ids::text AS x FROM clinics c
      WHERE c.id <= ${accounts} AND ${goHome} AND c.district_id IS NOT NULL
        AND NOT (c.district_id = ANY (c.home_district_ids) AND cardinality(c.home_district_ids) = 3)
      ORDER BY c.id`);
    expectNone(bad, 'demo clinic: district / area');
    const outside = await offenders(`
      SELECT c.id AS x FROM clinics c
      WHERE cardinality(c.home_district_ids) > 0 AND (c.id > ${accounts} OR NOT ${goHome})`);
    expectNone(outside, 'clinic with an area and no home-visit doctor, or not a demo account');
    // The e2e scenario's clinic (tests/e2e/home-visit.spec.ts): +7 999 000-20-03.
    const [{ n }] = await rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM clinics c WHERE c.id = 3 AND ${goHome}`,
    );
    expect(n).toBe(1);
  });
});

describe('reviews stay coherent within themselves', () => {
  it('never speak of a son and a daughter as the one patient', async () => {
    const bad = await offenders(`
      SELECT id AS x FROM reviews
      WHERE text ~* '(^|[^а-яё])сын' AND text ~* '(^|[^а-яё])доч' ORDER BY id`);
    expectNone(bad, 'review ids');
  });

  it('keep the author’s gender: a man never writes “довольна” or “осталась” of himself', async () => {
    const female = femaleOnlyWords('[', ']');
    expect(female.has('довольна')).toBe(true);
    const all = await rows<{ id: number; author_name: string; text: string }>(
      `SELECT id, author_name, text FROM reviews WHERE text <> '' ORDER BY id`,
    );
    const bad = all
      .filter((r) => maleNames.has(r.author_name.split(' ')[0]))
      .flatMap((r) => {
        const hit = (r.text.toLowerCase().match(/[а-яё]+/g) ?? []).find((w) => female.has(w));
        return hit ? [`${r.id}:${hit}`] : [];
      });
    expectNone(bad, 'reviews by men with female forms');
  });

  it('keep the doctor’s gender: a male doctor is never “внимательна” or “выслушала”', async () => {
    const female = femaleOnlyWords('{', '}');
    const all = await rows<{ id: number; text: string }>(`
      SELECT r.id, r.text FROM reviews r JOIN doctors d ON d.id = r.doctor_id
      WHERE d.gender = 'M' ORDER BY r.id`);
    const bad = all.flatMap((r) => {
      const hit = (r.text.toLowerCase().match(/[а-яё]+/g) ?? []).find((w) => female.has(w));
      return hit ? [`${r.id}:${hit}`] : [];
    });
    expectNone(bad, 'reviews of male doctors with female forms');
  });
});

describe('doctors’ records repeat nothing', () => {
  it('has no publication, conference visit or membership twice for one doctor', async () => {
    const bad = await offenders(`
      SELECT doctor_id || ' ' || kind || ': ' || title AS x FROM doctor_activities
      GROUP BY doctor_id, kind, title, CASE WHEN kind = 'conference' THEN year END
      HAVING count(*) > 1 ORDER BY 1 LIMIT 50`);
    expectNone(bad, 'doctor kind: title');
  });

  it('has no refresher course twice for one doctor', async () => {
    const bad = await offenders(`
      SELECT d.id || ': ' || (e->>'title') AS x FROM doctors d, jsonb_array_elements(d.courses) e
      GROUP BY d.id, e->>'title' HAVING count(*) > 1 ORDER BY 1 LIMIT 50`);
    expectNone(bad, 'doctor: course');
  });
});

describe('doctor pages have long lists to fold', () => {
  it('gives many doctors more priced services than the page shows before “Показать весь список”', async () => {
    const [{ n }] = await rows<{ n: number }>(`
      SELECT count(*)::int AS n FROM (
        SELECT doctor_id FROM clinic_services WHERE doctor_id IS NOT NULL GROUP BY doctor_id HAVING count(*) > 5
      ) x`);
    expect(n).toBeGreaterThan(100);
  });
});

describe('the documents badge never contradicts its modal', () => {
  it('shows no badge over a document the modal calls invalid', async () => {
    const all = await rows<{
      id: number;
      license_number: string | null;
      education_confirmed: boolean;
      category_confirmed: boolean;
      category_expires_on: string | Date | null;
      science_confirmed: boolean;
      science_degree: number;
      professor: boolean;
    }>(`
      SELECT id, license_number, education_confirmed, category_confirmed,
             category_expires_on::text AS category_expires_on, science_confirmed, science_degree, professor
      FROM doctors ORDER BY id`);
    let badges = 0;
    const bad = all.flatMap((d) => {
      const docs = {
        licenseNumber: d.license_number,
        isEducationConfirmed: d.education_confirmed,
        isCategoryConfirmed: d.category_confirmed,
        categoryExpiresDate: d.category_expires_on === null ? null : String(d.category_expires_on),
        isScienceConfirmed: d.science_confirmed,
        scienceDocumentType: d.professor ? 3 : d.science_degree || null,
      };
      if (!showsVerifiedBadge(docs, TODAY)) return [];
      badges++;
      const expired =
        docs.isCategoryConfirmed && docs.categoryExpiresDate !== null && docs.categoryExpiresDate < TODAY;
      return expired ? [d.id] : [];
    });
    expect(badges).toBeGreaterThan(100);
    expectNone(bad, 'doctor ids');
  });
});

describe('demo pictures stay drawings', () => {
  it('give doctors only the drawn portraits (public/demo/portraits), and the demo accounts none', async () => {
    const bad = await offenders(
      `SELECT id || ':' || photo_url AS x FROM doctors
       WHERE photo_url IS NOT NULL AND (photo_url !~ '^/demo/portraits/[0-9]{2}\\.svg$' OR id <= 3)
       ORDER BY id LIMIT 50`,
    );
    expectNone(bad, 'doctor:photo');
    const [{ share }] = await rows<{ share: number }>(
      `SELECT avg((photo_url IS NOT NULL)::int)::float8 AS share FROM doctors`,
    );
    expect(share).toBeGreaterThan(0.5);
  });

  it('give clinics’ galleries drawn pictures and the drawn clip only (public/demo), captioned as such', async () => {
    const bad = await offenders(
      `SELECT clinic_id || ':' || src AS x FROM clinic_photos
       WHERE NOT (src ~ '^/demo/clinics/[0-9]{2}\\.svg$' AND caption LIKE '%(демонстрационный рисунок)' AND NOT is_video)
         AND NOT (src = '/demo/videos/clinic-tour.webm' AND caption LIKE '%(демонстрационный ролик, нарисован)' AND is_video)
       ORDER BY id LIMIT 50`,
    );
    expectNone(bad, 'clinic:picture');
    const [{ clinics }] = await rows<{ clinics: number }>(
      `SELECT count(DISTINCT clinic_id)::int AS clinics FROM clinic_photos`,
    );
    expect(clinics).toBeGreaterThan(10);
    const [{ withClip }] = await rows<{ withClip: number }>(
      `SELECT count(DISTINCT clinic_id)::int AS "withClip" FROM clinic_photos WHERE is_video`,
    );
    expect(withClip).toBeGreaterThan(5);
  });
});
