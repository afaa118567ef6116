import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { clinics } from '../../db/schema/clinics';
import { doctorSpecialities, doctors } from '../../db/schema/doctors';
import { russianWords, simpleWords, surnameKey } from '../../db/schema/search-words';
import { serviceClasses, serviceSynonyms } from '../../db/schema/services';
import { specialities, treatments } from '../../db/schema/specialities';

export type CatalogueKind = 'speciality' | 'service' | 'treatment';
export type ServiceClassKind = (typeof serviceClasses.$inferSelect)['kind'];

/** A speciality, service or treatment that matched a query. */
export type CatalogueMatch = {
  kind: CatalogueKind;
  id: number;
  name: string;
  translit: string;
  /** Services: their class's name and directory section; null for the others. */
  className: string | null;
  classKind: ServiceClassKind | null;
  /** How well it matched: 2 by its own name, 1 by its service class, or a trigram similarity (0–1). */
  score: number;
};

export type DoctorMatch = {
  id: number;
  slug: string;
  lastName: string;
  firstName: string;
  patronymic: string | null;
  specialityIds: number[];
};

export type ClinicMatch = {
  id: number;
  slug: string;
  name: string;
  street: string;
  house: string;
};

/**
 * Below this word similarity a catalogue name is not offered as a typo's correction:
 * 'кордиолог' → 'Кардиолог' is 0.6, 'кордиологи' 0.45, 'кордиолог' → 'Анестезиолог' only 0.4.
 */
const TYPO_SIMILARITY = 0.42;

/** 'ив петр' → 'ив:* & петр:*': every word is the start of a word of the name. */
function prefixQuery(words: string[]): string {
  return words.map((w) => `${w}:*`).join(' & ');
}

/**
 * Every word either is a form of a catalogue word (stemmed: 'кардиологов' → 'кардиолог') or
 * starts one as typed ('терап' → 'терапевт'). Stemming the prefix itself would widen it
 * ('прима' → 'прим':* matches 'приём'), so the two are ORed, not combined.
 */
function catalogueQuery(words: string[]): SQL {
  return sql.join(
    words.map((w) => sql`(to_tsquery('russian', ${w}) || to_tsquery('simple', ${`${w}:*`}))`),
    sql` && `,
  );
}

const folded = (text: SQL | AnyPgColumn) => sql`replace(lower(${text}), 'ё', 'е')`;

export type SearchRepo = ReturnType<typeof createSearchRepo>;

export function createSearchRepo(db: Db) {
  return {
    /**
     * Specialities, services and treatments matching every word of the query, by PostgreSQL
     * full-text search with the Russian stemmer ('кардиологов' finds 'Кардиолог').
     * A service also matches through its class ('стоматология' lists the dental services).
     * Every branch repeats its GIN index's expression (server/db/schema/specialities.ts, services.ts).
     */
    async catalogueByWords(words: string[]): Promise<CatalogueMatch[]> {
      // The text query is built once (CTE q); each branch looks it up in its GIN index.
      const synonymMatches = sql`${russianWords(serviceSynonyms.name)} @@ q.tsq`;
      const { rows } = await db.execute<CatalogueMatch>(sql`
        WITH q AS MATERIALIZED (SELECT ${catalogueQuery(words)} AS tsq)
        SELECT 'speciality' AS kind, ${specialities.id}, ${specialities.name}, ${specialities.translit},
               NULL AS "className", NULL AS "classKind", 2 AS score
          FROM ${specialities}, q
         WHERE ${russianWords(sql`${specialities.name} || ' ' || ${specialities.namePlural}`)} @@ q.tsq
        UNION ALL
        SELECT 'treatment', ${treatments.id}, ${treatments.name}, ${treatments.translit}, NULL, NULL, 2
          FROM ${treatments}, q
         WHERE ${russianWords(treatments.name)} @@ q.tsq
        UNION ALL
        SELECT 'service', ${serviceSynonyms.id}, ${serviceSynonyms.name}, ${serviceSynonyms.translit},
               ${serviceClasses.name}, ${serviceClasses.kind}, CASE WHEN ${synonymMatches} THEN 2 ELSE 1 END
          FROM ${serviceSynonyms}
          JOIN ${serviceClasses} ON ${serviceClasses.id} = ${serviceSynonyms.classId}, q
         WHERE ${serviceSynonyms.classId} IN (
                 SELECT ${serviceClasses.id} FROM ${serviceClasses}, q WHERE ${russianWords(serviceClasses.name)} @@ q.tsq)
            OR ${serviceSynonyms.id} IN (SELECT ${serviceSynonyms.id} FROM ${serviceSynonyms}, q WHERE ${synonymMatches})`);
      return rows.map((r) => ({ ...r, id: Number(r.id), score: Number(r.score) }));
    },

    /**
     * Typo tolerance: catalogue names containing a word similar to the query, by pg_trgm's
     * word similarity ('кордиолог' finds 'Кардиолог'). A few hundred short names are scanned,
     * so this runs only when the word searches found nothing at all.
     */
    async catalogueBySimilarity(query: string): Promise<CatalogueMatch[]> {
      const q = query.replaceAll('ё', 'е');
      const similarity = (name: AnyPgColumn) => sql`word_similarity(${q}, ${folded(name)})`;
      // OFFSET 0 keeps the similarity computed once per row instead of again in the outer filter.
      const { rows } = await db.execute<CatalogueMatch>(sql`
        SELECT * FROM (
          SELECT 'speciality' AS kind, ${specialities.id}, ${specialities.name}, ${specialities.translit},
                 NULL AS "className", NULL AS "classKind", ${similarity(specialities.name)} AS score
            FROM ${specialities}
          UNION ALL
          SELECT 'treatment', ${treatments.id}, ${treatments.name}, ${treatments.translit}, NULL, NULL,
                 ${similarity(treatments.name)}
            FROM ${treatments}
          UNION ALL
          SELECT 'service', ${serviceSynonyms.id}, ${serviceSynonyms.name}, ${serviceSynonyms.translit},
                 ${serviceClasses.name}, ${serviceClasses.kind}, ${similarity(serviceSynonyms.name)}
            FROM ${serviceSynonyms}
            JOIN ${serviceClasses} ON ${serviceClasses.id} = ${serviceSynonyms.classId}
          OFFSET 0
        ) m
        WHERE score >= ${TYPO_SIMILARITY}
        ORDER BY score DESC`);
      return rows.map((r) => ({ ...r, id: Number(r.id), score: Number(r.score) }));
    },

    /**
     * A town's doctors by name: parts[0] is a prefix of the surname, parts[1] of the first
     * name, parts[2] of the patronymic; best rated first. The surname prefix is a range scan
     * of doctors_town_surname (parts carry no LIKE wildcards: core/search nameParts).
     */
    async doctorsByName(townId: number, parts: string[], limit: number): Promise<DoctorMatch[]> {
      const [surname, first, patronymic] = parts;
      const { rows } = await db.execute<DoctorMatch>(sql`
        SELECT ${doctors.id}, ${doctors.slug}, ${doctors.lastName} AS "lastName",
               ${doctors.firstName} AS "firstName", ${doctors.patronymic},
               ARRAY(SELECT ${doctorSpecialities.specialityId} FROM ${doctorSpecialities}
                      WHERE ${doctorSpecialities.doctorId} = ${doctors.id}
                      ORDER BY ${doctorSpecialities.isMain} DESC, ${doctorSpecialities.specialityId}) AS "specialityIds"
          FROM ${doctors}
         WHERE ${doctors.townId} = ${townId}
           AND ${surnameKey(doctors.lastName)} LIKE ${`${surname}%`}
           ${first ? sql`AND ${folded(doctors.firstName)} LIKE ${`${first}%`}` : sql``}
           ${patronymic ? sql`AND ${folded(doctors.patronymic)} LIKE ${`${patronymic}%`}` : sql``}
         ORDER BY ${doctors.rating} DESC, ${doctors.reviewsCount} DESC, ${doctors.id}
         LIMIT ${limit}`);
      return rows.map((r) => ({ ...r, id: Number(r.id), specialityIds: r.specialityIds.map(Number) }));
    },

    /** A town's clinics with words starting with the query's words ('simple' config), best rated first. */
    async clinicsByWords(townId: number, words: string[], limit: number): Promise<ClinicMatch[]> {
      const { rows } = await db.execute<ClinicMatch>(sql`
        SELECT ${clinics.id}, ${clinics.slug}, ${clinics.name}, ${clinics.street}, ${clinics.house}
          FROM ${clinics}
         WHERE ${clinics.townId} = ${townId}
           AND ${simpleWords(clinics.name)} @@ to_tsquery('simple', ${prefixQuery(words)})
         ORDER BY ${clinics.rating} DESC, ${clinics.reviewsCount} DESC, ${clinics.id}
         LIMIT ${limit}`);
      return rows.map((r) => ({ ...r, id: Number(r.id) }));
    },
  };
}
