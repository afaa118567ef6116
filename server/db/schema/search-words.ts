import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Word vectors of the header search (server/modules/search): its queries repeat these exact
 * expressions, so PostgreSQL answers them from the indexes below. 'ё' is folded to 'е' on both
 * sides. Catalogue names use the Russian stemmer; clinic names the 'simple' one (DESIGN.md).
 */
export const russianWords = (text: SQL | AnyPgColumn) =>
  sql`to_tsvector('russian', replace(lower(${text}), 'ё', 'е'))`;
export const simpleWords = (text: SQL | AnyPgColumn) =>
  sql`to_tsvector('simple', replace(lower(${text}), 'ё', 'е'))`;
/** A doctor's surname as the search compares it: prefix LIKE on a text_pattern_ops index. */
export const surnameKey = (lastName: AnyPgColumn) => sql`replace(lower(${lastName}), 'ё', 'е')`;
