import { getTableColumns, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import { getTableConfig, type PgColumn, PgTable } from 'drizzle-orm/pg-core';
import * as ads from '../schema/ads';
import * as auth from '../schema/auth';
import * as booking from '../schema/booking';
import * as clinics from '../schema/clinics';
import * as club from '../schema/club';
import * as doctors from '../schema/doctors';
import * as favourites from '../schema/favourites';
import * as feedback from '../schema/feedback';
import * as reviews from '../schema/reviews';
import * as schedule from '../schema/schedule';
import * as services from '../schema/services';
import * as specialities from '../schema/specialities';
import * as towns from '../schema/towns';
import type { Executor } from './bulk';

/** Every table of the schema, found from the modules so a new table is never missed. */
export function schemaTables(): PgTable[] {
  const modules = [
    ads,
    auth,
    booking,
    clinics,
    club,
    doctors,
    favourites,
    feedback,
    reviews,
    schedule,
    services,
    specialities,
    towns,
  ] as Record<string, unknown>[];
  const out = modules.flatMap((mod) => Object.values(mod).filter((v): v is PgTable => v instanceof PgTable));
  return out.sort((a, b) => getTableConfig(a).name.localeCompare(getTableConfig(b).name));
}

/** Tables whose id is an identity column: their sequences must move past the explicit ids. */
export function identityTables(): PgTable[] {
  return schemaTables().filter((t) => {
    const id = (getTableColumns(t) as Record<string, PgColumn>).id;
    return id !== undefined && Boolean((id as unknown as { generatedIdentity?: unknown }).generatedIdentity);
  });
}

const columnName = (c: PgColumn) => (c.keyAsName ? toSnakeCase(c.name) : c.name);

/**
 * Checks every foreign key of the schema with one anti-join each. The seed loads with
 * per-row FK triggers off (much faster, above all on PGlite); this set-based check then
 * proves the data would have passed them. Throws naming the first broken reference.
 */
export async function verifyForeignKeys(db: Executor): Promise<void> {
  for (const table of schemaTables()) {
    const config = getTableConfig(table);
    for (const fk of config.foreignKeys) {
      const ref = fk.reference();
      const child = ref.columns.map(columnName);
      const parent = ref.foreignColumns.map(columnName);
      const parentTable = getTableConfig(ref.foreignTable).name;
      const join = child.map((c, i) => `p."${parent[i]}" = c."${c}"`).join(' AND ');
      const notNull = child.map((c) => `c."${c}" IS NOT NULL`).join(' AND ');
      const result = await db.execute(
        sql.raw(
          `SELECT count(*)::int AS n FROM "${config.name}" c WHERE ${notNull} AND NOT EXISTS (SELECT 1 FROM "${parentTable}" p WHERE ${join})`,
        ),
      );
      const n = (result.rows[0] as { n: number }).n;
      if (n > 0)
        throw new Error(
          `seed: ${n} rows of ${config.name}(${child.join(', ')}) reference missing ${parentTable} rows`,
        );
    }
  }
}
